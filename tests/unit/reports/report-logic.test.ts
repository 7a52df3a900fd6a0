import { describe, expect, it } from 'vitest';
import { extractPhoneNumbers, nextStepFor, telHref } from '@/features/reports/report-advice';
import {
  describeCriteria,
  readReportCriteria,
  toReportQuery,
  writeReportCriteria,
} from '@/features/reports/report-criteria';
import { tagColorOf } from '@/features/reports/components/report-result-tag';
import { seededReport } from './helpers';

describe('report advice', () => {
  it('finds landline and mobile numbers in the advice text', () => {
    expect(extractPhoneNumbers('请拨打 021-54880000（工作日）或 13800138000，重复 021-54880000')).toEqual([
      '021-54880000',
      '13800138000',
    ]);
    expect(extractPhoneNumbers('无电话')).toEqual([]);
    expect(telHref('021-54880000')).toBe('tel:02154880000');
  });

  it('a positive FIT result recommends a colonoscopy and says whom to call', () => {
    const next = nextStepFor(seededReport('positive'));
    expect(next.headline).toBe('建议尽快做结肠镜检查');
    expect(next.steps.join('')).toContain('1 个月内到医院消化内科做结肠镜检查');
    expect(next.phones).toEqual(['021-54880000']);
    expect(next.rescreenBy).toBeUndefined();
  });

  it('a negative result says when to screen again: a year after the report', () => {
    const report = { ...seededReport('negative'), reportedAt: '2026-03-05T10:00:00+08:00' };
    const next = nextStepFor(report);
    expect(next.headline).toBe('本次未发现异常');
    expect(next.rescreenBy).toBe('2027年3月');
    expect(next.steps[0]).toBe('建议在 2027年3月 前后再次参加大肠癌筛查。');
  });

  it('without a number in the advice, a positive result points to the institution', () => {
    const next = nextStepFor({
      ...seededReport('positive'),
      advice: '请尽快就医。',
      institution: '某某实验室',
    });
    expect(next.phones).toEqual([]);
    expect(next.steps[2]).toContain('请联系 某某实验室');
  });
});

describe('report criteria', () => {
  it('are kept per audience in sessionStorage and turn into the PageCheckReport body', () => {
    writeReportCriteria('work', { type: 'idCard', value: '11010519491231002X' });
    writeReportCriteria('check', { type: 'mine' });
    expect(readReportCriteria('work')).toEqual({ type: 'idCard', value: '11010519491231002X' });
    expect(readReportCriteria('check')).toEqual({ type: 'mine' });
    expect(toReportQuery({ type: 'idCard', value: 'X' })).toEqual({ idCard: 'X' });
    expect(toReportQuery({ type: 'tubeCode', value: 'CT1' })).toEqual({ tubeCode: 'CT1' });
    expect(toReportQuery({ type: 'mine' })).toEqual({ mine: true });
  });

  it('ignore corrupt entries and mask the ID card when shown', () => {
    sessionStorage.setItem('report-criteria:work', '{"type":"idCard"}');
    expect(readReportCriteria('work')).toBeNull();
    sessionStorage.setItem('report-criteria:work', 'not json');
    expect(readReportCriteria('work')).toBeNull();
    expect(describeCriteria({ type: 'idCard', value: '11010519491231002X' })).toBe(
      '身份证号 110105 ******** 002X',
    );
  });
});

describe('result tag colours', () => {
  it('map dictionary tag types to antd-mobile Tag colours, unknown ones to default', () => {
    expect(tagColorOf('danger')).toBe('danger');
    expect(tagColorOf('success')).toBe('success');
    expect(tagColorOf('purple')).toBe('default');
    expect(tagColorOf(undefined)).toBe('default');
  });
});
