import { getResponse, type HttpHandler } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import type { DemoStyle } from '@/config/env';
import { corsHeaders, corsRefusal } from '@/mocks/cors';
import { createDemoDb, createHandlers, type DemoDb } from '@/mocks/handlers';
import { makeIdCard } from '@/mocks/id-card-generator';
import { SPARE_TUBE_CODES } from '@/mocks/seed';
import { LIFESTYLE_QUESTIONNAIRE_ID } from '@/mocks/seed-content';

/**
 * The demo backend's minimal style on the wire (VITE_DEMO_STYLE=minimal): a server that follows the
 * spec and nothing more. Answers are read as JSON, the way they leave the server, not through the app.
 */

const ORIGIN = 'https://api.screening.test:8686';

// Asymmetric matchers, typed as what they stand for.
const A_NUMBER: unknown = expect.any(Number);
const A_STRING: unknown = expect.any(String);
const containing = (fields: object): unknown => expect.objectContaining(fields);

interface Envelope {
  statusCode: number;
  responseMessage: string;
  responseData: unknown;
}

let db: DemoDb;
let handlers: Record<DemoStyle, HttpHandler[]>;
let token = '';

async function send(
  style: DemoStyle,
  path: string,
  body?: Record<string, unknown>,
  headers: Record<string, string> = {},
  extra: HttpHandler[] = [],
): Promise<Response | undefined> {
  const request = body
    ? new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json;charset=utf-8', Authorization: token, ...headers },
        body: JSON.stringify(body),
      })
    : new Request(`${ORIGIN}${path}`, { headers: { Authorization: token, ...headers } });
  return getResponse([...extra, ...handlers[style]], request);
}

/** A POST with a JSON body, or a GET when `body` is absent (its query in `path`). */
async function call(path: string, body?: Record<string, unknown>, style: DemoStyle = 'minimal') {
  const response = await send(style, path, body);
  if (!response) throw new Error(`no handler for ${path}`);
  return (await response.json()) as Envelope;
}

async function data(path: string, body?: Record<string, unknown>, style: DemoStyle = 'minimal') {
  const envelope = await call(path, body, style);
  expect(envelope.statusCode, envelope.responseMessage).toBe(2000);
  return envelope.responseData;
}

async function signIn(role: 'work' | 'check' = 'work') {
  const login =
    role === 'work'
      ? await data('/api/v1/Account/LoginManage', { accountName: 'admin', accountPwd: '123456' })
      : await data('/api/v1/Account/LoginWeChat', { code: `minimal-${Math.random()}` });
  expect(login).toEqual({ token: A_STRING });
  token = (login as { token: string }).token;
}

beforeEach(() => {
  db = createDemoDb();
  handlers = { full: createHandlers(db), minimal: createHandlers(db, { style: 'minimal' }) };
  token = '';
});

const spareTube = () => SPARE_TUBE_CODES.find((code) => db.state.tubes.some((t) => t.code === code))!;
const person = {
  name: '王小明',
  idCard: makeIdCard('110105', '1966-01-01', 7, '1'),
  phone: '13800138000',
};

describe('paged answers: records only, paged by the request', () => {
  const pages: [string, string, Record<string, unknown>][] = [
    ['dictionary', '/api/v1/Dictionary/PageDictionaryItem', { dictionaryTypeCode: 'nation' }],
    ['registrations', '/api/v1/ScreeningRegister/Search', {}],
    ['check reports', '/api/v1/Sampling/PageCheckReport', {}],
    ['messages', '/api/v1/SystemMessage/PageRecipientMessage', {}],
    ['questionnaire responses', '/api/v1/Response/Page', {}],
    ['announcements', '/api/v1/Announcement/Page', {}],
  ];

  test.each(pages)(
    '%s: no total, pageIndex or pageSize; page 2 is the full style’s page 2',
    async (_, path, query) => {
      await signIn();
      const second = { ...query, pageIndex: 2, pageSize: 2 };
      const minimal = (await data(path, second)) as { records: unknown[] };
      expect(Object.keys(minimal)).toEqual(['records']);
      const full = (await data(path, second, 'full')) as { records: Record<string, unknown>[] };
      expect(minimal.records).toHaveLength(full.records.length);
      expect(minimal.records.length).toBeGreaterThan(0);
      // The same records (ids, or a dictionary's values), in the same order; ids as JSON numbers.
      const key = 'id' in full.records[0] ? 'id' : 'itemValue';
      const keys = minimal.records.map((record) => (record as Record<string, unknown>)[key]);
      expect(keys.map(String)).toEqual(full.records.map((record) => String(record[key])));
      if (key === 'id') for (const id of keys) expect(typeof id).toBe('number');
    },
  );
});

describe('records without display-only fields, ids as numbers', () => {
  test('account: the token, the profile’s id (pages follow the session’s group, not a role), the signature', async () => {
    await signIn();
    expect(await data('/api/v1/Account/GetUserManageProfile')).toEqual({ id: 1 });
    expect(
      await data('/api/v1/Account/GenerateWeChatSignature', { url: 'https://h5.test/infoEnter' }),
    ).toEqual({
      timestamp: A_NUMBER,
      nonceStr: A_STRING,
      signature: A_STRING,
    });
  });

  test('a dictionary record: its text and value', async () => {
    await signIn();
    const { records } = (await data('/api/v1/Dictionary/PageDictionaryItem', {
      dictionaryTypeCode: 'relation',
      pageIndex: 1,
      pageSize: 100,
    })) as { records: unknown[] };
    expect(records.length).toBeGreaterThan(1);
    for (const record of records)
      expect(Object.keys(record as object).sort()).toEqual(['itemText', 'itemValue']);
  });

  test('a registration: id, status and the bound tube’s code and status', async () => {
    await signIn();
    const tube = db.state.tubes.find((candidate) => candidate.status === 'bound')!;
    expect(await data(`/api/v1/ScreeningRegister/GetDetail?id=${tube.registrationId}`)).toEqual({
      id: Number(tube.registrationId),
      status: 'submitted',
      tube: { code: tube.code, status: 'bound' },
    });
    const unbound = db.state.registrations.find(
      (r) => !db.state.tubes.some((t) => t.registrationId === r.id),
    )!;
    expect(await data(`/api/v1/ScreeningRegister/GetDetail?id=${unbound.id}`)).toEqual({
      id: Number(unbound.id),
      status: unbound.status,
    });
  });

  test('a tube’s status says whether it exists, nothing else', async () => {
    await signIn();
    expect(await data('/api/v1/Sampling/GetSamplingTubeStatus', { tubeCode: spareTube() })).toEqual({
      exists: true,
    });
    expect(await data('/api/v1/Sampling/GetSamplingTubeStatus', { tubeCode: 'CT0000' })).toEqual({
      exists: false,
    });
  });

  test('a check report: id and result; a message: id', async () => {
    await signIn();
    const all = { pageIndex: 1, pageSize: 100 };
    const reports = (await data('/api/v1/Sampling/PageCheckReport', all)) as { records: unknown[] };
    const full = (await data('/api/v1/Sampling/PageCheckReport', all, 'full')) as {
      records: { id: number; result: string }[];
    };
    expect(reports.records).toEqual(full.records.map(({ id, result }) => ({ id, result })));
    expect(reports.records).toHaveLength(db.state.reports.length);
    const message = db.state.messages.find((candidate) => candidate.recipientUserId === '1')!;
    expect(await data(`/api/v1/SystemMessage/GetDetail?id=${message.id}`)).toEqual({
      id: Number(message.id),
    });
  });

  test('an announcement: id and its attachments’ ids; the detail its attachments’ ids only', async () => {
    await signIn();
    const { records } = (await data('/api/v1/Announcement/Page', { pageIndex: 1, pageSize: 10 })) as {
      records: unknown[];
    };
    expect(records).toContainEqual({ id: 6002, attachments: [{ id: 5001 }] });
    expect(await data('/api/v1/Announcement/GetDetail?id=6003')).toEqual({ attachments: [{ id: 5002 }] });
  });

  test('questionnaires: numbered on the wire, questions with their options; a string id comes back', async () => {
    await signIn();
    const list = (await data('/api/v1/Questionnaire/GetList', {})) as { id: number }[];
    expect(list).toEqual([{ id: 7001 }, { id: 7002 }]);
    const lifestyle = db.state.questionnaires.find((q) => q.id === LIFESTYLE_QUESTIONNAIRE_ID)!;
    const detail = (await data('/api/v1/Questionnaire/GetDetail?id=7002')) as {
      id: number;
      questions: Record<string, unknown>[];
    };
    expect(detail.id).toBe(7002);
    expect(detail.questions).toHaveLength(lifestyle.questions.length);
    expect(detail.questions[0]).toEqual({
      id: A_NUMBER,
      type: lifestyle.questions[0].type,
      title: lifestyle.questions[0].title,
      options: lifestyle.questions[0].options,
    });
    const text = detail.questions.find((question) => question.type === 'text')!;
    expect(Object.keys(text).sort()).toEqual(['id', 'title', 'type']);
  });
});

describe('writes: saves answer the bare id, the rest null', () => {
  test('a registration: Add and Submit answer its id; bind and unbind answer null', async () => {
    await signIn();
    const added = await data('/api/v1/ScreeningRegister/Add', person);
    expect(typeof added).toBe('number');
    // The app sends ids back as strings.
    const submitted = await data('/api/v1/ScreeningRegister/Submit', { ...person, id: String(added) });
    expect(submitted).toBe(added);
    expect(db.state.registrations.find((r) => r.id === String(added))?.status).toBe('submitted');

    const tubeCode = spareTube();
    const bind = { registrationId: String(added), tubeCode, collectedAt: new Date().toISOString() };
    expect(await data('/api/v1/Sampling/BindSamplingTube', bind)).toBeNull();
    expect(db.state.tubes.find((tube) => tube.code === tubeCode)).toMatchObject({
      status: 'bound',
      registrationId: String(added),
    });
    const unbind = { tubeCode, registrationId: String(added), operation: 'unbind', reason: '1' };
    expect(await data('/api/v1/Sampling/UpdateSamplingOperation', unbind)).toBeNull();
    expect(db.state.tubes.find((tube) => tube.code === tubeCode)?.status).toBe('unbound');
  });

  test('a refusal keeps its code and message, its data’s ids as numbers', async () => {
    await signIn();
    const taken = db.state.registrations.find((r) => r.status === 'submitted')!;
    const refused = await call('/api/v1/ScreeningRegister/Submit', { ...person, idCard: taken.idCard });
    expect(refused).toEqual({
      statusCode: 5003,
      responseMessage: '该身份证号已登记',
      responseData: { registrationId: Number(taken.id) },
    });
  });

  test('a questionnaire response: Add, Update and Submit answer its id; answers keyed by the wire’s question ids', async () => {
    await signIn();
    const detail = (await data('/api/v1/Questionnaire/GetDetail?id=7002')) as {
      questions: { id: number; type: string; options?: { value: string }[] }[];
    };
    const [smoking, drinking] = detail.questions;
    const id = await data('/api/v1/Response/Add', {
      questionnaireId: 7002,
      answers: { [smoking.id]: smoking.options![0].value },
    });
    expect(typeof id).toBe('number');
    const stored = db.state.responses.find((response) => response.id === String(id))!;
    expect(stored.questionnaireId).toBe(LIFESTYLE_QUESTIONNAIRE_ID);
    expect(Object.keys(stored.answers)).toEqual(['l1']);

    const answers = { [smoking.id]: smoking.options![1].value, [drinking.id]: drinking.options![0].value };
    expect(await data('/api/v1/Response/Update', { id: String(id), answers })).toBe(id);
    expect(await data(`/api/v1/Response/GetDetail?id=${String(id)}`)).toEqual({
      id,
      questionnaireId: 7002,
      status: 'draft',
      answers: {
        [String(smoking.id)]: smoking.options![1].value,
        [String(drinking.id)]: drinking.options![0].value,
      },
      questionnaire: containing({ id: 7002 }),
    });
    const incomplete = await call('/api/v1/Response/Submit', {
      id: String(id),
      questionnaireId: '7002',
      answers,
    });
    expect(incomplete.statusCode).toBe(7001);
    expect(incomplete.responseData).toEqual({ questionId: A_NUMBER });
  });

  test('a message marked read and a sign-out answer null', async () => {
    await signIn('check');
    const unread = db.state.messages.find((m) => m.recipientUserId === '3' && !m.read);
    const message = unread ?? db.state.messages.find((m) => m.recipientUserId === '3')!;
    expect(await data('/api/v1/SystemMessage/ReadSystemMessage', { id: message.id })).toBeNull();
    expect(message.read).toBe(true);
    expect(await data('/api/v1/Account/LoginOut', {})).toBeNull();
  });
});

describe('CORS: the spec’s request headers only', () => {
  test('the allow-list names requestId, Authorization and Content-Type; the full style also Idempotency-Key', () => {
    const allowed = (style: DemoStyle) => {
      const headers = corsHeaders(style)['access-control-allow-headers'];
      return headers
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .sort();
    };
    expect(allowed('minimal')).toEqual(['authorization', 'content-type', 'requestid']);
    expect(allowed('full')).toContain('idempotency-key');
  });

  test('on the app’s own origin (npm start), a request with Idempotency-Key fails as a network error', async () => {
    await signIn();
    const withKey = { 'Idempotency-Key': 'k-1', requestId: 'r-1' };
    const refused = await send('minimal', '/api/v1/ScreeningRegister/Add', person, withKey, [
      corsRefusal('minimal'),
    ]);
    expect(refused?.type).toBe('error');
    expect(db.state.registrations.some((r) => r.idCard === person.idCard)).toBe(false);

    const plain = await send('minimal', '/api/v1/ScreeningRegister/Add', person, { requestId: 'r-2' }, [
      corsRefusal('minimal'),
    ]);
    expect(((await plain?.json()) as Envelope).statusCode).toBe(2000);
    const another = { ...person, idCard: makeIdCard('110105', '1966-01-01', 8, '1') };
    const full = await send('full', '/api/v1/ScreeningRegister/Add', another, withKey, [corsRefusal('full')]);
    expect(((await full?.json()) as Envelope).statusCode).toBe(2000);
  });
});
