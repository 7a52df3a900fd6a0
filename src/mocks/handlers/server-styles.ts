import type { DemoStyle } from '@/config/env';
import type { DemoDb } from '../db';

/**
 * How the demo backend puts its answers on the wire, in either style (config/env.ts, DemoStyle). The
 * handlers compute every answer in the app's own shapes; the style decides what of it is sent.
 */

/** A request's JSON body or query as a record. */
type Input = Record<string, unknown>;

/** The wire form of one endpoint: what a request's input becomes, and what its answers become. */
export interface WireStyle {
  input: (input: Input) => Input;
  /** responseData of a success. */
  answer: (result: unknown) => unknown;
  /** responseData of a refusal (e.g. the registration that already holds an ID card). */
  refusal: (data: unknown) => unknown;
}

// ---- the full style

/**
 * Answers of these areas keep the app's own form (string ids, ISO 8601), so both forms are exercised;
 * every other area answers the way most Chinese backends do (see serverStyle).
 */
const ISO_STYLE_AREAS = ['/api/v1/Questionnaire/', '/api/v1/Response/', '/api/v1/Announcement/'];

const CHINA_ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\+08:00$/;
const NUMERIC_ID = /^[1-9]\d{0,14}$/;

type WireId = (id: string) => string | number;

/** Ids that are digits as JSON numbers, any other id as it is. */
const numericId: WireId = (id) => (NUMERIC_ID.test(id) ? Number(id) : id);

const isIdKey = (key: string) => key === 'id' || key.endsWith('Id');

/**
 * A stored value as a typical backend sends it: ids ('id', '…Id') as `wireId` says (digits as JSON
 * numbers), China-time date-times as 'YYYY-MM-DD HH:mm:ss'. The app's contract layer turns them back.
 */
function serverStyle(value: unknown, key = '', wireId: WireId = numericId): unknown {
  if (typeof value === 'string') {
    if (isIdKey(key)) return wireId(value);
    const time = CHINA_ISO.exec(value);
    return time ? `${time[1]} ${time[2]}` : value;
  }
  if (Array.isArray(value)) return value.map((item) => serverStyle(item, '', wireId));
  if (typeof value === 'object' && value !== null) {
    // Answers are keyed by question id; their option values are not ids.
    if (key === 'answers')
      return Object.fromEntries(Object.entries(value).map(([id, answer]) => [String(wireId(id)), answer]));
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, serverStyle(item, name, wireId)]),
    );
  }
  return value;
}

const asIs = <T>(value: T): T => value;

// ---- the minimal style

/**
 * The fields the minimal style keeps of each record: the essential fields of the app's schemas
 * (src/types/api.ts; tests/unit/contract/essential-readers.test.ts names who reads each), and two
 * optional ones whose absence would change what the answer says rather than what a page shows: a
 * registration's bound `tube` (without it, no tube is bound) and a response's `answers` (without them,
 * none were given). Everything else is left out. A field is kept as it is (`true`), or as the named
 * record (an object, or each item of an array).
 */
type Entity =
  | 'login'
  | 'profile'
  | 'signature'
  | 'dictionaryItem'
  | 'registration'
  | 'registrationTube'
  | 'tubeStatus'
  | 'checkReport'
  | 'message'
  | 'questionnaire'
  | 'question'
  | 'questionOption'
  | 'questionnaireSummary'
  | 'response'
  | 'responseDetail'
  | 'announcement'
  | 'announcementDetail'
  | 'attachment';

type Fields = Readonly<Record<string, true | Entity>>;

const RESPONSE_FIELDS: Fields = { id: true, questionnaireId: true, status: true };

const ESSENTIAL_FIELDS: Readonly<Record<Entity, Fields>> = {
  login: { token: true },
  profile: { id: true },
  signature: { timestamp: true, nonceStr: true, signature: true },
  dictionaryItem: { itemText: true, itemValue: true },
  registration: { id: true, status: true, tube: 'registrationTube' },
  registrationTube: { code: true, status: true },
  tubeStatus: { exists: true },
  checkReport: { id: true, result: true },
  message: { id: true },
  questionnaire: { id: true, questions: 'question' },
  question: { id: true, type: true, title: true, options: 'questionOption' },
  questionOption: { value: true, label: true },
  questionnaireSummary: { id: true },
  response: RESPONSE_FIELDS,
  responseDetail: { ...RESPONSE_FIELDS, questionnaire: 'questionnaire', answers: true },
  announcement: { id: true, attachments: 'attachment' },
  announcementDetail: { attachments: 'attachment' },
  attachment: { id: true },
};

/**
 * What each endpoint answers in the minimal style: one record, a page (`records` only: no total,
 * pageIndex or pageSize), an array, the bare id of the saved record, null, or a file (as it is).
 */
type MinimalAnswer = { record: Entity } | { page: Entity } | { list: Entity } | 'bare id' | 'null' | 'file';

const MINIMAL_ANSWERS: Readonly<Record<string, MinimalAnswer>> = {
  '/api/v1/Account/LoginManage': { record: 'login' },
  '/api/v1/Account/LoginWeChat': { record: 'login' },
  '/api/v1/Account/GetUserManageProfile': { record: 'profile' },
  '/api/v1/Account/LoginOut': 'null',
  '/api/v1/Account/GenerateWeChatSignature': { record: 'signature' },
  '/api/v1/Dictionary/PageDictionaryItem': { page: 'dictionaryItem' },
  '/api/v1/ScreeningRegister/Add': 'bare id',
  '/api/v1/ScreeningRegister/Submit': 'bare id',
  '/api/v1/ScreeningRegister/Delete': 'null',
  '/api/v1/ScreeningRegister/GetDetail': { record: 'registration' },
  '/api/v1/ScreeningRegister/Search': { page: 'registration' },
  '/api/v1/Sampling/BindSamplingTube': 'null',
  '/api/v1/Sampling/GetSamplingTubeStatus': { record: 'tubeStatus' },
  '/api/v1/Sampling/UpdateSamplingOperation': 'null',
  '/api/v1/Sampling/PageCheckReport': { page: 'checkReport' },
  '/api/v1/Sampling/DownloadCheckReport': 'file',
  '/api/v1/SystemMessage/PageRecipientMessage': { page: 'message' },
  '/api/v1/SystemMessage/GetDetail': { record: 'message' },
  '/api/v1/SystemMessage/ReadSystemMessage': 'null',
  '/api/v1/Questionnaire/GetList': { list: 'questionnaireSummary' },
  '/api/v1/Questionnaire/GetDetail': { record: 'questionnaire' },
  '/api/v1/Response/Add': 'bare id',
  '/api/v1/Response/Update': 'bare id',
  '/api/v1/Response/Submit': 'bare id',
  '/api/v1/Response/Page': { page: 'response' },
  '/api/v1/Response/GetDetail': { record: 'responseDetail' },
  '/api/v1/Announcement/Page': { page: 'announcement' },
  '/api/v1/Announcement/GetDetail': { record: 'announcementDetail' },
  '/api/v1/Attachement/Download': 'file',
};

function project(entity: Entity, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => project(entity, item));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const kept = Object.entries(ESSENTIAL_FIELDS[entity]).filter(([name]) => record[name] !== undefined);
  return Object.fromEntries(
    kept.map(([name, keep]) => [name, keep === true ? record[name] : project(keep, record[name])]),
  );
}

function minimalAnswer(answer: MinimalAnswer, result: unknown): unknown {
  if (answer === 'null') return null;
  if (answer === 'bare id') return (result as { id: string }).id;
  if (answer === 'file') return result;
  if ('page' in answer) return { records: project(answer.page, (result as { records: unknown[] }).records) };
  return project('record' in answer ? answer.record : answer.list, result);
}

/** First numbers of the ids the seed's named questionnaires and questions get (a range no seed id uses). */
const QUESTIONNAIRE_WIRE_IDS = 7001;
const QUESTION_WIRE_IDS = 7101;

/**
 * A real server numbers its records, and sends the numbers as JSON numbers; the app keeps ids as strings
 * and sends them back as strings. The seed names its questionnaires and questions ('qn-lifestyle', 'q1'):
 * on the wire they are numbers too, in their seed order.
 */
function minimalIds(db: DemoDb): { toWire: WireId; fromWire: (id: unknown) => unknown } {
  const named = new Map<string, number>();
  let question = QUESTION_WIRE_IDS;
  db.state.questionnaires.forEach((questionnaire, index) => {
    named.set(questionnaire.id, QUESTIONNAIRE_WIRE_IDS + index);
    for (const { id } of questionnaire.questions) named.set(id, question++);
  });
  const byNumber = new Map([...named].map(([id, number]) => [String(number), id]));
  return {
    toWire: (id) => named.get(id) ?? numericId(id),
    fromWire: (id) =>
      typeof id === 'string' || typeof id === 'number' ? (byNumber.get(String(id)) ?? id) : id,
  };
}

function minimalStyle(db: DemoDb, path: string): WireStyle {
  const answer = MINIMAL_ANSWERS[path];
  if (!answer) throw new Error(`${path} has no answer in the minimal style (MINIMAL_ANSWERS)`);
  return {
    input: (input) => {
      const { fromWire } = minimalIds(db);
      return Object.fromEntries(
        Object.entries(input).map(([key, value]) => {
          if (isIdKey(key)) return [key, fromWire(value)];
          if (key === 'answers' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
            return [
              key,
              Object.fromEntries(Object.entries(value).map(([id, item]) => [String(fromWire(id)), item])),
            ];
          }
          return [key, value];
        }),
      );
    },
    answer: (result) => {
      const projected = minimalAnswer(answer, result);
      return serverStyle(projected, answer === 'bare id' ? 'id' : '', minimalIds(db).toWire);
    },
    refusal: (data) => serverStyle(data, '', minimalIds(db).toWire),
  };
}

/** The wire form of the endpoint at `path` in `style`. */
export function wireStyle(db: DemoDb, path: string, style: DemoStyle): WireStyle {
  if (style === 'minimal') return minimalStyle(db, path);
  const wire = ISO_STYLE_AREAS.some((area) => path.startsWith(area)) ? asIs : serverStyle;
  return { input: asIs, answer: wire, refusal: wire };
}
