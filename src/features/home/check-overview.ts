import { formatChineseDate, parseDateTime } from '@/lib/date-time';
import { normalizeIdCard } from '@/lib/id-card';
import { paths, withQuery } from '@/config/paths';
import { SUBMIT_ANSWERS_LABEL } from '@/features/questionnaires';
import {
  labelOf,
  REPORT_RESULT_LABELS,
  type CheckReport,
  type Open,
  type QuestionnaireResponse,
  type Registration,
  type RegistrationStatus,
} from '@/types/api';
import { personKeyOf } from './known-people';

/**
 * What the check-user home says about each registration and what the user should do next, in plain
 * words for older users. Pure: the page loads the data, this decides the words and the links.
 */

/** Where one person's screening stands: the registration status, then the tube's. */
type ScreeningStage = 'draft' | 'no-tube' | 'bound' | 'sampled' | 'received' | 'tested' | 'reported';

/** A tube status the app does not know is kept as the server's text (and shown as it is). */
function stageOf(registration: Registration): Open<ScreeningStage> {
  if (registration.status === 'draft') return 'draft';
  const status = registration.tube?.status;
  if (!status || status === 'unbound') return 'no-tube';
  return status;
}

const STAGE_TEXT: Readonly<Record<ScreeningStage, string>> = {
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

/**
 * Whether a report belongs to a registration: by its `registrationId` when it has one, else by the tube
 * code of the registration's bound tube (both links are optional in the contract).
 */
export function reportBelongsTo(report: CheckReport, registration: Registration): boolean {
  if (report.registrationId) return report.registrationId === registration.id;
  const tube = registration.tube;
  return report.tubeCode !== '' && tube?.status !== 'unbound' && report.tubeCode === tube?.code;
}

/** The newest report of a registration (reports arrive newest first, but do not rely on it). */
function latestReportFor(
  registration: Registration,
  reports: readonly CheckReport[],
): CheckReport | undefined {
  return reports
    .filter((report) => reportBelongsTo(report, registration))
    .sort((a, b) => reportedMs(b) - reportedMs(a))[0];
}

/** How the result line reads: the linked report's result, or why there is none to show here. */
export type ResultTone = 'positive' | 'negative' | 'other' | 'none';

/**
 * Everything the home says about one registration, from one derivation, so that its status, tube,
 * result line, 查看报告 and the urgent to-do cannot disagree: a linked report means 报告已出 whatever
 * the tube's status says, and a tube that says 报告已出 without a report here sends the person to the
 * report lookup rather than saying there is no result.
 */
export interface Screening {
  registration: Registration;
  /** The user's own registration (本人). */
  own: boolean;
  /** The name as shown, or '' when the answer had none (the page then shows —). */
  name: string;
  stage: Open<ScreeningStage>;
  /** The stage in plain words (the server's text for a tube status the app does not know). */
  stageText: string;
  tubeText: string;
  /** The newest report linked to this registration. */
  report?: CheckReport;
  resultTone: ResultTone;
  resultText: string;
  /** '（2026年10月8日出报告）' when the report has a date. */
  resultDate: string;
  /** Where 查看报告 leads: the linked report, or the report lookup when only the tube says reported. */
  reportLink?: string;
}

function formatReportDate(value: string | undefined): string {
  return parseDateTime(value) ? `（${formatChineseDate(value)}出报告）` : '';
}

function describeResult(
  report: CheckReport | undefined,
  stage: Open<ScreeningStage>,
): Pick<Screening, 'resultTone' | 'resultText' | 'resultDate' | 'reportLink'> {
  if (report) {
    const known = report.result === 'positive' || report.result === 'negative';
    const tone: ResultTone = known ? (report.result as ResultTone) : 'other';
    return {
      resultTone: tone,
      resultText: labelOf(REPORT_RESULT_LABELS, report.result),
      resultDate: formatReportDate(report.reportedAt),
      reportLink: withQuery(paths.checkUserRepoetDetail, { id: report.id }),
    };
  }
  if (stage === 'reported') {
    return {
      resultTone: 'none',
      resultText: '报告已出，请点“查看报告”查看',
      resultDate: '',
      reportLink: paths.checkUserSearchType,
    };
  }
  return { resultTone: 'none', resultText: '还没有结果', resultDate: '' };
}

function describeScreening(
  registration: Registration,
  reports: readonly CheckReport[],
  ownRegistrationId: string | undefined,
): Screening {
  const report = latestReportFor(registration, reports);
  const stage = report ? 'reported' : stageOf(registration);
  const stageText = labelOf(STAGE_TEXT, stage);
  const boundCode = stage === 'draft' || stage === 'no-tube' ? undefined : registration.tube?.code;
  const code = boundCode ?? report?.tubeCode;
  let tubeText = '还没有绑定';
  if (code) tubeText = `${stageText}（${code}）`;
  else if (report) tubeText = stageText;
  return {
    registration,
    own: registration.id === ownRegistrationId,
    name: registration.name,
    stage,
    stageText,
    tubeText,
    report,
    ...describeResult(report, stage),
  };
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

export interface HomeInput {
  registrations: readonly Registration[];
  reports: readonly CheckReport[];
  /** The user's questionnaire answers still in draft. */
  draftResponses: readonly QuestionnaireResponse[];
  /** The user's own registration (UserProfile.registrationId), to say "您" rather than the name. */
  ownRegistrationId?: string;
}

/** Where the home's 查看报告 leads (reportsEntryOf). */
export interface ReportsEntry {
  to: string;
  /** The list of the account's own reports (PageCheckReport mine): its criteria are set as it is opened. */
  mine?: true;
}

export interface HomeOverview {
  /** The user's own registration first, then the ones they entered (e.g. family), in the answer's order. */
  screenings: Screening[];
  /** Most pressing first: a positive result, then each next step. */
  todos: Todo[];
  reportsEntry: ReportsEntry;
}

/**
 * Where 查看报告 leads, from what the home knows: one person's only report opens at once, one person's
 * reports are their list, and with two people (or nobody known) the person chooses how to look. A
 * report linked to none of the registrations is someone else unless its ID number says whose it is.
 */
function reportsEntryOf(
  registrations: readonly Registration[],
  reports: readonly CheckReport[],
): ReportsEntry {
  const people = new Set(registrations.map(personKeyOf));
  for (const report of reports) {
    const registration = registrations.find((candidate) => reportBelongsTo(report, candidate));
    people.add(
      registration ? personKeyOf(registration) : normalizeIdCard(report.idCard) || `report:${report.id}`,
    );
  }
  if (people.size !== 1) return { to: paths.checkUserSearchType };
  if (reports.length === 1) return { to: withQuery(paths.checkUserRepoetDetail, { id: reports[0].id }) };
  return { to: paths.checkUserRepoetList, mine: true };
}

/**
 * Who a to-do speaks of: "您" for the user's own (or only) registration, else the person's name; without
 * one, the tube's code tells two nameless registrations apart.
 */
function whose(screening: Screening, multiple: boolean): string {
  if (screening.own || !multiple) return '您';
  if (screening.name) return screening.name;
  const code = screening.registration.tube?.code;
  return code ? `受检者（${code}）` : '受检者';
}

/** Where the tube is collected and handed back; the sentence still reads without the name. */
function placeOf(registration: Registration): string {
  return registration.institutionName || '登记的社区卫生服务中心';
}

const POSITIVE_ADVICE = '请尽快查看报告，按报告的建议到医院做进一步检查。';

function positiveTodo(report: CheckReport, who: string): Todo {
  return {
    key: `positive-${report.id}`,
    title: `${who}的检测结果需要进一步检查`,
    text: report.advice || POSITIVE_ADVICE,
    action: '查看报告',
    to: withQuery(paths.checkUserRepoetDetail, { id: report.id }),
    urgent: true,
  };
}

function stageTodo(screening: Screening, who: string): Todo | undefined {
  const { registration } = screening;
  const detail = withQuery(paths.checkUserInfoDetail, { id: registration.id });
  switch (screening.stage) {
    case 'draft':
      return {
        key: `draft-${registration.id}`,
        title: `${who}的登记还没有提交`,
        text: '请核对登记信息，然后点“提交登记”。提交后才能绑定采样管。',
        action: '去提交',
        to: detail,
      };
    case 'no-tube':
      return {
        key: `tube-${registration.id}`,
        title: `${who}还没有绑定采样管`,
        text: `请到${placeOf(registration)}领取采样管，然后点下面的按钮扫码绑定。`,
        action: '去绑定',
        to: detail,
      };
    case 'bound':
      return {
        key: `sample-${registration.id}`,
        title: '采样管已绑定，尚未采样',
        text: `请${who === '您' ? '' : `提醒${who}`}按采样管说明书采集样本，然后尽快把采样管交回${placeOf(registration)}。`,
        action: '查看详情',
        to: detail,
      };
    default:
      return undefined;
  }
}

/** The check-user home: each registration's state and the to-do list, from one derivation. */
export function describeHome({
  registrations,
  reports,
  draftResponses,
  ownRegistrationId,
}: HomeInput): HomeOverview {
  const ordered = [...registrations].sort(
    (a, b) => Number(b.id === ownRegistrationId) - Number(a.id === ownRegistrationId),
  );
  const screenings = ordered.map((registration) =>
    describeScreening(registration, reports, ownRegistrationId),
  );
  const multiple = screenings.length > 1;
  const urgent: Todo[] = [];
  const todos: Todo[] = [];
  if (screenings.length === 0) {
    todos.push({
      key: 'register',
      title: '还没有登记筛查信息',
      text: '请先填写登记信息，提交后就可以领取采样管。',
      action: '去登记',
      to: paths.checkUserInfoEnter,
    });
  }
  for (const screening of screenings) {
    const { registration, report } = screening;
    const who = whose(screening, multiple);
    const next = stageTodo(screening, who);
    if (next) todos.push(next);
    const hasDraftAnswer = draftResponses.some((response) => response.registrationId === registration.id);
    if (!registration.questionnaireResponseId && !hasDraftAnswer) {
      todos.push({
        key: `answer-${registration.id}`,
        title: `${who}还没有填写健康问卷`,
        text: `问卷能帮助医生了解${who}的情况，请抽空填写。`,
        action: '去填写',
        to: withQuery(paths.checkUserQuestionnaireDetail, { registrationId: registration.id }),
      });
    }
    if (report?.result === 'positive') urgent.push(positiveTodo(report, who));
  }
  // A positive report that links to none of these registrations still asks for action: missing a
  // positive result is worse than a to-do that names no registration.
  for (const report of reports) {
    if (report.result !== 'positive') continue;
    if (screenings.some((screening) => reportBelongsTo(report, screening.registration))) continue;
    urgent.push(positiveTodo(report, multiple && report.personName ? report.personName : '您'));
  }
  for (const response of draftResponses) {
    todos.push({
      key: `questionnaire-${response.id}`,
      title: '问卷未完成',
      text: `${response.questionnaireTitle ? `“${response.questionnaireTitle}”` : '有一份问卷'}还没有填完，填完后请点“${SUBMIT_ANSWERS_LABEL}”。`,
      action: '继续填写',
      to: withQuery(paths.checkUserQuestionnaireDetail, { responseId: response.id }),
    });
  }
  return { screenings, todos: [...urgent, ...todos], reportsEntry: reportsEntryOf(registrations, reports) };
}
