import * as v from 'valibot';
import {
  boolean,
  booleanOrFalse,
  countOrZero,
  displayDate,
  displayDateTime,
  displayEnum,
  displayInteger,
  displayRecord,
  id,
  list,
  listOrEmpty,
  openEnum,
  optionalDateTime,
  optionalId,
  optionalInteger,
  optionalObject,
  optionalOpenEnum,
  optionalText,
  page,
  text,
  textOrEmpty,
  type Open,
} from './schema-kit';

/**
 * The backend contract, in one place (spec §3 and §7).
 *
 * Every answer's shape is a valibot schema here; the endpoint modules (src/api/<area>/) parse each answer
 * with its schema, and the TypeScript types are inferred from the schemas (one source). Requests are
 * plain interfaces: the app builds them, nothing needs checking.
 *
 * What the schemas accept and what the app sees (our assumptions where the spec says "not shown"):
 * - ids as strings or numbers; always strings in the app (compared with ===).
 * - date-times as 'YYYY-MM-DD HH:mm:ss' (China time) or ISO 8601; always ISO 8601 with +08:00 in the app
 *   (e.g. '2026-11-03T09:30:00+08:00'). Dates are 'YYYY-MM-DD'.
 * - numbers also as numeric strings; yes/no also as 1/0; null like missing.
 * - values of a known list (statuses, types) the app does not know are kept and shown as the server's text.
 * - Dictionary-coded fields (nation, education, …) hold the dictionary item's value as a string,
 *   i.e. `String(DictionaryItem.value)` (the dictionary converts numeric values to numbers, spec §3).
 * - Every field a comment marks "assumption" is not shown in the spec. docs/api-contract.md lists what each
 *   field may be and what a missing one becomes; a unit test keeps it in step with these schemas.
 * - A tolerant reader: only what a page or a rule needs is essential (an id it links with, a status a
 *   rule reads, a report's result); a missing essential field refuses the answer. Every other field is
 *   display-only or optional: when missing or of another form the page shows — or leaves the line out,
 *   and the difference is reported (console, error reporting, `npm run contract`), not shown.
 * - Writes (Add, Submit, Bind, Update, Read, the questionnaire saves, LoginOut) succeed on statusCode
 *   2000 whatever responseData holds; where the app needs the new id it reads it from a number, a
 *   string, `{ id }` or a record (savedIdSchema).
 */
export { labelOf, type Open } from './schema-kit';

/** An id as the app holds it: always a string (the server may send a number). */
export type Id = string;
/** ISO 8601 date-time with offset, as the app holds it (the server may send 'YYYY-MM-DD HH:mm:ss'). */
export type DateTimeString = string;

/**
 * Per-call options every API function accepts as its last argument.
 * `silent` turns off the automatic error toast (the caller shows the error itself).
 */
export interface CallOptions {
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The token to send instead of the one the tab holds when the request leaves: steps that belong to
   * one session (a registration's Submit, lookups and Bind) pin it, so none goes out under another
   * account that signed in meanwhile. null sends none.
   */
  token?: string | null;
  /**
   * The `Idempotency-Key` header of a state-changing call: a header the spec does not name, so it is
   * sent only where the switch is on (config/assumptions.ts, VITE_SEND_IDEMPOTENCY_KEY). The calls that
   * save or change data (ScreeningRegister/Add and /Submit, Sampling/BindSamplingTube and
   * /UpdateSamplingOperation, Response/Add, /Submit, /Update) then carry one; by default the client makes
   * it, one per action (the same url and body until the server answers anything for that URL, for at
   * most a few minutes: lib/http/idempotency.ts), and a caller that retries across reloads passes its
   * own (the offline queue). Every request still has its own `requestId` (spec §7).
   *
   * Server contract (with the switch on): the key is an opaque string of at most 64 characters, scoped
   * to the signed-in account and the endpoint. The first request with a key is processed and its answer
   * (envelope and HTTP status) kept for at least 24 hours, except a 5xx answer, which is not kept (a
   * retry after a server fault must be processed); a later request with the same key and the same body
   * gets that answer again without being processed again; the same key with a different body is refused
   * (HTTP 422), and while the first is still being processed a second is refused with HTTP 409. CORS
   * must allow the header (Access-Control-Allow-Headers: Idempotency-Key).
   */
  idempotencyKey?: string;
  /** Waits at most this long for the answer (ms); never longer than the client's own timeout (spec: 10 s). */
  timeout?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Paging

/** Request paging; pageIndex is 1-based (spec §9: the dictionary fetch uses page index 1). */
interface PageQuery {
  pageIndex: number;
  pageSize: number;
}

/** A page of results. The spec shows `responseData.records` only; total, pageIndex and pageSize are our assumption. */
export type Page<T> = v.InferOutput<ReturnType<typeof page<v.GenericSchema<unknown, T>>>>;

// ---------------------------------------------------------------------------------------------------------
// Business status codes (assumption: the spec names 2000, 500 and 9001 only; the rest are the demo backend's)

export const API_STATUS = {
  success: 2000,
  serverError: 500,
  /** Shown as a warning (spec §8): a request that is understood but refused for a business reason. */
  warning: 9001,
  forbidden: 403,
  invalidInput: 4000,
  notFound: 4004,
  tubeNotFound: 5001,
  tubeAlreadyBound: 5002,
  idCardRegistered: 5003,
  registrationHasTube: 5004,
  registrationNotSubmitted: 5005,
  tubeNotBoundToRegistration: 5006,
  loginFailed: 6001,
  wechatCodeInvalid: 6002,
  wechatCodeUsed: 6003,
  questionnaireIncomplete: 7001,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Account

export type UserRole = 'work' | 'check';

/** POST /api/v1/Account/LoginManage (spec §3). */
export interface LoginManagePayload {
  accountName: string;
  accountPwd: string;
}

/** Assumption: both logins return the session token only; the profile comes from GetUserManageProfile. */
export const loginResultSchema = v.object({ token: text });
export type LoginResult = v.InferOutput<typeof loginResultSchema>;

/** POST /api/v1/Account/LoginWeChat. Assumption: the OAuth callback's query (`code`, `state`) passed through. */
export interface WeChatLoginPayload {
  code: string;
  state?: string;
}

const USER_ROLES = ['work', 'check'] as const satisfies readonly UserRole[];

/**
 * GET /api/v1/Account/GetUserManageProfile. The whole shape is our assumption.
 * - accountName: staff account name; absent for check users (they log in through WeChat).
 * - role: not read: which pages open follows the session's group (where the user signed in), so a
 *   profile without it, or with a role the app does not know, still signs the user in.
 * - phone: masked, e.g. '138****5678'.
 * - registrationId: check users only, their own registration when one exists.
 */
export const userProfileSchema = v.object({
  /** Essential: whose work a check user's sign-in keeps on the phone. */
  id,
  name: textOrEmpty,
  accountName: optionalText,
  role: optionalOpenEnum(USER_ROLES),
  institutionName: textOrEmpty,
  phone: optionalText,
  registrationId: optionalId,
});
export type UserProfile = v.InferOutput<typeof userProfileSchema>;

/** POST /api/v1/Account/GenerateWeChatSignature (spec §3): the page URL without the hash. */
export interface WeChatSignaturePayload {
  url: string;
}

/** Spec §3. Assumption: timestamp in seconds (a number or numeric string), as WeChat's wx.config expects. */
export const weChatSignatureSchema = v.object({
  timestamp: v.union([v.number(), v.string()], 'number or string'),
  nonceStr: text,
  signature: text,
});
export type WeChatSignatureResult = v.InferOutput<typeof weChatSignatureSchema>;

// ---------------------------------------------------------------------------------------------------------
// Dictionary

/** Assumption: the type codes in use (the spec shows the mechanism, not the codes). */
export const DICTIONARY_TYPE_CODES = [
  'gender',
  'nation',
  'education',
  'occupation',
  'relation',
  'tube_status',
  'report_result',
  'unbind_reason',
  'message_type',
  'response_status',
] as const;
export type DictionaryTypeCode = (typeof DICTIONARY_TYPE_CODES)[number];

/**
 * A dictionary record as the backend sends it (spec §3). itemValue may be a number (kept as its digits).
 * customAttribute is used as the tag type; the demo backend sends antd-mobile Tag colors ('success', 'danger', …).
 */
const dictionaryItemRawSchema = v.object({
  itemText: text,
  itemValue: text,
  customAttribute: optionalText,
});
export type DictionaryItemRaw = v.InferOutput<typeof dictionaryItemRawSchema>;
/** A dictionary record as it may arrive (the demo backend sends null tag types, as real servers do). */
export type DictionaryItemWire = v.InferInput<typeof dictionaryItemRawSchema>;
export const dictionaryPageSchema = page(dictionaryItemRawSchema);

/** A dictionary entry as the app uses it (spec §3). */
export interface DictionaryItem {
  label: string;
  /** itemValue, converted to a number when numeric. */
  value: string | number;
  tagType?: string;
}

export interface PageDictionaryItemPayload extends PageQuery {
  dictionaryTypeCode: DictionaryTypeCode;
}

// ---------------------------------------------------------------------------------------------------------
// Screening registration (the whole shape is our assumption)

/** GB/T 2261.1 codes, equal to the gender dictionary's itemValue: '1' male, '2' female. */
export type GenderCode = '1' | '2';
const GENDER_CODES = ['1', '2'] as const satisfies readonly GenderCode[];
/** unbound → bound → sampled → received → tested → reported (see SamplingTubeStatus below). */
const SAMPLING_TUBE_STATUSES = ['unbound', 'bound', 'sampled', 'received', 'tested', 'reported'] as const;
export const GENDER_LABELS: Readonly<Record<GenderCode, string>> = { '1': '男', '2': '女' };

/** 'draft' after Add (editable), 'submitted' after Submit (can have a tube bound). */
export type RegistrationStatus = 'draft' | 'submitted';
const REGISTRATION_STATUSES = ['draft', 'submitted'] as const satisfies readonly RegistrationStatus[];
export const REGISTRATION_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  draft: '待提交',
  submitted: '已提交',
};

/** code (the unbind call sends it) and status (whether it can be unbound) are essential. */
const samplingTubeSummarySchema = v.object({
  code: text,
  status: openEnum(SAMPLING_TUBE_STATUSES),
  boundAt: optionalDateTime,
  collectedAt: optionalDateTime,
});

/**
 * - idCard: the full 18-character number; pages mask it for display.
 * - gender, age, birthDate: derived by the server from the ID card (spec §5 rule).
 * - nation, education, occupation, emergencyContactRelation: dictionary values.
 * - familyHistory: 大肠癌家族史 (first-degree relative with colorectal cancer).
 * - registeredBy: which kind of user entered it; registeredByName, institutionName: assumptions.
 * - tube: the tube currently bound, if any; reportId: assumption, set once that tube has a report.
 */
export type SamplingTubeSummary = v.InferOutput<typeof samplingTubeSummarySchema>;

/** Essential: id (every link) and status (a draft is edited, a submitted one gets a tube). */
export const registrationSchema = v.object({
  id,
  name: textOrEmpty,
  idCard: textOrEmpty,
  gender: displayEnum(GENDER_CODES),
  age: displayInteger,
  birthDate: displayDate,
  phone: textOrEmpty,
  address: textOrEmpty,
  nation: textOrEmpty,
  education: textOrEmpty,
  occupation: textOrEmpty,
  emergencyContactName: textOrEmpty,
  emergencyContactPhone: textOrEmpty,
  emergencyContactRelation: textOrEmpty,
  familyHistory: booleanOrFalse,
  questionnaireResponseId: optionalId,
  registeredAt: displayDateTime,
  /** Assumption: when the record was last saved (Add or Submit); absent from servers that do not keep it. */
  updatedAt: optionalDateTime,
  registeredBy: optionalOpenEnum(USER_ROLES),
  registeredByName: textOrEmpty,
  institutionName: textOrEmpty,
  status: openEnum(REGISTRATION_STATUSES),
  tube: optionalObject(samplingTubeSummarySchema),
  reportId: optionalId,
});
export type Registration = v.InferOutput<typeof registrationSchema>;
export const registrationPageSchema = page(registrationSchema);

/**
 * Body of ScreeningRegister/Add and /Submit. gender, age and birthDate are derived by the server from idCard.
 * With `id`, Add updates that draft and Submit submits it; without, both create.
 *
 * Add saves an unfinished registration (status 'draft') so that it survives a change of phone
 * (assumptions, the spec shows only the call):
 * - Add needs a name and a valid ID card; `phone` may be '' and every other field may be missing.
 *   Submit needs everything the form requires.
 * - A draft belongs to the account that saved it: only that account finds it (Search, GetDetail), can
 *   change, submit or delete it. Another account's draft does not make an ID card "already registered";
 *   a submitted registration does (for Add as for Submit).
 * - Add with the id of a submitted registration is refused (9001): corrections go through Submit.
 */
export interface RegistrationInput {
  id?: Id;
  name: string;
  idCard: string;
  phone: string;
  address?: string;
  nation?: string;
  education?: string;
  occupation?: string;
  emergencyContactName?: string;
  emergencyContactPhone?: string;
  emergencyContactRelation?: string;
  familyHistory?: boolean;
  questionnaireResponseId?: Id;
}

/** What an id sent as a string looks like (digits, a GUID, a code); a message such as '保存成功' is not one. */
const ID_TEXT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What a save (ScreeningRegister/Add and /Submit, Response/Add, /Submit and /Update) answers, read for
 * the id only: the bare id (a number or a string), `{ id }` or the saved record. Anything else (null, a
 * message) is still a success (statusCode 2000); the id is then unknown.
 */
export const savedIdSchema = v.pipe(
  v.unknown(),
  v.transform((value): Id | undefined => {
    const candidate =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as { id?: unknown }).id
        : value;
    if (typeof candidate === 'string' && ID_TEXT.test(candidate)) return candidate;
    if (typeof candidate === 'number' && Number.isSafeInteger(candidate)) return String(candidate);
    return undefined;
  }),
);

/** responseData of the 'ID card already registered' failure (statusCode API_STATUS.idCardRegistered). */
export const idCardRegisteredDataSchema = v.object({ registrationId: id });
export type IdCardRegisteredData = v.InferOutput<typeof idCardRegisteredDataSchema>;

/**
 * POST /api/v1/ScreeningRegister/Delete (assumption: the spec lists no such call; 待提交登记's 删除 needs
 * one). Deletes a draft of the signed-in account; a submitted registration is refused (9001), an id that
 * is not this account's draft is 404. Answer: responseData null (anything else is ignored).
 */
export interface RegistrationDeletePayload {
  id: Id;
}

/** GET /api/v1/ScreeningRegister/GetDetail (assumption: the id in `id`). */
export interface RegistrationDetailQuery {
  id: Id;
}

export type RegistrationSearchType = 'name' | 'idCard' | 'phone' | 'tubeCode';
export const REGISTRATION_SEARCH_TYPE_LABELS: Readonly<Record<RegistrationSearchType, string>> = {
  name: '姓名',
  idCard: '身份证号',
  phone: '手机号',
  tubeCode: '采样管编码',
};

/**
 * POST /api/v1/ScreeningRegister/Search (assumption). One keyword plus what it is; without `searchType`
 * the keyword matches any of the four fields. Matching is "contains", case-insensitive. Newest first.
 */
export interface RegistrationSearchPayload extends PageQuery {
  keyword?: string;
  searchType?: RegistrationSearchType;
  /** 'draft': this account's unfinished registrations (待提交登记), last saved first. */
  status?: RegistrationStatus;
}

// ---------------------------------------------------------------------------------------------------------
// Sampling tubes (the whole shape is our assumption)

/**
 * unbound → bound → sampled → received → tested → reported; an unbind returns a tube to 'unbound'
 * (it can then be bound again). Unbinding is allowed only before the lab has received it.
 */
export type SamplingTubeStatus = (typeof SAMPLING_TUBE_STATUSES)[number];
export const SAMPLING_TUBE_STATUS_LABELS: Readonly<Record<SamplingTubeStatus, string>> = {
  unbound: '未绑定',
  bound: '已绑定',
  sampled: '已采样',
  received: '实验室已接收',
  tested: '已检测',
  reported: '已出报告',
};
/** The forward order, for step displays. */
export const SAMPLING_TUBE_STATUS_FLOW: readonly SamplingTubeStatus[] = SAMPLING_TUBE_STATUSES;

/** A tube can be unbound while it is bound to someone and the lab has not received it (never in a status the app does not know). */
export function canUnbind(status: Open<SamplingTubeStatus>): boolean {
  return status === 'bound' || status === 'sampled';
}

const tubeTimelineEntrySchema = v.object({
  status: openEnum(SAMPLING_TUBE_STATUSES),
  at: displayDateTime,
  note: optionalText,
});
export type TubeTimelineEntry = v.InferOutput<typeof tubeTimelineEntrySchema>;

/**
 * POST /api/v1/Sampling/BindSamplingTube. The registration must be submitted and have no tube;
 * collectedAt must not be in the future (9001). statusCode 2000 is the success; its responseData is not
 * read (the tube's status is asked for with GetSamplingTubeStatus when a page shows it).
 */
export interface BindSamplingTubePayload {
  registrationId: Id;
  tubeCode: string;
  /** Left out when the sample is not taken yet (a check user's self-registration, docs/behaviour.md). */
  collectedAt?: DateTimeString;
}

/** POST /api/v1/Sampling/GetSamplingTubeStatus. */
export interface TubeStatusQuery {
  tubeCode: string;
}

/**
 * An unknown code is `exists: false` here (not an error); binding an unknown code is an error.
 * boundRegistrationId only when the caller may see that registration; boundPersonName masked, e.g. '张*英'.
 */
export const tubeStatusResultSchema = v.object({
  tubeCode: optionalText,
  /** Essential: an unknown code cannot be bound. */
  exists: boolean,
  status: optionalOpenEnum(SAMPLING_TUBE_STATUSES),
  boundRegistrationId: optionalId,
  boundPersonName: optionalText,
  boundAt: optionalDateTime,
  collectedAt: optionalDateTime,
  timeline: listOrEmpty(tubeTimelineEntrySchema),
});
export type TubeStatusResult = v.InferOutput<typeof tubeStatusResultSchema>;

type SamplingOperation = 'unbind';

/**
 * POST /api/v1/Sampling/UpdateSamplingOperation. `reason` is an 'unbind_reason' dictionary value. Staff
 * only. statusCode 2000 is the success; its responseData is not read.
 */
export interface UpdateSamplingOperationPayload {
  tubeCode: string;
  registrationId: Id;
  operation: SamplingOperation;
  reason: string;
  note?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Check reports (the whole shape is our assumption)

export type ReportResult = 'negative' | 'positive';
const REPORT_RESULTS = ['negative', 'positive'] as const satisfies readonly ReportResult[];
export const REPORT_RESULT_LABELS: Readonly<Record<ReportResult, string>> = {
  negative: '阴性',
  positive: '阳性',
};

/**
 * - idCard: the full number; pages mask it for display.
 * - testItem: display name of the test, e.g. '便隐血（FIT）'.
 * - advice: the recommended next step, plain text.
 * - fileName: file name of the PDF that DownloadCheckReport returns.
 */
/** Essential: id (the PDF, every link) and result (the next step the page advises). */
const checkReportSchema = v.object({
  id,
  registrationId: optionalId,
  personName: textOrEmpty,
  idCard: textOrEmpty,
  tubeCode: textOrEmpty,
  testItem: textOrEmpty,
  testItemCode: optionalOpenEnum(['FIT']),
  result: openEnum(REPORT_RESULTS),
  sampledAt: displayDateTime,
  receivedAt: displayDateTime,
  reportedAt: displayDateTime,
  institution: textOrEmpty,
  doctor: optionalText,
  advice: textOrEmpty,
  fileName: textOrEmpty,
});
export type CheckReport = v.InferOutput<typeof checkReportSchema>;
export const checkReportPageSchema = page(checkReportSchema);

/**
 * POST /api/v1/Sampling/PageCheckReport. idCard and tubeCode match exactly. Check users always get their
 * own reports only; for staff `mine` limits to registrations they entered. Newest first.
 */
export interface CheckReportPageQuery extends PageQuery {
  /** Only the report with this id (assumption: how the detail page, a message's link or a bookmark finds one report). */
  id?: Id;
  idCard?: string;
  tubeCode?: string;
  mine?: boolean;
}

/** GET /api/v1/Sampling/DownloadCheckReport: answers an application/pdf arraybuffer. */
export interface DownloadCheckReportQuery {
  reportId: Id;
}

// ---------------------------------------------------------------------------------------------------------
// System messages (the whole shape is our assumption)

/** Values of the 'message_type' dictionary. */
export type MessageType = 'report' | 'system' | 'reminder';
const MESSAGE_TYPES = ['report', 'system', 'reminder'] as const satisfies readonly MessageType[];
export const MESSAGE_TYPE_LABELS: Readonly<Record<MessageType, string>> = {
  report: '报告通知',
  system: '系统通知',
  reminder: '采样提醒',
};

/**
 * - summary: one-line preview for lists (assumption).
 * - content: plain text or HTML as `contentFormat` says (anything but 'html' is shown as text); sanitise HTML before rendering.
 * - reportId: report notices link to their report (assumption).
 */
/** Essential: the id (its detail, marking it read). */
export const systemMessageSchema = v.object({
  id,
  type: displayEnum(MESSAGE_TYPES),
  title: textOrEmpty,
  summary: textOrEmpty,
  content: textOrEmpty,
  contentFormat: optionalOpenEnum(['text', 'html']),
  read: booleanOrFalse,
  sentAt: displayDateTime,
  readAt: optionalDateTime,
  reportId: optionalId,
});
export type SystemMessage = v.InferOutput<typeof systemMessageSchema>;
export const systemMessagePageSchema = page(systemMessageSchema);

/**
 * POST /api/v1/SystemMessage/PageRecipientMessage: the current user's messages, newest first.
 * There is no unread-count endpoint: unread counts are the `total` of a page query with `read: false`
 * (pageSize 1 is enough).
 */
export interface MessagePageQuery extends PageQuery {
  type?: Open<MessageType>;
  read?: boolean;
}

/** GET /api/v1/SystemMessage/GetDetail. Reading the detail does not mark it read; ReadSystemMessage does. */
export interface MessageDetailQuery {
  id: Id;
}

/** POST /api/v1/SystemMessage/ReadSystemMessage. statusCode 2000 is the success; its responseData is not read. */
export interface ReadSystemMessagePayload {
  id: Id;
}

// ---------------------------------------------------------------------------------------------------------
// Questionnaires and responses (the whole shape is our assumption)

const QUESTION_TYPES = ['single', 'multiple', 'text'] as const;

/**
 * options for 'single' and 'multiple'; placeholder and maxLength for 'text'. Essential: id (the answer's
 * key), type (which input), title and the options' values and labels (nobody can answer without them).
 */
const questionSchema = v.object({
  id,
  type: openEnum(QUESTION_TYPES),
  title: text,
  required: booleanOrFalse,
  options: optionalObject(v.array(v.object({ value: text, label: text }))),
  placeholder: optionalText,
  maxLength: optionalInteger,
});
export type Question = v.InferOutput<typeof questionSchema>;

export const questionnaireSchema = v.object({
  id,
  title: textOrEmpty,
  description: textOrEmpty,
  version: textOrEmpty,
  questions: list(questionSchema),
});
export type Questionnaire = v.InferOutput<typeof questionnaireSchema>;

/** An item of Questionnaire/GetList. */
const questionnaireSummarySchema = v.object({
  id,
  title: textOrEmpty,
  description: textOrEmpty,
  version: textOrEmpty,
  questionCount: countOrZero,
});
export type QuestionnaireSummary = v.InferOutput<typeof questionnaireSummarySchema>;
/** Assumption: an array, not a page. */
export const questionnaireListSchema = list(questionnaireSummarySchema);

/** POST /api/v1/Questionnaire/GetList: all published questionnaires, optionally filtered by title. */
export interface QuestionnaireListQuery {
  keyword?: string;
}

/** GET /api/v1/Questionnaire/GetDetail. */
export interface QuestionnaireDetailQuery {
  id: Id;
}

export type ResponseStatus = 'draft' | 'submitted';
const RESPONSE_STATUSES = ['draft', 'submitted'] as const satisfies readonly ResponseStatus[];
export const RESPONSE_STATUS_LABELS: Readonly<Record<ResponseStatus, string>> = {
  draft: '草稿',
  submitted: '已提交',
};

/** 'single' and 'text' answers are strings, 'multiple' answers string arrays (option values). */
export type Answers = Record<Id, string | string[]>;

/** Answers keyed by question id; a number is taken as its digits, null or missing is no answers. */
const answersSchema = displayRecord<Answers>(
  v.record(v.string(), v.union([text, v.array(text)], 'string or string[]')),
);

/**
 * 问卷答卷. personName: the registration's person, when linked (assumption, for staff lists).
 * Essential: id, questionnaireId (which questions) and status (a draft is resumed, a submitted one read).
 */
const questionnaireResponseSchema = v.object({
  id,
  questionnaireId: id,
  questionnaireTitle: textOrEmpty,
  registrationId: optionalId,
  personName: optionalText,
  status: openEnum(RESPONSE_STATUSES),
  answers: answersSchema,
  createdAt: displayDateTime,
  updatedAt: displayDateTime,
  submittedAt: optionalDateTime,
});
export type QuestionnaireResponse = v.InferOutput<typeof questionnaireResponseSchema>;
export const questionnaireResponsePageSchema = page(questionnaireResponseSchema);

/** Response/GetDetail also carries the questionnaire it answers, so the detail page can show the questions. */
export const questionnaireResponseDetailSchema = v.object({
  ...questionnaireResponseSchema.entries,
  questionnaire: questionnaireSchema,
});
export type QuestionnaireResponseDetail = v.InferOutput<typeof questionnaireResponseDetailSchema>;

/** POST /api/v1/Response/Add: saves a draft. Answers may be incomplete. */
export interface ResponseAddPayload {
  questionnaireId: Id;
  registrationId?: Id;
  answers: Answers;
}

/** POST /api/v1/Response/Update: replaces a draft's answers (a submitted response cannot change: 9001). */
export interface ResponseUpdatePayload {
  id: Id;
  answers: Answers;
}

/**
 * POST /api/v1/Response/Submit: with `id` submits that draft (answers replace the draft's); without,
 * creates and submits. Every required question must be answered (else API_STATUS.questionnaireIncomplete
 * with responseData {questionId}).
 */
export interface ResponseSubmitPayload {
  id?: Id;
  questionnaireId: Id;
  registrationId?: Id;
  answers: Answers;
}

/** responseData of the 'questionnaire incomplete' failure. */
export const questionnaireIncompleteDataSchema = v.object({ questionId: id });
export type QuestionnaireIncompleteData = v.InferOutput<typeof questionnaireIncompleteDataSchema>;

/** POST /api/v1/Response/Page: check users get their own only. Newest (updatedAt) first. */
export interface ResponsePageQuery extends PageQuery {
  status?: ResponseStatus;
  questionnaireId?: Id;
  registrationId?: Id;
}

/** GET /api/v1/Response/GetDetail. */
export interface ResponseDetailQuery {
  id: Id;
}

// ---------------------------------------------------------------------------------------------------------
// Announcements and attachments (the whole shape is our assumption)

/** size in bytes. */
const attachmentSchema = v.object({
  id,
  fileName: textOrEmpty,
  size: countOrZero,
  contentType: textOrEmpty,
});
export type Attachment = v.InferOutput<typeof attachmentSchema>;

/** A list item of Announcement/Page: everything but the content. Essential: the id (its detail). */
const announcementSummarySchema = v.object({
  id,
  title: textOrEmpty,
  summary: textOrEmpty,
  publishedAt: displayDateTime,
  attachments: listOrEmpty(attachmentSchema),
});
export type AnnouncementSummary = v.InferOutput<typeof announcementSummarySchema>;
export const announcementPageSchema = page(announcementSummarySchema);

/**
 * Announcement/GetDetail. content: HTML; sanitise before rendering. Its own id is not read (the page
 * asked for it by id): optional here.
 */
export const announcementSchema = v.object({
  ...announcementSummarySchema.entries,
  id: optionalId,
  content: textOrEmpty,
});
export type Announcement = v.InferOutput<typeof announcementSchema>;

/** POST /api/v1/Announcement/Page, newest first. */
export interface AnnouncementPageQuery extends PageQuery {
  keyword?: string;
}

/** GET /api/v1/Announcement/GetDetail. */
export interface AnnouncementDetailQuery {
  id: Id;
}

/** GET /api/v1/Attachement/Download: answers the file as a blob. */
export interface DownloadAttachmentQuery {
  attachmentId: Id;
}
