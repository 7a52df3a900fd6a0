import { paths, withQuery } from '@/config/paths';
import type { CheckReport, Open, QuestionnaireResponse, Registration, RegistrationStatus } from '@/types/api';

/**
 * What the check-user home says about each registration and what the user should do next, in plain
 * words for older users. Pure: the page loads the data, this decides the words and the links.
 */

/** Where one person's screening stands: the registration status, then the tube's. */
export type ScreeningStage = 'draft' | 'no-tube' | 'bound' | 'sampled' | 'received' | 'tested' | 'reported';

/** A tube status the app does not know is kept as the server's text (and shown as it is). */
export function stageOf(registration: Registration): Open<ScreeningStage> {
  if (registration.status === 'draft') return 'draft';
  const status = registration.tube?.status;
  if (!status || status === 'unbound') return 'no-tube';
  return status;
}

export const STAGE_TEXT: Readonly<Record<ScreeningStage, string>> = {
  draft: '登记还没有提交',
  'no-tube': '登记已提交，还没有绑定采样管',
  bound: '采样管已绑定，尚未采样',
  sampled: '已采样，等待送到实验室',
  received: '实验室已收到样本，正在检测',
  tested: '检测已完成，报告正在生成',
  reported: '报告已出',
};

export const REGISTRATION_TEXT: Readonly<Record<RegistrationStatus, string>> = {
  draft: '还没有提交',
  submitted: '已提交',
};

/** A report without its date (a display-only field) sorts as the oldest. */
function reportedMs(report: CheckReport): number {
  return (report.reportedAt && Date.parse(report.reportedAt)) || 0;
}

/** The newest report of a registration (reports arrive newest first, but do not rely on it). */
export function latestReportFor(
  registrationId: string,
  reports: readonly CheckReport[],
): CheckReport | undefined {
  return reports
    .filter((report) => report.registrationId === registrationId)
    .sort((a, b) => reportedMs(b) - reportedMs(a))[0];
}

export interface Todo {
  /** Stable React key. */
  key: string;
  title: string;
  text: string;
  /** Button text: the next step in two to four characters. */
  action: string;
  to: string;
  /** Shown first and highlighted: a positive result. */
  urgent?: boolean;
}

export interface TodoInput {
  registrations: readonly Registration[];
  reports: readonly CheckReport[];
  /** The user's questionnaire answers still in draft. */
  draftResponses: readonly QuestionnaireResponse[];
  /** The user's own registration (UserProfile.registrationId), to say "您" rather than the name. */
  ownRegistrationId?: string;
}

function whose(registration: Registration, ownRegistrationId: string | undefined, multiple: boolean): string {
  if (registration.id === ownRegistrationId || !multiple) return '您';
  return registration.name;
}

/** The to-do list of the check-user home, most pressing first. */
export function buildTodos({ registrations, reports, draftResponses, ownRegistrationId }: TodoInput): Todo[] {
  const urgent: Todo[] = [];
  const todos: Todo[] = [];
  if (registrations.length === 0) {
    todos.push({
      key: 'register',
      title: '还没有登记筛查信息',
      text: '请先填写登记信息，提交后就可以领取采样管。',
      action: '去登记',
      to: paths.checkUserInfoEnter,
    });
  }
  const multiple = registrations.length > 1;
  for (const registration of registrations) {
    const who = whose(registration, ownRegistrationId, multiple);
    const detail = withQuery(paths.checkUserInfoDetail, { id: registration.id });
    switch (stageOf(registration)) {
      case 'draft':
        todos.push({
          key: `draft-${registration.id}`,
          title: `${who}的登记还没有提交`,
          text: '请核对登记信息，然后点“提交登记”。提交后才能绑定采样管。',
          action: '去提交',
          to: detail,
        });
        break;
      case 'no-tube':
        todos.push({
          key: `tube-${registration.id}`,
          title: `${who}还没有绑定采样管`,
          text: `请到${registration.institutionName}领取采样管，然后点下面的按钮扫码绑定。`,
          action: '去绑定',
          to: detail,
        });
        break;
      case 'bound':
        todos.push({
          key: `sample-${registration.id}`,
          title: '采样管已绑定，尚未采样',
          text: `请${who === '您' ? '' : `提醒${who}`}按采样管说明书采集样本，然后尽快把采样管交回${registration.institutionName}。`,
          action: '查看详情',
          to: detail,
        });
        break;
      default:
        break;
    }
    const hasDraftAnswer = draftResponses.some((response) => response.registrationId === registration.id);
    if (!registration.questionnaireResponseId && !hasDraftAnswer) {
      todos.push({
        key: `answer-${registration.id}`,
        title: `${who}还没有填写健康问卷`,
        text: '问卷能帮助医生了解您的情况，请抽空填写。',
        action: '去填写',
        to: withQuery(paths.checkUserQuestionnaireDetail, { registrationId: registration.id }),
      });
    }
    const report = latestReportFor(registration.id, reports);
    if (report?.result === 'positive') {
      urgent.push({
        key: `positive-${report.id}`,
        title: `${who}的检测结果需要进一步检查`,
        text: report.advice,
        action: '查看报告',
        to: withQuery(paths.checkUserRepoetDetail, { id: report.id }),
        urgent: true,
      });
    }
  }
  for (const response of draftResponses) {
    todos.push({
      key: `questionnaire-${response.id}`,
      title: '问卷未完成',
      text: `“${response.questionnaireTitle}”还没有填完，填完后请点“提交”。`,
      action: '继续填写',
      to: withQuery(paths.checkUserQuestionnaireDetail, { responseId: response.id }),
    });
  }
  return [...urgent, ...todos];
}
