import { RESULT_TURNAROUND, SAMPLE_RETURN_DAYS, SCREENING_AGE } from '@/config/screening';
import type { Answers, GenderCode, ReportResult, SamplingTubeStatus, TubeTimelineEntry } from '@/types/api';
import type {
  AttachmentSource,
  DemoState,
  DemoTube,
  DemoUser,
  StoredMessage,
  StoredRegistration,
  StoredReport,
  StoredResponse,
  StoredAnnouncement,
} from './demo-state';
import { makeIdCard } from './id-card-generator';
import { buildPdf } from './pdf';
import {
  HOSPITAL_LIST_TEXT,
  LIFESTYLE_QUESTIONNAIRE_ID,
  NEGATIVE_ADVICE,
  POSITIVE_ADVICE,
  RISK_QUESTIONNAIRE_ID,
  SAMPLING_GUIDE_LINES,
  screeningBannerDataUri,
  seedDictionaries,
  seedQuestionnaires,
} from './seed-content';
import { DAY_MS, HOUR_MS, MINUTE_MS, toChinaIso } from './time';

/** Demo accounts (docs: staff admin/123456 and worker/123456; check users log in through any WeChat code). */
const DEMO_PASSWORD = '123456';
export const ADMIN_USER_ID = '1';
const WORKER_USER_ID = '2';
export const CHECK_USER_ID = '3';
const INSTITUTION = '徐汇区枫林街道社区卫生服务中心';
const LAB = '枫林医学检验实验室';
/** A session that has expired, for demonstrating and testing HTTP 401. */
export const EXPIRED_DEMO_TOKEN = 'demo-token-expired';
/** Spare tubes in stock, never bound: CT2026110001 … CT2026110012. */
export const SPARE_TUBE_CODES = Array.from(
  { length: 12 },
  (_, i) => `CT20261100${String(i + 1).padStart(2, '0')}`,
);
/** A tube that was bound by mistake, then unbound: in stock again, with history. */
const REUSED_TUBE_CODE = 'CT2026110013';

/** Deterministic pseudo-random numbers, so every reset gives the same people. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a person is in the journey: a registration without a tube, or the status of their tube. */
type Stage = 'draft' | 'submitted' | Exclude<SamplingTubeStatus, 'unbound'>;

interface Person {
  name: string;
  gender: GenderCode;
  birthDate: string;
  area: string;
  stage: Stage;
  result?: ReportResult;
  familyHistory?: boolean;
}

/** 36 people in every stage of the journey. The first is the demo check user, the second her husband. */
const PEOPLE: Person[] = [
  {
    name: '张秀英',
    gender: '2',
    birthDate: '1962-03-15',
    area: '310104',
    stage: 'reported',
    result: 'negative',
  },
  { name: '陈建国', gender: '1', birthDate: '1959-08-02', area: '310104', stage: 'sampled' },
  {
    name: '李国华',
    gender: '1',
    birthDate: '1958-11-21',
    area: '310104',
    stage: 'reported',
    result: 'negative',
  },
  {
    name: '王桂兰',
    gender: '2',
    birthDate: '1961-05-09',
    area: '310104',
    stage: 'reported',
    result: 'positive',
    familyHistory: true,
  },
  {
    name: '刘志强',
    gender: '1',
    birthDate: '1965-01-30',
    area: '310106',
    stage: 'reported',
    result: 'negative',
  },
  {
    name: '赵美玲',
    gender: '2',
    birthDate: '1968-07-14',
    area: '310105',
    stage: 'reported',
    result: 'negative',
  },
  {
    name: '孙德明',
    gender: '1',
    birthDate: '1955-12-03',
    area: '310107',
    stage: 'reported',
    result: 'positive',
  },
  {
    name: '周丽华',
    gender: '2',
    birthDate: '1963-09-27',
    area: '310104',
    stage: 'reported',
    result: 'negative',
  },
  {
    name: '吴海涛',
    gender: '1',
    birthDate: '1970-04-18',
    area: '310112',
    stage: 'reported',
    result: 'positive',
    familyHistory: true,
  },
  { name: '郑淑珍', gender: '2', birthDate: '1957-02-11', area: '310109', stage: 'tested' },
  { name: '黄永平', gender: '1', birthDate: '1960-06-06', area: '310110', stage: 'tested' },
  {
    name: '徐凤英',
    gender: '2',
    birthDate: '1966-10-22',
    area: '310104',
    stage: 'tested',
    familyHistory: true,
  },
  { name: '朱文斌', gender: '1', birthDate: '1972-03-08', area: '310115', stage: 'received' },
  { name: '胡秀兰', gender: '2', birthDate: '1959-01-17', area: '310104', stage: 'received' },
  { name: '郭建华', gender: '1', birthDate: '1964-08-29', area: '310106', stage: 'received' },
  { name: '何玉梅', gender: '2', birthDate: '1969-12-12', area: '310104', stage: 'received' },
  { name: '高志刚', gender: '1', birthDate: '1956-04-25', area: '310105', stage: 'sampled' },
  { name: '林慧敏', gender: '2', birthDate: '1971-11-05', area: '310104', stage: 'sampled' },
  { name: '罗振宇', gender: '1', birthDate: '1967-07-19', area: '310107', stage: 'sampled' },
  { name: '梁金凤', gender: '2', birthDate: '1958-03-31', area: '310104', stage: 'sampled' },
  { name: '宋建军', gender: '1', birthDate: '1962-09-09', area: '310112', stage: 'bound' },
  { name: '谢桂芳', gender: '2', birthDate: '1960-02-14', area: '310104', stage: 'bound' },
  { name: '唐国强', gender: '1', birthDate: '1954-10-01', area: '310109', stage: 'bound' },
  { name: '韩雪梅', gender: '2', birthDate: '1973-05-23', area: '310104', stage: 'bound' },
  { name: '冯德胜', gender: '1', birthDate: '1961-12-28', area: '310110', stage: 'bound' },
  { name: '曹丽娟', gender: '2', birthDate: '1965-06-16', area: '310104', stage: 'bound' },
  { name: '彭志明', gender: '1', birthDate: '1957-08-08', area: '310104', stage: 'submitted' },
  {
    name: '邓红霞',
    gender: '2',
    birthDate: '1970-01-04',
    area: '310115',
    stage: 'submitted',
    familyHistory: true,
  },
  { name: '许卫东', gender: '1', birthDate: '1963-04-12', area: '310104', stage: 'submitted' },
  { name: '傅淑英', gender: '2', birthDate: '1955-09-19', area: '310104', stage: 'submitted' },
  { name: '沈建平', gender: '1', birthDate: '1968-02-26', area: '310106', stage: 'submitted' },
  { name: '曾小红', gender: '2', birthDate: '1966-11-30', area: '310104', stage: 'submitted' },
  { name: '吕永强', gender: '1', birthDate: '1959-05-05', area: '310105', stage: 'draft' },
  { name: '苏桂英', gender: '2', birthDate: '1962-07-07', area: '310104', stage: 'draft' },
  { name: '蒋国庆', gender: '1', birthDate: '1964-10-01', area: '310107', stage: 'draft' },
  { name: '蔡玉兰', gender: '2', birthDate: '1957-04-20', area: '310104', stage: 'draft' },
];

const DISTRICTS: Record<string, { name: string; roads: string[] }> = {
  '310104': { name: '徐汇区', roads: ['枫林路', '零陵路', '东安路', '斜土路'] },
  '310105': { name: '长宁区', roads: ['天山路', '仙霞路'] },
  '310106': { name: '静安区', roads: ['延长中路', '共和新路'] },
  '310107': { name: '普陀区', roads: ['曹杨路', '武宁路'] },
  '310109': { name: '虹口区', roads: ['四平路', '曲阳路'] },
  '310110': { name: '杨浦区', roads: ['控江路', '国和路'] },
  '310112': { name: '闵行区', roads: ['莘庄路', '七莘路'] },
  '310115': { name: '浦东新区', roads: ['张杨路', '潍坊路'] },
};

const CONTACT_GIVEN_NAMES = ['建华', '丽萍', '晓东', '静', '伟', '敏', '海燕', '志勇', '婷', '磊'];
const MOBILE_PREFIXES = ['138', '139', '135', '186', '158', '150', '177', '189', '137', '152'];

/** Days before "now" that a person in each stage registered. */
const STAGE_AGE_DAYS: Record<Exclude<Stage, 'unbound'>, [number, number]> = {
  reported: [18, 60],
  tested: [9, 12],
  received: [6, 8],
  sampled: [3, 5],
  bound: [0, 2],
  submitted: [0, 6],
  draft: [0, 3],
};

/** Days after binding that the tube reached each later status. */
const STATUS_AFTER_BIND_DAYS: Partial<Record<SamplingTubeStatus, number>> = {
  sampled: 1,
  received: 2,
  tested: 4,
  reported: 5,
};

const TIMELINE_NOTES: Record<SamplingTubeStatus, string> = {
  unbound: '采样管入库',
  bound: '扫码绑定受检者',
  sampled: '样本已交回，等待送检',
  received: `${LAB}已接收样本`,
  tested: '便隐血（FIT）检测完成',
  reported: '检测报告已出具',
};

export function maskName(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= 1) return name;
  if (characters.length === 2) return `${characters[0]}*`;
  return characters[0] + '*'.repeat(characters.length - 2) + characters[characters.length - 1];
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

function answersForRisk(familyHistory: boolean, positive: boolean): Answers {
  return {
    q1: 'no',
    q2: positive ? 'yes' : 'no',
    q3: 'no',
    q4: positive ? 'polyp' : 'none',
    q5: positive ? ['habit', 'pain'] : ['none'],
    q6: familyHistory ? 'yes' : 'no',
    q7: 'never',
    q8: positive ? '近半年偶有腹胀。' : '',
  };
}

/** Fresh demo data, with every date relative to `now` so the demo never looks stale. */
export function createSeed(now: Date): DemoState {
  const random = mulberry32(20261103);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const nowMs = now.getTime();
  const at = (ms: number) => toChinaIso(new Date(ms));
  /** A working-hours time `days` ago. */
  const daysAgo = (days: number) => {
    const date = new Date(nowMs - days * DAY_MS);
    date.setUTCHours(1 + between(0, 6), between(0, 59), between(0, 59), 0); // 09:00-15:59 China time
    return Math.min(date.getTime(), nowMs - 30 * MINUTE_MS);
  };
  const mobile = () => pick(MOBILE_PREFIXES) + String(between(0, 99999999)).padStart(8, '0');

  const checkUserPhone = '13916725830';
  const users: DemoUser[] = [
    {
      id: ADMIN_USER_ID,
      name: '王医生',
      role: 'work',
      accountName: 'admin',
      password: DEMO_PASSWORD,
      institutionName: INSTITUTION,
      phone: '13801762245',
    },
    {
      id: WORKER_USER_ID,
      name: '李晓梅',
      role: 'work',
      accountName: 'worker',
      password: DEMO_PASSWORD,
      institutionName: INSTITUTION,
      phone: '13661938807',
    },
    {
      id: CHECK_USER_ID,
      name: '张秀英',
      role: 'check',
      institutionName: INSTITUTION,
      phone: checkUserPhone,
      idCard: makeIdCard(PEOPLE[0].area, PEOPLE[0].birthDate, 0, PEOPLE[0].gender),
    },
  ];

  const registrations: StoredRegistration[] = [];
  const tubes: DemoTube[] = [];
  const reports: StoredReport[] = [];
  let tubeNumber = 0;

  PEOPLE.forEach((person, index) => {
    const id = String(1001 + index);
    const idCard = makeIdCard(person.area, person.birthDate, index, person.gender);
    const [minDays, maxDays] = STAGE_AGE_DAYS[person.stage];
    const registeredMs = daysAgo(between(minDays, maxDays));
    const byCheckUser = index <= 1;
    const staff = index % 3 === 0 ? users[1] : users[0];
    const district = DISTRICTS[person.area];
    const retired = Number(person.birthDate.slice(0, 4)) < 1966;
    registrations.push({
      id,
      name: person.name,
      idCard,
      gender: person.gender,
      birthDate: person.birthDate,
      phone: index === 0 ? checkUserPhone : mobile(),
      address: `上海市${district.name}${pick(district.roads)}${between(10, 900)}弄${between(1, 40)}号${between(1, 6)}0${between(1, 4)}室`,
      nation: index === 13 ? '3' : index === 24 ? '11' : '1',
      education: String(between(2, 6)),
      occupation: retired ? '8' : pick(['2', '3', '4', '6']),
      emergencyContactName:
        index === 0
          ? '陈建国'
          : index === 1
            ? '张秀英'
            : Array.from(person.name)[0] + pick(CONTACT_GIVEN_NAMES),
      emergencyContactPhone: mobile(),
      emergencyContactRelation: index <= 1 ? '1' : pick(['1', '2', '2', '4']),
      familyHistory: person.familyHistory ?? false,
      registeredAt: at(registeredMs),
      registeredBy: byCheckUser ? 'check' : 'work',
      registeredByName: byCheckUser ? users[2].name : staff.name,
      institutionName: INSTITUTION,
      status: person.stage === 'draft' ? 'draft' : 'submitted',
      createdByUserId: byCheckUser ? CHECK_USER_ID : staff.id,
    });

    if (person.stage === 'draft' || person.stage === 'submitted') return;
    tubeNumber += 1;
    const code = `CT20261000${String(tubeNumber).padStart(2, '0')}`;
    const boundMs = registeredMs + between(5, 40) * MINUTE_MS;
    const collectedMs = boundMs - between(1, 20) * HOUR_MS;
    const status = person.stage;
    const timeline: TubeTimelineEntry[] = [
      { status: 'unbound', at: at(boundMs - 20 * DAY_MS), note: TIMELINE_NOTES.unbound },
      { status: 'bound', at: at(boundMs), note: TIMELINE_NOTES.bound },
    ];
    const reached: Partial<Record<SamplingTubeStatus, number>> = {};
    for (const next of ['sampled', 'received', 'tested', 'reported'] as const) {
      const flow = ['bound', 'sampled', 'received', 'tested', 'reported'];
      if (flow.indexOf(next) > flow.indexOf(status)) break;
      const reachedMs = Math.min(
        boundMs + (STATUS_AFTER_BIND_DAYS[next] ?? 0) * DAY_MS,
        nowMs - 10 * MINUTE_MS,
      );
      reached[next] = reachedMs;
      timeline.push({ status: next, at: at(reachedMs), note: TIMELINE_NOTES[next] });
    }
    tubes.push({
      code,
      status,
      registrationId: id,
      boundAt: at(boundMs),
      collectedAt: at(collectedMs),
      timeline,
    });

    if (status === 'reported' && person.result) {
      reports.push({
        id: String(2001 + reports.length),
        registrationId: id,
        personName: person.name,
        idCard,
        tubeCode: code,
        testItem: '便隐血（FIT）',
        testItemCode: 'FIT',
        result: person.result,
        sampledAt: at(collectedMs),
        receivedAt: at(reached.received ?? boundMs),
        reportedAt: at(reached.reported ?? boundMs),
        institution: LAB,
        doctor: '刘建华',
        advice: person.result === 'positive' ? POSITIVE_ADVICE : NEGATIVE_ADVICE,
        fileName: `便隐血检测报告-${code}.pdf`,
      });
    }
  });

  for (const code of SPARE_TUBE_CODES) {
    tubes.push({
      code,
      status: 'unbound',
      timeline: [{ status: 'unbound', at: at(daysAgo(25)), note: TIMELINE_NOTES.unbound }],
    });
  }
  const mistakeMs = daysAgo(4);
  tubes.push({
    code: REUSED_TUBE_CODE,
    status: 'unbound',
    timeline: [
      { status: 'unbound', at: at(daysAgo(25)), note: TIMELINE_NOTES.unbound },
      { status: 'bound', at: at(mistakeMs), note: TIMELINE_NOTES.bound },
      { status: 'unbound', at: at(mistakeMs + 12 * MINUTE_MS), note: '解绑：扫码绑定错误（绑错受检者）' },
    ],
  });

  const byName = (name: string) => registrations.find((registration) => registration.name === name)!;
  const reportOf = (name: string) => reports.find((report) => report.personName === name)!;

  // Questionnaire responses: the check user's own history plus some entered by staff.
  const responses: StoredResponse[] = [];
  const addResponse = (
    ownerUserId: string,
    personName: string,
    questionnaireId: string,
    answers: Answers,
    submitted: boolean,
  ) => {
    const registration = byName(personName);
    const createdMs = Date.parse(registration.registeredAt) + 10 * MINUTE_MS;
    const updatedMs = Math.min(createdMs + (submitted ? 6 : 2) * MINUTE_MS, nowMs - MINUTE_MS);
    const response: StoredResponse = {
      id: String(3001 + responses.length),
      questionnaireId,
      registrationId: registration.id,
      status: submitted ? 'submitted' : 'draft',
      answers,
      createdAt: at(createdMs),
      updatedAt: at(updatedMs),
      ownerUserId,
    };
    if (submitted) {
      response.submittedAt = response.updatedAt;
      if (questionnaireId === RISK_QUESTIONNAIRE_ID) registration.questionnaireResponseId = response.id;
    }
    responses.push(response);
  };
  addResponse(CHECK_USER_ID, '张秀英', RISK_QUESTIONNAIRE_ID, answersForRisk(false, false), true);
  addResponse(
    CHECK_USER_ID,
    '张秀英',
    LIFESTYLE_QUESTIONNAIRE_ID,
    { l1: 'never', l2: 'never', l4: ['vegetables'] },
    false,
  );
  addResponse(ADMIN_USER_ID, '李国华', RISK_QUESTIONNAIRE_ID, answersForRisk(false, false), true);
  addResponse(ADMIN_USER_ID, '王桂兰', RISK_QUESTIONNAIRE_ID, answersForRisk(true, true), true);
  addResponse(ADMIN_USER_ID, '刘志强', RISK_QUESTIONNAIRE_ID, answersForRisk(false, false), true);
  addResponse(
    ADMIN_USER_ID,
    '赵美玲',
    LIFESTYLE_QUESTIONNAIRE_ID,
    { l1: 'never', l2: 'sometimes', l3: 'medium', l4: ['oily', 'vegetables'], l5: '1-2', l6: '' },
    true,
  );
  addResponse(WORKER_USER_ID, '宋建军', RISK_QUESTIONNAIRE_ID, answersForRisk(false, false), true);
  addResponse(WORKER_USER_ID, '彭志明', RISK_QUESTIONNAIRE_ID, { q1: 'no', q2: 'no' }, false);

  // System messages.
  const messages: StoredMessage[] = [];
  const message = (
    recipientUserId: string,
    fields: Pick<StoredMessage, 'type' | 'title' | 'content'> & Partial<StoredMessage>,
    sentMs: number,
    read: boolean,
  ) => {
    const plain = fields.contentFormat === 'html' ? fields.content.replace(/<[^>]+>/g, '') : fields.content;
    messages.push({
      id: String(4001 + messages.length),
      summary: plain.length > 40 ? `${plain.slice(0, 40)}…` : plain,
      contentFormat: 'text',
      ...fields,
      read,
      sentAt: at(sentMs),
      readAt: read ? at(Math.min(sentMs + 2 * HOUR_MS, nowMs)) : undefined,
      recipientUserId,
    });
  };
  const reportNotice = (recipient: string, report: StoredReport, read: boolean, forStaff: boolean) => {
    const positive = report.result === 'positive';
    const who = forStaff ? `受检者 ${maskName(report.personName)}（采样管 ${report.tubeCode}）的` : '您的';
    const next = forStaff
      ? positive
        ? '结果为阳性，请尽快电话通知受检者在 1 个月内预约结肠镜检查。'
        : '结果为阴性，建议 1 年后再次筛查。'
      : positive
        ? '结果为阳性，请尽快查看报告并按建议到消化内科就诊。'
        : '结果为阴性，可在首页点“查看报告”查看详情。';
    message(
      recipient,
      {
        type: 'report',
        title: positive ? '检测报告已出具（阳性）' : '检测报告已出具',
        content: `${who}便隐血（FIT）检测报告已出具，${next}`,
        reportId: report.id,
      },
      Date.parse(report.reportedAt) + 5 * MINUTE_MS,
      read,
    );
  };
  for (const name of ['孙德明', '吴海涛', '王桂兰', '周丽华', '李国华']) {
    const report = reportOf(name);
    reportNotice(ADMIN_USER_ID, report, report.result === 'negative' || name === '王桂兰', true);
  }
  reportNotice(WORKER_USER_ID, reportOf('刘志强'), true, true);
  reportNotice(WORKER_USER_ID, reportOf('孙德明'), false, true);
  reportNotice(CHECK_USER_ID, reportOf('张秀英'), false, false);

  const pendingBinding = registrations.filter(
    (r) => r.status === 'submitted' && !tubes.some((t) => t.registrationId === r.id),
  );
  for (const recipient of [ADMIN_USER_ID, WORKER_USER_ID]) {
    message(
      recipient,
      {
        type: 'reminder',
        title: '待绑定采样管提醒',
        content: `目前有 ${pendingBinding.length} 位受检者已提交登记信息但尚未绑定采样管，请在发放采样管时扫码完成绑定。`,
      },
      nowMs - 3 * HOUR_MS,
      false,
    );
  }
  message(
    ADMIN_USER_ID,
    {
      type: 'reminder',
      title: '样本送检提醒',
      content:
        '今日 16:00 前请将已交回的样本送至实验室。冷藏（2-8℃）保存的样本请在采样后 7 天内送检，超时样本需重新采样。',
    },
    nowMs - 1 * DAY_MS,
    true,
  );
  message(
    CHECK_USER_ID,
    {
      type: 'reminder',
      title: '采样提醒',
      content: '您家人陈建国的样本已交回，正在等待送检，检测报告出具后我们会第一时间通知您。',
    },
    nowMs - 2 * DAY_MS,
    true,
  );
  const maintenanceHtml =
    '<p>为提升系统稳定性，筛查系统将于<strong>本周六 22:00 至次日 02:00</strong>进行升级维护。</p>' +
    '<p>维护期间登记、采样管绑定和报告查询将暂停使用，请提前安排工作。给您带来的不便，敬请谅解。</p>';
  for (const recipient of [ADMIN_USER_ID, WORKER_USER_ID]) {
    message(
      recipient,
      { type: 'system', title: '系统维护通知', content: maintenanceHtml, contentFormat: 'html' },
      nowMs - 5 * HOUR_MS,
      false,
    );
  }
  message(
    ADMIN_USER_ID,
    {
      type: 'system',
      title: '账号安全提醒',
      content: '请勿将账号和密码告知他人。如发现异常登录，请立即联系管理员修改密码。',
    },
    nowMs - 9 * DAY_MS,
    true,
  );
  message(
    CHECK_USER_ID,
    {
      type: 'system',
      title: '欢迎参加大肠癌筛查',
      content:
        '感谢您参加社区大肠癌免费筛查。您可以在本页面查看登记信息、采样管状态和检测报告，如有疑问请拨打 021-54880000 咨询。',
    },
    Date.parse(registrations[0].registeredAt) + MINUTE_MS,
    true,
  );

  // Announcements with attachments whose bytes are generated on download.
  const attachmentSources: Record<string, AttachmentSource> = {
    '5001': { kind: 'pdf', title: '便隐血采样操作指南', lines: SAMPLING_GUIDE_LINES },
    '5002': { kind: 'text', text: HOSPITAL_LIST_TEXT },
  };
  const announcements: StoredAnnouncement[] = [
    {
      id: '6001',
      title: '2026 年社区大肠癌免费筛查项目正式启动',
      summary: `本辖区 ${SCREENING_AGE.min}-${SCREENING_AGE.max} 岁常住居民可免费参加便隐血（FIT）检测，登记后领取采样管即可。`,
      content:
        `<p><img src="${screeningBannerDataUri()}" alt="大肠癌免费筛查：早发现、早诊断、早治疗" style="width:100%;height:auto"></p>` +
        '<p>大肠癌是我国常见的恶性肿瘤之一，早期发现、早期治疗的效果很好。为保障居民健康，本中心即日起开展 2026 年社区大肠癌免费筛查。</p>' +
        `<h3>参加对象</h3><p>本辖区 ${SCREENING_AGE.min}-${SCREENING_AGE.max} 岁常住居民，近一年内未参加过大肠癌筛查。</p>` +
        '<h3>参加方式</h3><ol><li>携带身份证到社区卫生服务中心登记，或在微信中自助登记；</li>' +
        `<li>领取采样管，工作人员扫码绑定；</li><li>按说明在家采样，${SAMPLE_RETURN_DAYS} 天内交回；</li><li>交回后约 ${RESULT_TURNAROUND}在线查看检测报告。</li></ol>` +
        '<p>咨询电话：<a href="tel:021-54880000">021-54880000</a>（工作日 8:00-17:00）。</p>',
      publishedAt: at(daysAgo(40)),
      attachments: [],
    },
    {
      id: '6002',
      title: '便隐血采样操作指南',
      summary: '采样前请仔细阅读操作指南，正确采样可以避免重复检测。',
      content:
        '<p>正确采样是检测结果准确的前提。请在采样前仔细阅读以下要点，完整版指南见附件。</p>' +
        '<ul><li>月经期、痔疮出血期间请暂缓采样；</li><li>避免粪便接触马桶内的水；</li>' +
        `<li>刮取粪便不同部位，量不宜过多；</li><li>采样后 ${SAMPLE_RETURN_DAYS} 天内交回，暂存请冷藏（2-8℃），不要冷冻。</li></ul>`,
      publishedAt: at(daysAgo(30)),
      attachments: [],
    },
    {
      id: '6003',
      title: '筛查阳性人群结肠镜检查绿色通道开通',
      summary: '便隐血检测阳性的居民可通过绿色通道预约定点医院结肠镜检查。',
      content:
        '<p>为方便筛查阳性居民尽快完成结肠镜检查，本中心与辖区定点医院开通<strong>绿色通道</strong>。</p>' +
        '<p>检测结果为阳性的居民，请在收到报告后 <strong>1 个月内</strong>预约结肠镜检查。定点医院及预约电话见附件。</p>' +
        '<p>阳性结果不等于患癌，但需要进一步检查明确原因，请不要拖延。</p>',
      publishedAt: at(daysAgo(12)),
      attachments: [],
    },
    {
      id: '6004',
      title: '国庆假期实验室收样时间调整',
      summary: '假期期间实验室暂停收样，请合理安排采样时间。',
      content:
        '<p>国庆假期期间（10 月 1 日至 10 月 7 日）实验室暂停接收样本，10 月 8 日起恢复正常。</p>' +
        '<p>假期前已采样的居民，请将样本冷藏（2-8℃）保存，并于 10 月 8 日后尽快交回社区卫生服务中心。</p>',
      publishedAt: at(daysAgo(3)),
      attachments: [],
    },
  ];
  announcements[1].attachments.push({
    id: '5001',
    fileName: '便隐血采样操作指南.pdf',
    size: attachmentBytes(attachmentSources['5001']).byteLength,
    contentType: 'application/pdf',
  });
  announcements[2].attachments.push({
    id: '5002',
    fileName: '结肠镜检查定点医院名单.txt',
    size: attachmentBytes(attachmentSources['5002']).byteLength,
    contentType: 'text/plain;charset=utf-8',
  });

  return {
    version: 1,
    sequence: 9000,
    users,
    sessions: [{ token: EXPIRED_DEMO_TOKEN, userId: ADMIN_USER_ID, expiresAt: nowMs - HOUR_MS }],
    usedWeChatCodes: [],
    dictionaries: seedDictionaries(),
    registrations,
    tubes,
    reports,
    messages,
    questionnaires: seedQuestionnaires(),
    responses,
    announcements,
    attachmentSources,
  };
}

/** The bytes of an attachment. */
export function attachmentBytes(source: AttachmentSource): Uint8Array<ArrayBuffer> {
  if (source.kind === 'text') return new TextEncoder().encode(source.text);
  return buildPdf({
    title: source.title,
    blocks: [
      { kind: 'text', text: source.title, size: 20 },
      { kind: 'rule' },
      ...source.lines.map((text) => ({
        kind: 'text' as const,
        text,
        size: /^[一二三四五六七八九十]、/.test(text) ? 14 : 12,
        spaceBefore: /^[一二三四五六七八九十]、/.test(text) ? 8 : 0,
      })),
    ],
  });
}
