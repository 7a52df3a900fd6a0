import type { CheckReport, Page, QuestionnaireResponse, Registration } from '@/types/api';

/** Contract-shaped records for overriding the demo backend in home-page tests. */
export function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: 'reg-9001',
    name: '张秀英',
    idCard: '310104196203150028',
    gender: '2',
    age: 63,
    birthDate: '1962-03-15',
    phone: '13916725830',
    address: '上海市徐汇区枫林路 1 号',
    nation: '1',
    education: '3',
    occupation: '8',
    emergencyContactName: '陈建国',
    emergencyContactPhone: '13800000000',
    emergencyContactRelation: '1',
    familyHistory: false,
    registeredAt: '2026-10-01T09:30:00+08:00',
    registeredBy: 'check',
    registeredByName: '张秀英',
    institutionName: '徐汇区枫林街道社区卫生服务中心',
    status: 'submitted',
    questionnaireResponseId: 'resp-8001',
    ...overrides,
  };
}

export function report(overrides: Partial<CheckReport> = {}): CheckReport {
  return {
    id: 'rpt-9001',
    registrationId: 'reg-9001',
    personName: '张秀英',
    idCard: '310104196203150028',
    tubeCode: 'CT2026100001',
    testItem: '便隐血（FIT）',
    testItemCode: 'FIT',
    result: 'negative',
    sampledAt: '2026-10-02T08:00:00+08:00',
    receivedAt: '2026-10-03T10:00:00+08:00',
    reportedAt: '2026-10-08T15:00:00+08:00',
    institution: '枫林医学检验实验室',
    advice: '本次检测结果为阴性，建议按计划定期复查。',
    fileName: 'report.pdf',
    ...overrides,
  };
}

export function draftResponse(overrides: Partial<QuestionnaireResponse> = {}): QuestionnaireResponse {
  return {
    id: 'resp-9001',
    questionnaireId: 'q-lifestyle',
    questionnaireTitle: '生活方式问卷',
    status: 'draft',
    answers: {},
    createdAt: '2026-10-01T09:40:00+08:00',
    updatedAt: '2026-10-01T09:42:00+08:00',
    ...overrides,
  };
}

export function page<T>(records: T[]): Page<T> {
  return { records, total: records.length };
}
