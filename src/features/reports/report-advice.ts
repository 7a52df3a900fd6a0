import { addYears, formatChineseMonth, parseDateTime } from '@/lib/date-time';
import type { CheckReport } from '@/types/api';

/**
 * What a result means for the person, in plain words. The report's own `advice` text stays the
 * authority and is shown in full; this adds the next step and whom to contact in a form a phone can act on.
 */
export interface ReportNextStep {
  headline: string;
  steps: string[];
  /** Numbers to call, found in the advice text (landline or mobile). */
  phones: string[];
  /** Negative results: when to take part again. */
  rescreenBy?: string;
}

/** Spec-agnostic assumption matching the national programme: negative FIT → screen again in a year. */
const RESCREEN_AFTER_YEARS = 1;

const PHONE_PATTERN = /(?:\+?86[- ]?)?1[3-9]\d{9}|0\d{2,3}-?\d{7,8}/g;

export function extractPhoneNumbers(text: string): string[] {
  return [...new Set(text.match(PHONE_PATTERN) ?? [])];
}

/** `tel:` target for a number as written (hyphens and a +86 prefix are fine for dialers). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function nextStepFor(report: CheckReport): ReportNextStep {
  const phones = extractPhoneNumbers(report.advice);
  const institution = report.institution || '报告出具机构';
  if (report.result === 'positive') {
    return {
      headline: '建议尽快做结肠镜检查',
      steps: [
        '阳性表示粪便中发现了潜血，肠道可能有出血，需要进一步检查找出原因。阳性不等于患癌，请不要过度紧张。',
        '请在 1 个月内到医院消化内科做结肠镜检查，就诊时带上本报告和身份证。',
        phones.length > 0
          ? `可拨打下方电话预约检查，或向 ${institution} 咨询。`
          : `请联系 ${institution} 或您登记的社区卫生服务中心预约检查。`,
      ],
      phones,
    };
  }
  if (report.result !== 'negative') {
    // A result the app does not know: no advice of our own, the doctor's stands alone.
    return {
      headline: '请以医生建议为准',
      steps: [`如对结果有疑问，请联系 ${institution}。`],
      phones,
    };
  }
  const reportedAt = parseDateTime(report.reportedAt);
  const rescreenText = reportedAt ? formatChineseMonth(addYears(reportedAt, RESCREEN_AFTER_YEARS)) : '1 年后';
  return {
    headline: '本次未发现异常',
    steps: [
      `建议在 ${rescreenText} 前后再次参加大肠癌筛查。`,
      '平时保持清淡饮食，多吃蔬菜水果和粗粮，适量运动。',
      '如出现便血、排便习惯改变、腹痛或不明原因消瘦，请及时到医院就诊，不必等到下次筛查。',
    ],
    phones,
    rescreenBy: rescreenText,
  };
}
