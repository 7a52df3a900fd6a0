import { HttpResponse, http as mswHttp, type JsonBodyType } from 'msw';
import { getUserManageProfile, loginManage, loginWeChat } from '@/api/account';
import { getAnnouncementDetail, pageAnnouncement } from '@/api/announcements';
import { pageDictionaryItem } from '@/api/dictionary';
import { getMessageDetail, pageRecipientMessage, readSystemMessage } from '@/api/messages';
import {
  addResponse,
  getQuestionnaireDetail,
  getQuestionnaireList,
  getResponseDetail,
  pageResponse,
  submitResponse,
  updateResponse,
} from '@/api/questionnaires';
import {
  addRegistration,
  getRegistrationDetail,
  searchRegistrations,
  submitRegistration,
} from '@/api/registration';
import {
  bindSamplingTube,
  getSamplingTubeStatus,
  pageCheckReport,
  updateSamplingOperation,
} from '@/api/sampling';
import { resetRepeatSubmitGuard } from '@/lib/http/repeat-submit';
import { generateWeChatSignature } from '@/lib/wechat/signature';
import { server } from '../../msw-server';
import { api, expectFailToast, isolateRequestTests, rejectionOf } from '../http/helpers';
import * as fx from './fixtures';

isolateRequestTests();

type Wire = Record<string, unknown>;

interface EndpointCase {
  name: string;
  method: 'get' | 'post';
  path: string;
  call: () => Promise<unknown>;
  /** The whole responseData in a style. */
  answer: (kind: fx.WireStyle) => unknown;
  normalised: unknown;
  /** The record the field cases below take fields from (the answer itself, or a page's first record). */
  entity: 'self' | 'record' | 'item';
  /** Fields a server may leave out, and what the app holds then. */
  optional: Record<string, unknown>;
  /** Fields the app cannot do without: missing one is a contract mismatch. */
  required: string[];
}

const REGISTRATION_OPTIONAL = {
  phone: '',
  address: '',
  nation: '',
  education: '',
  occupation: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelation: '',
  familyHistory: false,
  questionnaireResponseId: undefined,
  updatedAt: undefined,
  registeredBy: undefined,
  registeredByName: '',
  institutionName: '',
  tube: undefined,
  reportId: undefined,
};
const REGISTRATION_REQUIRED = [
  'id',
  'name',
  'idCard',
  'gender',
  'age',
  'birthDate',
  'registeredAt',
  'status',
];
const TUBE_OPTIONAL = { registrationId: undefined, boundAt: undefined, collectedAt: undefined, timeline: [] };
const MESSAGE_OPTIONAL = {
  summary: '',
  content: '',
  contentFormat: undefined,
  read: false,
  readAt: undefined,
  reportId: undefined,
};
const MESSAGE_REQUIRED = ['id', 'type', 'title', 'sentAt'];
const RESPONSE_OPTIONAL = {
  questionnaireTitle: '',
  registrationId: undefined,
  personName: undefined,
  answers: {},
  submittedAt: undefined,
};
const RESPONSE_REQUIRED = ['id', 'questionnaireId', 'status', 'createdAt', 'updatedAt'];
const ANNOUNCEMENT_OPTIONAL = { summary: '', attachments: [] };
const REPORT_OPTIONAL = {
  idCard: '',
  testItem: '',
  institution: '',
  doctor: undefined,
  advice: '',
  fileName: '',
};
const REPORT_REQUIRED = [
  'id',
  'registrationId',
  'personName',
  'tubeCode',
  'testItemCode',
  'result',
  'sampledAt',
  'receivedAt',
  'reportedAt',
];

const registrationPayload = { name: '张秀英', idCard: '110101195603150028', phone: '13800001111' };

const CASES: EndpointCase[] = [
  {
    name: 'GetUserManageProfile',
    method: 'get',
    path: '/api/v1/Account/GetUserManageProfile',
    call: () => getUserManageProfile(),
    answer: fx.profile,
    normalised: fx.profileNormalised,
    entity: 'self',
    optional: { accountName: undefined, institutionName: '', phone: undefined, registrationId: undefined },
    required: ['id', 'name', 'role'],
  },
  {
    name: 'LoginManage',
    method: 'post',
    path: '/api/v1/Account/LoginManage',
    call: () => loginManage({ accountName: 'admin', accountPwd: '123456' }),
    answer: () => ({ token: 'abc' }),
    normalised: { token: 'abc' },
    entity: 'self',
    optional: {},
    required: ['token'],
  },
  {
    name: 'LoginWeChat',
    method: 'post',
    path: '/api/v1/Account/LoginWeChat',
    call: () => loginWeChat({ code: 'c' }),
    answer: () => ({ token: 'abc' }),
    normalised: { token: 'abc' },
    entity: 'self',
    optional: {},
    required: ['token'],
  },
  {
    name: 'GenerateWeChatSignature',
    method: 'post',
    path: '/api/v1/Account/GenerateWeChatSignature',
    call: () => generateWeChatSignature('https://h5.example.cn/infoEnter'),
    answer: (kind) => ({
      timestamp: kind === 'server' ? '1767225600' : 1767225600,
      nonceStr: 'n',
      signature: 's',
    }),
    normalised: expect.objectContaining({ nonceStr: 'n', signature: 's' }),
    entity: 'self',
    optional: {},
    required: ['timestamp', 'nonceStr', 'signature'],
  },
  {
    name: 'PageDictionaryItem',
    method: 'post',
    path: '/api/v1/Dictionary/PageDictionaryItem',
    call: () => pageDictionaryItem({ dictionaryTypeCode: 'gender', pageIndex: 1, pageSize: 1000 }),
    answer: (kind) => fx.pageOf(kind, fx.dictionaryItem(kind)),
    normalised: fx.pageNormalised(fx.dictionaryItemNormalised),
    entity: 'record',
    optional: { customAttribute: undefined },
    required: ['itemText', 'itemValue'],
  },
  {
    name: 'ScreeningRegister/Search',
    method: 'post',
    path: '/api/v1/ScreeningRegister/Search',
    call: () => searchRegistrations({ pageIndex: 1, pageSize: 10 }),
    answer: (kind) => fx.pageOf(kind, fx.registration(kind)),
    normalised: fx.pageNormalised(fx.registrationNormalised),
    entity: 'record',
    optional: REGISTRATION_OPTIONAL,
    required: REGISTRATION_REQUIRED,
  },
  ...(
    [
      [
        'ScreeningRegister/GetDetail',
        'get',
        '/api/v1/ScreeningRegister/GetDetail',
        () => getRegistrationDetail({ id: '1001' }),
      ],
      [
        'ScreeningRegister/Add',
        'post',
        '/api/v1/ScreeningRegister/Add',
        () => addRegistration(registrationPayload),
      ],
      [
        'ScreeningRegister/Submit',
        'post',
        '/api/v1/ScreeningRegister/Submit',
        () => submitRegistration(registrationPayload),
      ],
    ] as const
  ).map(([name, method, path, call]): EndpointCase => ({
    name,
    method,
    path,
    call,
    answer: fx.registration,
    normalised: fx.registrationNormalised,
    entity: 'self',
    optional: REGISTRATION_OPTIONAL,
    required: REGISTRATION_REQUIRED,
  })),
  ...(
    [
      [
        'Sampling/BindSamplingTube',
        '/api/v1/Sampling/BindSamplingTube',
        () =>
          bindSamplingTube({
            registrationId: '1001',
            tubeCode: 'CT20260001',
            collectedAt: fx.at('2026-11-03 08:00:00'),
          }),
      ],
      [
        'Sampling/UpdateSamplingOperation',
        '/api/v1/Sampling/UpdateSamplingOperation',
        () =>
          updateSamplingOperation({
            tubeCode: 'CT20260001',
            registrationId: '1001',
            operation: 'unbind',
            reason: '1',
          }),
      ],
    ] as const
  ).map(([name, path, call]): EndpointCase => ({
    name,
    method: 'post',
    path,
    call,
    answer: fx.tube,
    normalised: fx.tubeNormalised,
    entity: 'self',
    optional: TUBE_OPTIONAL,
    required: ['code', 'status'],
  })),
  {
    name: 'Sampling/GetSamplingTubeStatus',
    method: 'post',
    path: '/api/v1/Sampling/GetSamplingTubeStatus',
    call: () => getSamplingTubeStatus({ tubeCode: 'CT20260001' }),
    answer: fx.tubeStatus,
    normalised: fx.tubeStatusNormalised,
    entity: 'self',
    optional: {
      status: undefined,
      boundRegistrationId: undefined,
      boundPersonName: undefined,
      boundAt: undefined,
      collectedAt: undefined,
      timeline: [],
    },
    required: ['tubeCode', 'exists'],
  },
  {
    name: 'Sampling/PageCheckReport',
    method: 'post',
    path: '/api/v1/Sampling/PageCheckReport',
    call: () => pageCheckReport({ pageIndex: 1, pageSize: 10 }),
    answer: (kind) => fx.pageOf(kind, fx.report(kind)),
    normalised: fx.pageNormalised(fx.reportNormalised),
    entity: 'record',
    optional: REPORT_OPTIONAL,
    required: REPORT_REQUIRED,
  },
  {
    name: 'SystemMessage/PageRecipientMessage',
    method: 'post',
    path: '/api/v1/SystemMessage/PageRecipientMessage',
    call: () => pageRecipientMessage({ pageIndex: 1, pageSize: 10 }),
    answer: (kind) => fx.pageOf(kind, fx.message(kind)),
    normalised: fx.pageNormalised(fx.messageNormalised),
    entity: 'record',
    optional: MESSAGE_OPTIONAL,
    required: MESSAGE_REQUIRED,
  },
  ...(
    [
      [
        'SystemMessage/GetDetail',
        'get',
        '/api/v1/SystemMessage/GetDetail',
        () => getMessageDetail({ id: '4001' }),
      ],
      [
        'SystemMessage/ReadSystemMessage',
        'post',
        '/api/v1/SystemMessage/ReadSystemMessage',
        () => readSystemMessage({ id: '4001' }),
      ],
    ] as const
  ).map(([name, method, path, call]): EndpointCase => ({
    name,
    method,
    path,
    call,
    answer: fx.message,
    normalised: fx.messageNormalised,
    entity: 'self',
    optional: MESSAGE_OPTIONAL,
    required: MESSAGE_REQUIRED,
  })),
  {
    name: 'Questionnaire/GetList',
    method: 'post',
    path: '/api/v1/Questionnaire/GetList',
    call: () => getQuestionnaireList(),
    answer: (kind) => [fx.questionnaireSummary(kind)],
    normalised: [fx.questionnaireSummaryNormalised],
    entity: 'item',
    optional: { description: '', version: '', questionCount: 0 },
    required: ['id', 'title'],
  },
  {
    name: 'Questionnaire/GetDetail',
    method: 'get',
    path: '/api/v1/Questionnaire/GetDetail',
    call: () => getQuestionnaireDetail({ id: '7' }),
    answer: fx.questionnaire,
    normalised: fx.questionnaireNormalised,
    entity: 'self',
    optional: { description: '', version: '', questions: [] },
    required: ['id', 'title'],
  },
  {
    name: 'Response/Page',
    method: 'post',
    path: '/api/v1/Response/Page',
    call: () => pageResponse({ pageIndex: 1, pageSize: 10 }),
    answer: (kind) => fx.pageOf(kind, fx.response(kind)),
    normalised: fx.pageNormalised(fx.responseNormalised),
    entity: 'record',
    optional: RESPONSE_OPTIONAL,
    required: RESPONSE_REQUIRED,
  },
  {
    name: 'Response/GetDetail',
    method: 'get',
    path: '/api/v1/Response/GetDetail',
    call: () => getResponseDetail({ id: '3001' }),
    answer: (kind) => ({ ...fx.response(kind), questionnaire: fx.questionnaire(kind) }),
    normalised: { ...fx.responseNormalised, questionnaire: fx.questionnaireNormalised },
    entity: 'self',
    optional: RESPONSE_OPTIONAL,
    required: [...RESPONSE_REQUIRED, 'questionnaire'],
  },
  ...(
    [
      ['Response/Add', '/api/v1/Response/Add', () => addResponse({ questionnaireId: '7', answers: {} })],
      [
        'Response/Submit',
        '/api/v1/Response/Submit',
        () => submitResponse({ questionnaireId: '7', answers: {} }),
      ],
      ['Response/Update', '/api/v1/Response/Update', () => updateResponse({ id: '3001', answers: {} })],
    ] as const
  ).map(([name, path, call]): EndpointCase => ({
    name,
    method: 'post',
    path,
    call,
    answer: fx.response,
    normalised: fx.responseNormalised,
    entity: 'self',
    optional: RESPONSE_OPTIONAL,
    required: RESPONSE_REQUIRED,
  })),
  {
    name: 'Announcement/Page',
    method: 'post',
    path: '/api/v1/Announcement/Page',
    call: () => pageAnnouncement({ pageIndex: 1, pageSize: 10 }),
    answer: (kind) => {
      const { content: _content, ...summary } = fx.announcement(kind);
      return fx.pageOf(kind, summary);
    },
    normalised: fx.pageNormalised(
      (({ content: _content, ...summary }) => summary)(fx.announcementNormalised),
    ),
    entity: 'record',
    optional: ANNOUNCEMENT_OPTIONAL,
    required: ['id', 'title', 'publishedAt'],
  },
  {
    name: 'Announcement/GetDetail',
    method: 'get',
    path: '/api/v1/Announcement/GetDetail',
    call: () => getAnnouncementDetail({ id: '6001' }),
    answer: fx.announcement,
    normalised: fx.announcementNormalised,
    entity: 'self',
    optional: { ...ANNOUNCEMENT_OPTIONAL, content: '' },
    required: ['id', 'title', 'publishedAt'],
  },
];

/** Answers the endpoint's next calls; the repeat-submit guard is reset so a test may call it again at once. */
function answerWith(endpoint: EndpointCase, responseData: unknown): void {
  resetRepeatSubmitGuard();
  server.use(
    mswHttp[endpoint.method](api(endpoint.path), () =>
      HttpResponse.json({ statusCode: 2000, responseMessage: '成功', responseData } as JsonBodyType),
    ),
  );
}

/** The record of an answer that the field cases change. */
function entityOf(endpoint: EndpointCase, answer: unknown): Wire {
  if (endpoint.entity === 'record') return (answer as { records: Wire[] }).records[0];
  if (endpoint.entity === 'item') return (answer as Wire[])[0];
  return answer as Wire;
}

function pathTo(endpoint: EndpointCase, field: string): string {
  if (endpoint.entity === 'record') return `records[0].${field}`;
  if (endpoint.entity === 'item') return `[0].${field}`;
  return field;
}

describe.each(CASES)('$name', (endpoint) => {
  it.each(fx.WIRE_STYLES)('normalises a %s-style answer to the app’s form', async (kind) => {
    answerWith(endpoint, endpoint.answer(kind));
    await expect(endpoint.call()).resolves.toEqual(endpoint.normalised);
  });

  const optional = Object.entries(endpoint.optional);
  if (optional.length > 0) {
    it.each(optional)('accepts the answer without %s (held as %o)', async (field, held) => {
      for (const kind of fx.WIRE_STYLES) {
        const answer = endpoint.answer(kind);
        delete entityOf(endpoint, answer)[field];
        answerWith(endpoint, answer);
        const result = await endpoint.call();
        expect(entityOf(endpoint, result)[field]).toEqual(held);

        const withNull = endpoint.answer(kind);
        entityOf(endpoint, withNull)[field] = null;
        answerWith(endpoint, withNull);
        expect(entityOf(endpoint, await endpoint.call())[field]).toEqual(held);
      }
    });
  }

  it.each(endpoint.required)(
    'refuses an answer without %s: one message for the user, the endpoint and field for the developer',
    async (field) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const answer = endpoint.answer('server');
      delete entityOf(endpoint, answer)[field];
      answerWith(endpoint, answer);

      const error = await rejectionOf(endpoint.call());

      expect(error.kind).toBe('contract');
      await expectFailToast('服务器返回的数据格式有误，请稍后重试或联系客服');
      const logged = consoleError.mock.calls.map((args) => args.join(' ')).join('\n');
      expect(logged).toContain(`${endpoint.method.toUpperCase()} ${endpoint.path}`);
      expect(logged).toContain(`${pathTo(endpoint, field)}: expected`);
      expect(logged).toContain('received missing');
    },
  );
});

describe('a contract mismatch', () => {
  const reports = CASES.find((endpoint) => endpoint.name === 'Sampling/PageCheckReport') as EndpointCase;

  it('names the path and both types, never the value (no personal data in the console)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = fx.pageOf('server', { ...fx.report('server'), personName: { first: '张秀英' } });
    answerWith(reports, answer);

    const error = await rejectionOf(pageCheckReport({ pageIndex: 1, pageSize: 10 }));

    expect(error.differences).toEqual([
      { path: 'records[0].personName', expected: 'string', received: 'object' },
    ]);
    const logged = consoleError.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(logged).toContain('POST /api/v1/Sampling/PageCheckReport');
    expect(logged).toContain('records[0].personName: expected string, received object');
    expect(logged).not.toContain('张秀英');
    expect(error.body).toBeUndefined();
  });

  it('keeps a status the app does not know as the server’s text', async () => {
    answerWith(reports, fx.pageOf('server', { ...fx.report('server'), result: '待复核' }));
    const page = await pageCheckReport({ pageIndex: 1, pageSize: 10 });
    expect(page.records[0].result).toBe('待复核');
  });

  it('refuses a date-time it cannot read, naming the forms it accepts', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerWith(reports, fx.pageOf('server', { ...fx.report('server'), reportedAt: '2026/11/05' }));
    const error = await rejectionOf(pageCheckReport({ pageIndex: 1, pageSize: 10 }, { silent: true }));
    expect(error.differences).toEqual([
      {
        path: 'records[0].reportedAt',
        expected: "date-time ('YYYY-MM-DD HH:mm:ss' or ISO 8601)",
        received: 'string',
      },
    ]);
    expect(consoleError.mock.calls.join('\n')).not.toContain('2026/11/05');
  });
});
