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
  /** Fields the app cannot do without (essential): missing one is a contract mismatch. */
  required: string[];
}

/** Display-only and optional fields of a registration: the page works without them. */

const REGISTRATION_OPTIONAL = {
  name: '',
  idCard: '',
  gender: undefined,
  age: undefined,
  birthDate: undefined,
  registeredAt: undefined,
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
/** What every link and rule needs: the id, and the status (a draft is edited, a submitted one gets a tube). */
const REGISTRATION_REQUIRED = ['id', 'status'];
const MESSAGE_OPTIONAL = {
  type: undefined,
  title: '',
  sentAt: undefined,
  summary: '',
  content: '',
  contentFormat: undefined,
  read: false,
  readAt: undefined,
  reportId: undefined,
};
const MESSAGE_REQUIRED = ['id'];
const RESPONSE_OPTIONAL = {
  createdAt: undefined,
  updatedAt: undefined,
  questionnaireTitle: '',
  registrationId: undefined,
  personName: undefined,
  answers: {},
  submittedAt: undefined,
};
const RESPONSE_REQUIRED = ['id', 'questionnaireId', 'status'];
const ANNOUNCEMENT_OPTIONAL = { title: '', publishedAt: undefined, summary: '', attachments: [] };
const REPORT_OPTIONAL = {
  registrationId: undefined,
  personName: '',
  tubeCode: '',
  testItemCode: undefined,
  sampledAt: undefined,
  receivedAt: undefined,
  reportedAt: undefined,
  idCard: '',
  testItem: '',
  institution: '',
  doctor: undefined,
  advice: '',
  fileName: '',
};
/** The report's id (the PDF, every link) and result (the next step the page advises). */
const REPORT_REQUIRED = ['id', 'result'];

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
    optional: {
      name: '',
      accountName: undefined,
      institutionName: '',
      phone: undefined,
      registrationId: undefined,
      role: undefined,
    },
    required: ['id'],
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
  {
    name: 'Sampling/GetSamplingTubeStatus',
    method: 'post',
    path: '/api/v1/Sampling/GetSamplingTubeStatus',
    call: () => getSamplingTubeStatus({ tubeCode: 'CT20260001' }),
    answer: fx.tubeStatus,
    normalised: fx.tubeStatusNormalised,
    entity: 'self',
    optional: {
      tubeCode: undefined,
      status: undefined,
      boundRegistrationId: undefined,
      boundPersonName: undefined,
      boundAt: undefined,
      collectedAt: undefined,
      timeline: [],
    },
    required: ['exists'],
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
    optional: { title: '', description: '', version: '', questionCount: 0 },
    required: ['id'],
  },
  {
    name: 'Questionnaire/GetDetail',
    method: 'get',
    path: '/api/v1/Questionnaire/GetDetail',
    call: () => getQuestionnaireDetail({ id: '7' }),
    answer: fx.questionnaire,
    normalised: fx.questionnaireNormalised,
    entity: 'self',
    optional: { title: '', description: '', version: '' },
    required: ['id', 'questions'],
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
    required: ['id'],
  },
  {
    name: 'Announcement/GetDetail',
    method: 'get',
    path: '/api/v1/Announcement/GetDetail',
    call: () => getAnnouncementDetail({ id: '6001' }),
    answer: fx.announcement,
    normalised: fx.announcementNormalised,
    entity: 'self',
    // Its own id is not read (the page asked for it by id); its attachments' ids are.
    optional: { ...ANNOUNCEMENT_OPTIONAL, content: '', id: undefined },
    required: [],
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

/** The field as the console names it: once for every item of a list. */
function pathTo(endpoint: EndpointCase, field: string): string {
  if (endpoint.entity === 'record') return `records[].${field}`;
  if (endpoint.entity === 'item') return `[].${field}`;
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

  if (endpoint.required.length > 0) {
    it.each(endpoint.required)(
      'refuses an answer without %s: one message for the user, the endpoint and field for the developer',
      async (field) => {
        const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
        const answer = endpoint.answer('server');
        delete entityOf(endpoint, answer)[field];
        answerWith(endpoint, answer);

        const error = await rejectionOf(endpoint.call());

        expect(error.kind).toBe('contract');
        await expectFailToast(
          `服务器返回的数据格式有误（${endpoint.path.replace('/api/v1/', '')}），请稍后重试或联系客服`,
        );
        const logged = consoleError.mock.calls.map((args) => args.join(' ')).join('\n');
        expect(logged).toContain(`${endpoint.method.toUpperCase()} ${endpoint.path}`);
        expect(logged).toContain(`${pathTo(endpoint, field)}: expected`);
        expect(logged).toContain('received missing');
      },
    );
  }
});

describe('a difference in a field the page can do without', () => {
  const reports = CASES.find((endpoint) => endpoint.name === 'Sampling/PageCheckReport') as EndpointCase;

  it('keeps the answer, holds the field as absent and reports its path and types once, never the value', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const record = { ...fx.report('server'), personName: { first: '张秀英' }, reportedAt: '2026/11/05' };
    answerWith(reports, { records: [record, record] });

    const page = await pageCheckReport({ pageIndex: 1, pageSize: 10 });
    await pageCheckReport({ pageIndex: 2, pageSize: 10 });

    expect(page.records).toHaveLength(2);
    expect(page.records[0]).toMatchObject({
      id: '11',
      personName: '',
      reportedAt: undefined,
      result: 'negative',
    });
    expect(page.total).toBeUndefined();
    const logged = consoleWarn.mock.calls.map((args) => args.join(' '));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('POST /api/v1/Sampling/PageCheckReport');
    expect(logged[0]).toContain('records[].personName: expected string, received object (display-only)');
    expect(logged[0]).toContain(
      "records[].reportedAt: expected date-time ('YYYY-MM-DD HH:mm:ss' or ISO 8601), received string (display-only)",
    );
    expect(logged.join('\n')).not.toContain('张秀英');
    expect(logged.join('\n')).not.toContain('2026/11/05');
  });

  it('reports a display-only field that is missing, and says nothing of an optional one', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { sentAt: _sentAt, reportId: _reportId, ...message } = fx.message('server');
    answerWith(
      CASES.find((endpoint) => endpoint.name === 'SystemMessage/GetDetail') as EndpointCase,
      message,
    );

    const read = await getMessageDetail({ id: '4001' });

    expect(read.sentAt).toBeUndefined();
    const logged = consoleWarn.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(logged).toContain('sentAt: expected');
    expect(logged).toContain('received missing (display-only)');
    expect(logged).not.toContain('reportId');
  });

  it('keeps a status the app does not know as the server’s text', async () => {
    answerWith(reports, fx.pageOf('server', { ...fx.report('server'), result: '待复核' }));
    const page = await pageCheckReport({ pageIndex: 1, pageSize: 10 });
    expect(page.records[0].result).toBe('待复核');
  });
});

describe('a difference in a field the page needs', () => {
  const reports = CASES.find((endpoint) => endpoint.name === 'Sampling/PageCheckReport') as EndpointCase;

  it('refuses the answer, naming the call to the user and the path and types to the developer', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerWith(reports, fx.pageOf('server', { ...fx.report('server'), id: { value: 2001 } }));

    const error = await rejectionOf(pageCheckReport({ pageIndex: 1, pageSize: 10 }));

    expect(error.differences).toEqual([
      { path: 'records[0].id', expected: 'id (string or safe integer)', received: 'object', essential: true },
    ]);
    await expectFailToast('服务器返回的数据格式有误（Sampling/PageCheckReport），请稍后重试或联系客服');
    const logged = consoleError.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(logged).toContain('POST /api/v1/Sampling/PageCheckReport');
    expect(logged).toContain(
      'records[].id: expected id (string or safe integer), received object (essential)',
    );
    expect(error.body).toBeUndefined();
  });

  it('refuses a page without records (the spec’s one paged field) and takes null as none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerWith(reports, { list: [fx.report('server')] });
    expect((await rejectionOf(pageCheckReport({ pageIndex: 1, pageSize: 10 }, { silent: true }))).kind).toBe(
      'contract',
    );
    answerWith(reports, { records: null });
    await expect(pageCheckReport({ pageIndex: 1, pageSize: 10 })).resolves.toEqual({ records: [] });
  });
});

describe('a save answers its id in whatever form the server uses', () => {
  const saves = [
    ['ScreeningRegister/Add', () => addRegistration(registrationPayload)],
    ['ScreeningRegister/Submit', () => submitRegistration(registrationPayload)],
    ['Response/Add', () => addResponse({ questionnaireId: '7', answers: {} })],
    ['Response/Submit', () => submitResponse({ questionnaireId: '7', answers: {} })],
    ['Response/Update', () => updateResponse({ id: '3001', answers: {} })],
  ] as const;
  const answers: [string, unknown, string | undefined][] = [
    ['a number', 3001, '3001'],
    ['a string', '3001', '3001'],
    ['{ id }', { id: 3001 }, '3001'],
    ['the saved record', { ...fx.response('server'), id: '3001' }, '3001'],
    ['null', null, undefined],
    ['a message', '保存成功', undefined],
    ['a GUID', 'a1b2c3d4-0000-4000-8000-00000000abcd', 'a1b2c3d4-0000-4000-8000-00000000abcd'],
    ['true', true, undefined],
  ];
  describe.each(saves)('%s', (name, call) => {
    it.each(answers)(
      'answered with %s: a success, the id read where there is one',
      async (_form, data, id) => {
        const consoleWarn = vi.spyOn(console, 'warn');
        const consoleError = vi.spyOn(console, 'error');
        answerWith({ method: 'post', path: `/api/v1/${name}` } as EndpointCase, data);
        await expect(call()).resolves.toBe(id);
        expect(consoleWarn).not.toHaveBeenCalled();
        expect(consoleError).not.toHaveBeenCalled();
      },
    );
  });
});

describe('a write whose answer is not read succeeds on statusCode 2000 whatever it holds', () => {
  const writes = [
    [
      'Sampling/BindSamplingTube',
      () =>
        bindSamplingTube({
          registrationId: '1001',
          tubeCode: 'CT20260001',
          collectedAt: fx.at('2026-11-03 08:00:00'),
        }),
    ],
    [
      'Sampling/UpdateSamplingOperation',
      () =>
        updateSamplingOperation({
          tubeCode: 'CT20260001',
          registrationId: '1001',
          operation: 'unbind',
          reason: '1',
        }),
    ],
    ['SystemMessage/ReadSystemMessage', () => readSystemMessage({ id: '4001' })],
  ] as const;
  const answers: [string, unknown][] = [
    ['null', null],
    ['true', true],
    ['a message', '绑定成功'],
    ['{}', {}],
    ['a record of any shape', { code: 7, state: 'ok' }],
  ];
  describe.each(writes)('%s', (name, call) => {
    it.each(answers)('answered with %s', async (_form, data) => {
      answerWith({ method: 'post', path: `/api/v1/${name}` } as EndpointCase, data);
      await expect(call()).resolves.toBeUndefined();
    });
  });

  it('and without a statusCode at all', async () => {
    resetRepeatSubmitGuard();
    server.use(
      mswHttp.post(api('/api/v1/Sampling/BindSamplingTube'), () => HttpResponse.json({ responseData: null })),
    );
    await expect(
      bindSamplingTube({
        registrationId: '1001',
        tubeCode: 'CT20260001',
        collectedAt: fx.at('2026-11-03 08:00:00'),
      }),
    ).resolves.toBeUndefined();
  });
});
