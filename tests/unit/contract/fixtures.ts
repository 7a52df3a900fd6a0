/**
 * Answers of every JSON endpoint in the two styles real servers use, and what the app must see for both.
 * - 'server': numeric ids, 'YYYY-MM-DD HH:mm:ss' China time, numbers as strings, yes/no as 1/0
 * - 'iso': string ids, ISO 8601 in UTC ('…Z'), plain JSON numbers and booleans
 */
export type WireStyle = 'server' | 'iso';
export const WIRE_STYLES: readonly WireStyle[] = ['server', 'iso'];

type Wire = Record<string, unknown>;

/** The builders of one style. */
function style(kind: WireStyle) {
  return {
    id: (n: number): number | string => (kind === 'server' ? n : String(n)),
    /** `china` is 'YYYY-MM-DD HH:mm:ss' in China time. */
    time: (china: string): string => {
      if (kind === 'server') return china;
      const [date, clock] = china.split(' ');
      return new Date(`${date}T${clock}+08:00`).toISOString();
    },
    count: (n: number): number | string => (kind === 'server' ? String(n) : n),
    flag: (value: boolean): boolean | number => (kind === 'server' ? (value ? 1 : 0) : value),
  };
}

/** What the app holds for 'YYYY-MM-DD HH:mm:ss' China time. */
export const at = (china: string) => `${china.replace(' ', 'T')}+08:00`;

function timelineEntry(kind: WireStyle, status: string, china: string): Wire {
  return { status, at: style(kind).time(china), note: '扫码绑定' };
}

export function profile(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(1),
    name: '李明',
    accountName: 'admin',
    role: 'work',
    institutionName: '朝阳社区卫生服务中心',
    phone: '138****5678',
    registrationId: s.id(1001),
  };
}
export const profileNormalised = {
  id: '1',
  name: '李明',
  accountName: 'admin',
  role: 'work',
  institutionName: '朝阳社区卫生服务中心',
  phone: '138****5678',
  registrationId: '1001',
};

export function registration(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(1001),
    name: '张秀英',
    idCard: '110101195603150028',
    gender: kind === 'server' ? 2 : '2',
    age: s.count(70),
    birthDate: kind === 'server' ? '1956-03-15 00:00:00' : '1956-03-15',
    phone: '13800001111',
    address: '北京市朝阳区',
    nation: s.id(1),
    education: '3',
    occupation: '2',
    emergencyContactName: '王强',
    emergencyContactPhone: '13900002222',
    emergencyContactRelation: '1',
    familyHistory: s.flag(true),
    questionnaireResponseId: s.id(3001),
    registeredAt: s.time('2026-11-03 09:30:00'),
    updatedAt: s.time('2026-11-03 09:40:00'),
    registeredBy: 'work',
    registeredByName: '李明',
    institutionName: '朝阳社区卫生服务中心',
    status: 'submitted',
    tube: {
      code: 'CT20260001',
      status: 'bound',
      boundAt: s.time('2026-11-03 10:00:00'),
      collectedAt: s.time('2026-11-03 08:00:00'),
    },
    reportId: s.id(2001),
  };
}
export const registrationNormalised = {
  id: '1001',
  name: '张秀英',
  idCard: '110101195603150028',
  gender: '2',
  age: 70,
  birthDate: '1956-03-15',
  phone: '13800001111',
  address: '北京市朝阳区',
  nation: '1',
  education: '3',
  occupation: '2',
  emergencyContactName: '王强',
  emergencyContactPhone: '13900002222',
  emergencyContactRelation: '1',
  familyHistory: true,
  questionnaireResponseId: '3001',
  registeredAt: at('2026-11-03 09:30:00'),
  updatedAt: at('2026-11-03 09:40:00'),
  registeredBy: 'work',
  registeredByName: '李明',
  institutionName: '朝阳社区卫生服务中心',
  status: 'submitted',
  tube: {
    code: 'CT20260001',
    status: 'bound',
    boundAt: at('2026-11-03 10:00:00'),
    collectedAt: at('2026-11-03 08:00:00'),
  },
  reportId: '2001',
};

export function tube(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    code: 'CT20260001',
    status: 'bound',
    registrationId: s.id(1001),
    boundAt: s.time('2026-11-03 10:00:00'),
    collectedAt: s.time('2026-11-03 08:00:00'),
    timeline: [timelineEntry(kind, 'bound', '2026-11-03 10:00:00')],
  };
}
export const tubeNormalised = {
  code: 'CT20260001',
  status: 'bound',
  registrationId: '1001',
  boundAt: at('2026-11-03 10:00:00'),
  collectedAt: at('2026-11-03 08:00:00'),
  timeline: [{ status: 'bound', at: at('2026-11-03 10:00:00'), note: '扫码绑定' }],
};

export function tubeStatus(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    tubeCode: 'CT20260001',
    exists: s.flag(true),
    status: 'bound',
    boundRegistrationId: s.id(1001),
    boundPersonName: '张*英',
    boundAt: s.time('2026-11-03 10:00:00'),
    collectedAt: s.time('2026-11-03 08:00:00'),
    timeline: [timelineEntry(kind, 'bound', '2026-11-03 10:00:00')],
  };
}
export const tubeStatusNormalised = {
  tubeCode: 'CT20260001',
  exists: true,
  status: 'bound',
  boundRegistrationId: '1001',
  boundPersonName: '张*英',
  boundAt: at('2026-11-03 10:00:00'),
  collectedAt: at('2026-11-03 08:00:00'),
  timeline: [{ status: 'bound', at: at('2026-11-03 10:00:00'), note: '扫码绑定' }],
};

export function report(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(11),
    registrationId: s.id(1001),
    personName: '张秀英',
    idCard: '110101195603150028',
    tubeCode: 'CT20260001',
    testItem: '便隐血（FIT）',
    testItemCode: 'FIT',
    result: 'negative',
    sampledAt: s.time('2026-11-03 08:00:00'),
    receivedAt: s.time('2026-11-04 09:00:00'),
    reportedAt: s.time('2026-11-05 16:20:00'),
    institution: '朝阳区疾控中心检验科',
    doctor: '赵医生',
    advice: '建议一年后复查。',
    fileName: '检测报告.pdf',
  };
}
export const reportNormalised = {
  id: '11',
  registrationId: '1001',
  personName: '张秀英',
  idCard: '110101195603150028',
  tubeCode: 'CT20260001',
  testItem: '便隐血（FIT）',
  testItemCode: 'FIT',
  result: 'negative',
  sampledAt: at('2026-11-03 08:00:00'),
  receivedAt: at('2026-11-04 09:00:00'),
  reportedAt: at('2026-11-05 16:20:00'),
  institution: '朝阳区疾控中心检验科',
  doctor: '赵医生',
  advice: '建议一年后复查。',
  fileName: '检测报告.pdf',
};

export function message(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(4001),
    type: 'report',
    title: '您的检测报告已出',
    summary: '请查看报告',
    content: '<p>请查看报告</p>',
    contentFormat: 'html',
    read: s.flag(true),
    sentAt: s.time('2026-11-05 16:30:00'),
    readAt: s.time('2026-11-05 18:00:00'),
    reportId: s.id(11),
  };
}
export const messageNormalised = {
  id: '4001',
  type: 'report',
  title: '您的检测报告已出',
  summary: '请查看报告',
  content: '<p>请查看报告</p>',
  contentFormat: 'html',
  read: true,
  sentAt: at('2026-11-05 16:30:00'),
  readAt: at('2026-11-05 18:00:00'),
  reportId: '11',
};

export function questionnaire(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(7),
    title: '大肠癌风险评估问卷',
    description: '约 3 分钟',
    version: '1.0',
    questions: [
      {
        id: s.id(71),
        type: 'single',
        title: '是否便血？',
        required: s.flag(true),
        options: [{ value: s.id(1), label: '是' }],
        placeholder: '请选择',
        maxLength: s.count(200),
      },
    ],
  };
}
export const questionnaireNormalised = {
  id: '7',
  title: '大肠癌风险评估问卷',
  description: '约 3 分钟',
  version: '1.0',
  questions: [
    {
      id: '71',
      type: 'single',
      title: '是否便血？',
      required: true,
      options: [{ value: '1', label: '是' }],
      placeholder: '请选择',
      maxLength: 200,
    },
  ],
};

export function questionnaireSummary(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(7),
    title: '大肠癌风险评估问卷',
    description: '约 3 分钟',
    version: '1.0',
    questionCount: s.count(12),
  };
}
export const questionnaireSummaryNormalised = {
  id: '7',
  title: '大肠癌风险评估问卷',
  description: '约 3 分钟',
  version: '1.0',
  questionCount: 12,
};

export function response(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(3001),
    questionnaireId: s.id(7),
    questionnaireTitle: '大肠癌风险评估问卷',
    registrationId: s.id(1001),
    personName: '张秀英',
    status: 'submitted',
    answers: { '71': s.id(1), '72': ['a', 'b'] },
    createdAt: s.time('2026-11-03 09:00:00'),
    updatedAt: s.time('2026-11-03 09:10:00'),
    submittedAt: s.time('2026-11-03 09:10:00'),
  };
}
export const responseNormalised = {
  id: '3001',
  questionnaireId: '7',
  questionnaireTitle: '大肠癌风险评估问卷',
  registrationId: '1001',
  personName: '张秀英',
  status: 'submitted',
  answers: { '71': '1', '72': ['a', 'b'] },
  createdAt: at('2026-11-03 09:00:00'),
  updatedAt: at('2026-11-03 09:10:00'),
  submittedAt: at('2026-11-03 09:10:00'),
};

export function announcement(kind: WireStyle): Wire {
  const s = style(kind);
  return {
    id: s.id(6001),
    title: '筛查点开放时间调整',
    summary: '春节期间暂停采样',
    content: '<p>春节期间暂停采样</p>',
    publishedAt: s.time('2026-01-20 08:00:00'),
    attachments: [
      { id: s.id(5001), fileName: '安排.pdf', size: s.count(2048), contentType: 'application/pdf' },
    ],
  };
}
export const announcementNormalised = {
  id: '6001',
  title: '筛查点开放时间调整',
  summary: '春节期间暂停采样',
  content: '<p>春节期间暂停采样</p>',
  publishedAt: at('2026-01-20 08:00:00'),
  attachments: [{ id: '5001', fileName: '安排.pdf', size: 2048, contentType: 'application/pdf' }],
};

export function dictionaryItem(kind: WireStyle): Wire {
  return { itemText: '男', itemValue: kind === 'server' ? 1 : '1', customAttribute: 'primary' };
}
export const dictionaryItemNormalised = { itemText: '男', itemValue: '1', customAttribute: 'primary' };

/** A page of one record, as the server sends it. */
export function pageOf(kind: WireStyle, record: Wire): Wire {
  const s = style(kind);
  return { records: [record], total: s.count(1), pageIndex: s.count(1), pageSize: s.count(10) };
}
export const pageNormalised = (record: unknown) => ({ records: [record], total: 1 });
