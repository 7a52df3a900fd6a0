import { describe, expect, it } from 'vitest';
import { describeHome, reportBelongsTo, type Screening } from '@/features/home/check-overview';
import type { CheckReport, Registration } from '@/types/api';
import { draftResponse, registration, report } from './fixtures';

const REPORT_PATH = '/checkUserRepoetDetail?id=rpt-9001';
const LOOKUP_PATH = '/checkUserSearchType';

/** What a person reads on the card and in the to-do list, in one row. */
function seen(screening: Screening, urgentTitles: string[]) {
  return {
    stage: screening.stageText,
    tube: screening.tubeText,
    result: `${screening.resultText}${screening.resultDate}`,
    link: screening.reportLink,
    urgent: urgentTitles,
  };
}

function homeOf(registrations: Registration[], reports: CheckReport[]) {
  const home = describeHome({ registrations, reports, draftResponses: [] });
  const urgent = home.todos.filter((todo) => todo.urgent);
  return {
    ...home,
    urgent,
    row: seen(
      home.screenings[0],
      urgent.map((todo) => todo.title),
    ),
  };
}

const reportedTube = { code: 'CT2026100001', status: 'reported' } as const;
const testedTube = { code: 'CT2026100001', status: 'tested' } as const;
const NEGATIVE_LINE = '阴性（2026年10月8日出报告）';
const POSITIVE_LINE = '阳性（2026年10月8日出报告）';

describe('describeHome: status, tube, result line, 查看报告 and the urgent to-do agree', () => {
  // Every combination of how a report links (registrationId, tube code, neither), whether the
  // registration has a tube, and the result (positive, negative, a value the app does not know).
  const cases: {
    name: string;
    registration: Partial<Registration>;
    report?: Partial<CheckReport>;
    expected: ReturnType<typeof seen>;
  }[] = [
    {
      name: 'no report, no tube',
      registration: {},
      expected: {
        stage: '登记已提交，还没有绑定采样管',
        tube: '还没有绑定',
        result: '还没有结果',
        link: undefined,
        urgent: [],
      },
    },
    {
      name: 'no report, tube being tested',
      registration: { tube: testedTube },
      expected: {
        stage: '检测已完成，报告正在生成',
        tube: '检测已完成，报告正在生成（CT2026100001）',
        result: '还没有结果',
        link: undefined,
        urgent: [],
      },
    },
    {
      name: 'the tube says reported but no report here links to it',
      registration: { tube: reportedTube },
      report: { registrationId: undefined, tubeCode: '' },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: '报告已出，请点“查看报告”查看',
        link: LOOKUP_PATH,
        urgent: [],
      },
    },
    {
      name: 'negative, linked by registrationId',
      registration: { tube: reportedTube },
      report: {},
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: NEGATIVE_LINE,
        link: REPORT_PATH,
        urgent: [],
      },
    },
    {
      name: 'negative, linked by tube code (no registrationId)',
      registration: { tube: reportedTube },
      report: { registrationId: undefined },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: NEGATIVE_LINE,
        link: REPORT_PATH,
        urgent: [],
      },
    },
    {
      name: 'positive, linked by registrationId',
      registration: { tube: reportedTube },
      report: { result: 'positive' },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: POSITIVE_LINE,
        link: REPORT_PATH,
        urgent: ['您的检测结果需要进一步检查'],
      },
    },
    {
      name: 'positive, linked by tube code (no registrationId)',
      registration: { tube: reportedTube },
      report: { result: 'positive', registrationId: undefined },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: POSITIVE_LINE,
        link: REPORT_PATH,
        urgent: ['您的检测结果需要进一步检查'],
      },
    },
    {
      name: 'positive, linked by registrationId while the tube still says tested',
      registration: { tube: testedTube },
      report: { result: 'positive' },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: POSITIVE_LINE,
        link: REPORT_PATH,
        urgent: ['您的检测结果需要进一步检查'],
      },
    },
    {
      name: 'positive, linked by registrationId, the registration without a tube',
      registration: {},
      report: { result: 'positive' },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: POSITIVE_LINE,
        link: REPORT_PATH,
        urgent: ['您的检测结果需要进一步检查'],
      },
    },
    {
      name: 'positive without either link: the card has no result, the to-do is still there',
      registration: { tube: reportedTube },
      report: { result: 'positive', registrationId: undefined, tubeCode: '' },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: '报告已出，请点“查看报告”查看',
        link: LOOKUP_PATH,
        urgent: ['您的检测结果需要进一步检查'],
      },
    },
    {
      name: 'positive without either link, no tube',
      registration: {},
      report: { result: 'positive', registrationId: undefined, tubeCode: '' },
      expected: {
        stage: '登记已提交，还没有绑定采样管',
        tube: '还没有绑定',
        result: '还没有结果',
        link: undefined,
        urgent: ['您的检测结果需要进一步检查'],
      },
    },
    {
      name: "another registration's report (registrationId) with the same tube code",
      registration: { tube: reportedTube },
      report: { result: 'positive', registrationId: 'reg-other' },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: '报告已出，请点“查看报告”查看',
        link: LOOKUP_PATH,
        urgent: ['您的检测结果需要进一步检查'],
      },
    },
    {
      name: 'a result the app does not know, linked by tube code: the server’s text, no urgent to-do',
      registration: { tube: reportedTube },
      report: { result: '待复核', registrationId: undefined },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: '待复核（2026年10月8日出报告）',
        link: REPORT_PATH,
        urgent: [],
      },
    },
    {
      name: 'a report without a date: the result without the date',
      registration: { tube: reportedTube },
      report: { reportedAt: undefined },
      expected: {
        stage: '报告已出',
        tube: '报告已出（CT2026100001）',
        result: '阴性',
        link: REPORT_PATH,
        urgent: [],
      },
    },
    {
      name: 'an unbound tube with the same code does not link',
      registration: { tube: { code: 'CT2026100001', status: 'unbound' } },
      report: { registrationId: undefined },
      expected: {
        stage: '登记已提交，还没有绑定采样管',
        tube: '还没有绑定',
        result: '还没有结果',
        link: undefined,
        urgent: [],
      },
    },
  ];

  it.each(cases)('$name', ({ registration: fields, report: reportFields, expected }) => {
    const { row } = homeOf([registration(fields)], reportFields ? [report(reportFields)] : []);
    expect(row).toEqual(expected);
  });

  it('the urgent to-do leads to the report 查看报告 opens, first in the list', () => {
    const { todos, screenings } = homeOf(
      [registration({ tube: reportedTube })],
      [report({ result: 'positive', registrationId: undefined, advice: '建议尽快到医院做肠镜检查。' })],
    );
    expect(todos[0]).toMatchObject({ urgent: true, text: '建议尽快到医院做肠镜检查。', action: '查看报告' });
    expect(todos[0].to).toBe(screenings[0].reportLink);
  });

  it('an urgent to-do without advice still says what to do', () => {
    const { urgent } = homeOf(
      [registration({ tube: reportedTube })],
      [report({ result: 'positive', advice: '' })],
    );
    expect(urgent[0].text).toBe('请尽快查看报告，按报告的建议到医院做进一步检查。');
  });

  it('takes the newest linked report of a registration', () => {
    const older = report({ id: 'old', result: 'positive', reportedAt: '2025-01-01T00:00:00+08:00' });
    const newer = report({ id: 'new', reportedAt: '2026-01-01T00:00:00+08:00' });
    const { screenings, urgent } = homeOf([registration({ tube: reportedTube })], [older, newer]);
    expect(screenings[0].report?.id).toBe('new');
    expect(urgent).toEqual([]);
  });
});

describe('reportBelongsTo', () => {
  it.each([
    ['registrationId matches', report(), registration(), true],
    [
      'registrationId differs, tube code matches',
      report({ registrationId: 'x' }),
      registration({ tube: reportedTube }),
      false,
    ],
    [
      'no registrationId, tube code matches',
      report({ registrationId: undefined }),
      registration({ tube: reportedTube }),
      true,
    ],
    ['no registrationId, no tube', report({ registrationId: undefined }), registration(), false],
    [
      'no registrationId, no tube code',
      report({ registrationId: undefined, tubeCode: '' }),
      registration({ tube: { code: '', status: 'reported' } }),
      false,
    ],
  ])('%s', (_name, candidate, owner, expected) => {
    expect(reportBelongsTo(candidate, owner)).toBe(expected);
  });
});

describe('describeHome: the to-do list', () => {
  const none = { registrations: [], reports: [], draftResponses: [] };

  it('asks someone without a registration to register', () => {
    expect(describeHome(none).todos).toEqual([
      expect.objectContaining({ title: '还没有登记筛查信息', action: '去登记', to: '/checkUserInfoEnter' }),
    ]);
  });

  it('puts the own registration first and names the others', () => {
    const { screenings, todos } = describeHome({
      registrations: [
        registration({ id: 'b', name: '陈建国' }),
        registration({ id: 'a', status: 'draft' }),
        registration({ id: 'c', name: '陈小明', tube: { code: 'CT9', status: 'bound' } }),
        registration({ id: 'd', name: '陈大明', tube: { code: 'CT8', status: 'tested' } }),
      ],
      reports: [],
      draftResponses: [],
      ownRegistrationId: 'a',
    });
    expect(screenings.map((screening) => [screening.registration.id, screening.own])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
      ['d', false],
    ]);
    expect(todos.map(({ title, action, to }) => ({ title, action, to }))).toEqual([
      { title: '您的登记还没有提交', action: '去提交', to: '/checkUserInfoDetail?id=a' },
      { title: '陈建国还没有绑定采样管', action: '去绑定', to: '/checkUserInfoDetail?id=b' },
      { title: '采样管已绑定，尚未采样', action: '查看详情', to: '/checkUserInfoDetail?id=c' },
    ]);
    expect(todos[2].text).toContain('提醒陈小明');
  });

  it('reads without the display fields a server left out (name, institution, questionnaire title)', () => {
    const { screenings, todos } = describeHome({
      registrations: [
        registration({ id: 'a', name: '', institutionName: '' }),
        registration({ id: 'b', name: '', institutionName: '', tube: { code: 'CT9', status: 'bound' } }),
      ],
      reports: [],
      draftResponses: [draftResponse({ questionnaireTitle: '', registrationId: 'a' })],
      ownRegistrationId: 'a',
    });
    expect(screenings.map((screening) => screening.name)).toEqual(['', '']);
    expect(todos.map((todo) => `${todo.title}：${todo.text}`)).toEqual([
      '您还没有绑定采样管：请到登记的社区卫生服务中心领取采样管，然后点下面的按钮扫码绑定。',
      '采样管已绑定，尚未采样：请提醒受检者（CT9）按采样管说明书采集样本，然后尽快把采样管交回登记的社区卫生服务中心。',
      '问卷未完成：有一份问卷还没有填完，填完后请点“提交问卷”。',
    ]);
  });

  it('asks for the health questionnaire of a registration without one, unless a draft is under way', () => {
    const without = registration({
      id: 'r1',
      questionnaireResponseId: undefined,
      tube: { code: 'CT1', status: 'sampled' },
    });
    expect(describeHome({ registrations: [without], reports: [], draftResponses: [] }).todos).toEqual([
      expect.objectContaining({
        title: '您还没有填写健康问卷',
        action: '去填写',
        to: '/checkUserQuestionnaireDetail?registrationId=r1',
      }),
    ]);
    const { todos } = describeHome({
      registrations: [without],
      reports: [],
      draftResponses: [draftResponse({ registrationId: 'r1' })],
    });
    expect(todos.map((todo) => todo.title)).toEqual(['问卷未完成']);
  });

  it('a family member’s questionnaire to-do speaks of that person, not of 您', () => {
    const { todos } = describeHome({
      registrations: [
        registration({ id: 'a', questionnaireResponseId: 'q-a' }),
        registration({ id: 'b', name: '陈建国', questionnaireResponseId: undefined }),
      ],
      reports: [],
      draftResponses: [],
      ownRegistrationId: 'a',
    });
    const answer = todos.find((todo) => todo.key === 'answer-b');
    expect(answer).toMatchObject({
      title: '陈建国还没有填写健康问卷',
      text: '问卷能帮助医生了解陈建国的情况，请抽空填写。',
    });
  });

  it('puts a positive result before the unfinished questionnaire', () => {
    const { todos } = describeHome({
      registrations: [registration({ tube: reportedTube })],
      reports: [report({ result: 'positive' })],
      draftResponses: [draftResponse()],
    });
    expect(todos.map((todo) => todo.title)).toEqual(['您的检测结果需要进一步检查', '问卷未完成']);
  });
});

describe('describeHome: where 查看报告 leads', () => {
  const HUSBAND_ID_CARD = '310104195908020013';
  const LIST = { to: '/checkUserRepoetList', mine: true };
  const CHOOSER = { to: LOOKUP_PATH };
  const entryOf = (registrations: Registration[], reports: CheckReport[]) =>
    describeHome({ registrations, reports, draftResponses: [] }).reportsEntry;

  it.each([
    ['one person, one report: the report', [registration()], [report()], { to: REPORT_PATH }],
    ['one person, two reports: their list', [registration()], [report(), report({ id: 'rpt-9002' })], LIST],
    ['one person, no report yet: their list', [registration()], [], LIST],
    [
      'one person registered twice (one ID number), one report: the report',
      [registration(), registration({ id: 'reg-9002' })],
      [report()],
      { to: REPORT_PATH },
    ],
    [
      'two people: the choice',
      [registration(), registration({ id: 'reg-9002', name: '陈建国', idCard: HUSBAND_ID_CARD })],
      [report()],
      CHOOSER,
    ],
    [
      'two registrations without ID numbers (a server that leaves them out): the choice',
      [registration({ idCard: '' }), registration({ id: 'reg-9002', idCard: '' })],
      [],
      CHOOSER,
    ],
    [
      'a report linked to no registration, of another ID number: the choice',
      [registration()],
      [report({ registrationId: undefined, tubeCode: '', idCard: HUSBAND_ID_CARD })],
      CHOOSER,
    ],
    [
      'a report linked to no registration and without an ID number: the choice',
      [registration()],
      [report({ registrationId: undefined, tubeCode: '', idCard: '' })],
      CHOOSER,
    ],
    [
      'a report linked to no registration, of the registration’s ID number: the report',
      [registration()],
      [report({ registrationId: undefined, tubeCode: '' })],
      { to: REPORT_PATH },
    ],
    ['nobody known: the choice', [], [], CHOOSER],
  ])('%s', (_name, registrations, reports, expected) => {
    expect(entryOf(registrations, reports)).toEqual(expected);
  });
});
