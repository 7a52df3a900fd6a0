/**
 * The backend contract, in one place (spec §3 and §7).
 *
 * Conventions (our assumptions where the spec says "not shown"):
 * - ids are strings; date-times are ISO 8601 strings with offset (e.g. '2026-11-03T09:30:00+08:00'),
 *   dates are 'YYYY-MM-DD'.
 * - Dictionary-coded fields (nation, education, …) hold the dictionary item's value as a string,
 *   i.e. `String(DictionaryItem.value)` (the dictionary converts numeric values to numbers, spec §3).
 * - Every field a comment marks "assumption" is not shown in the spec.
 */
/** An id as sent by the backend (assumption: string ids everywhere). */
export type Id = string;
/** ISO 8601 date-time with offset (assumption). */
export type DateTimeString = string;
/** 'YYYY-MM-DD' (assumption). */
type DateString = string;

/**
 * Per-call options every API function accepts as its last argument.
 * `silent` turns off the automatic error toast (the caller shows the error itself).
 */
export interface CallOptions {
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The `Idempotency-Key` header of a state-changing call (assumption: the spec shows none; this is
   * the contract we ask of the server). The calls that save or change data (ScreeningRegister/Add and
   * /Submit, Sampling/BindSamplingTube and /UpdateSamplingOperation, Response/Add, /Submit, /Update)
   * carry one; by default the client makes it, one per action (the same url and body until the server
   * answers, lib/http/idempotency.ts), and a caller that retries across reloads passes its own (the
   * offline queue). Every request still has its own `requestId` (spec §7).
   *
   * Server contract: the key is an opaque string of at most 64 characters, scoped to the signed-in
   * account and the endpoint. The first request with a key is processed and its answer (envelope and
   * HTTP status) kept for at least 24 hours; a later request with the same key and the same body gets
   * that answer again without being processed again; the same key with a different body is refused
   * (HTTP 422), and while the first is still being processed a second is refused with HTTP 409. CORS
   * must allow the header (Access-Control-Allow-Headers: Idempotency-Key).
   */
  idempotencyKey?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Paging

/** Request paging; pageIndex is 1-based (spec §9: the dictionary fetch uses page index 1). */
interface PageQuery {
  pageIndex: number;
  pageSize: number;
}

/** A page of results. The spec shows `responseData.records` only; total, pageIndex and pageSize are our assumption. */
export interface Page<T> {
  records: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

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
export interface LoginResult {
  token: string;
}

/** POST /api/v1/Account/LoginWeChat. Assumption: the OAuth callback's query (`code`, `state`) passed through. */
export interface WeChatLoginPayload {
  code: string;
  state?: string;
}

/** GET /api/v1/Account/GetUserManageProfile. The whole shape is our assumption. */
export interface UserProfile {
  id: Id;
  name: string;
  /** Staff account name; absent for check users (they log in through WeChat). */
  accountName?: string;
  role: UserRole;
  institutionName: string;
  /** Masked, e.g. '138****5678'. */
  phone?: string;
  /** Check users only: their own registration, when one exists. */
  registrationId?: Id;
}

/** POST /api/v1/Account/GenerateWeChatSignature (spec §3): the page URL without the hash. */
export interface WeChatSignaturePayload {
  url: string;
}

/** Spec §3. Assumption: timestamp in seconds, as WeChat's wx.config expects. */
export interface WeChatSignatureResult {
  timestamp: number | string;
  nonceStr: string;
  signature: string;
}

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

/** A dictionary record as the backend sends it (spec §3). */
export interface DictionaryItemRaw {
  itemText: string;
  itemValue: string;
  /** Used as the tag type; the demo backend sends antd-mobile Tag colors ('success', 'danger', …). */
  customAttribute?: string | null;
}

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
export const GENDER_LABELS: Readonly<Record<GenderCode, string>> = { '1': '男', '2': '女' };

/** 'draft' after Add (editable), 'submitted' after Submit (can have a tube bound). */
export type RegistrationStatus = 'draft' | 'submitted';
export const REGISTRATION_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  draft: '待提交',
  submitted: '已提交',
};

export interface SamplingTubeSummary {
  code: string;
  status: SamplingTubeStatus;
  boundAt?: DateTimeString;
  collectedAt?: DateTimeString;
}

export interface Registration {
  id: Id;
  name: string;
  /** Full 18-character number; pages mask it for display. */
  idCard: string;
  /** Derived by the server from the ID card (spec §5 rule). */
  gender: GenderCode;
  age: number;
  birthDate: DateString;
  phone: string;
  address: string;
  /** Dictionary 'nation' value. */
  nation: string;
  /** Dictionary 'education' value. */
  education: string;
  /** Dictionary 'occupation' value. */
  occupation: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  /** Dictionary 'relation' value. */
  emergencyContactRelation: string;
  /** 大肠癌家族史 (first-degree relative with colorectal cancer). */
  familyHistory: boolean;
  questionnaireResponseId?: Id;
  registeredAt: DateTimeString;
  /** Which kind of user entered it. */
  registeredBy: UserRole;
  /** Assumption: display name of whoever entered it. */
  registeredByName: string;
  /** Assumption: the screening institution. */
  institutionName: string;
  status: RegistrationStatus;
  /** The tube currently bound, if any. */
  tube?: SamplingTubeSummary;
  /** Assumption: set once the bound tube has a report. */
  reportId?: Id;
}

/**
 * Body of ScreeningRegister/Add and /Submit. gender, age and birthDate are derived by the server from idCard.
 * With `id`, Add updates that draft and Submit submits it; without, both create.
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

/** Add/Submit result (assumption): the saved registration. */
export type RegistrationSaveResult = Registration;

/** responseData of the 'ID card already registered' failure (statusCode API_STATUS.idCardRegistered). */
export interface IdCardRegisteredData {
  registrationId: Id;
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
  status?: RegistrationStatus;
}

// ---------------------------------------------------------------------------------------------------------
// Sampling tubes (the whole shape is our assumption)

/**
 * unbound → bound → sampled → received → tested → reported; an unbind returns a tube to 'unbound'
 * (it can then be bound again). Unbinding is allowed only before the lab has received it.
 */
export type SamplingTubeStatus = 'unbound' | 'bound' | 'sampled' | 'received' | 'tested' | 'reported';
export const SAMPLING_TUBE_STATUS_LABELS: Readonly<Record<SamplingTubeStatus, string>> = {
  unbound: '未绑定',
  bound: '已绑定',
  sampled: '已采样',
  received: '实验室已接收',
  tested: '已检测',
  reported: '已出报告',
};
/** The forward order, for step displays. */
export const SAMPLING_TUBE_STATUS_FLOW: readonly SamplingTubeStatus[] = [
  'unbound',
  'bound',
  'sampled',
  'received',
  'tested',
  'reported',
];

/** A tube can be unbound while it is bound to someone and the lab has not received it. */
export function canUnbind(status: SamplingTubeStatus): boolean {
  return status === 'bound' || status === 'sampled';
}

export interface TubeTimelineEntry {
  status: SamplingTubeStatus;
  at: DateTimeString;
  note?: string;
}

export interface SamplingTube {
  code: string;
  status: SamplingTubeStatus;
  registrationId?: Id;
  boundAt?: DateTimeString;
  /** Collection date and time, recorded at binding. */
  collectedAt?: DateTimeString;
  /** Oldest first. */
  timeline: TubeTimelineEntry[];
}

/**
 * POST /api/v1/Sampling/BindSamplingTube. The registration must be submitted and have no tube;
 * collectedAt must not be in the future (9001).
 */
export interface BindSamplingTubePayload {
  registrationId: Id;
  tubeCode: string;
  collectedAt: DateTimeString;
}

/** POST /api/v1/Sampling/GetSamplingTubeStatus. */
export interface TubeStatusQuery {
  tubeCode: string;
}

/** An unknown code is `exists: false` here (not an error); binding an unknown code is an error. */
export interface TubeStatusResult {
  tubeCode: string;
  exists: boolean;
  status?: SamplingTubeStatus;
  /** Only when the caller may see that registration. */
  boundRegistrationId?: Id;
  /** Masked, e.g. '张*英'. */
  boundPersonName?: string;
  boundAt?: DateTimeString;
  collectedAt?: DateTimeString;
  timeline?: TubeTimelineEntry[];
}

type SamplingOperation = 'unbind';

/** POST /api/v1/Sampling/UpdateSamplingOperation. `reason` is an 'unbind_reason' dictionary value. Staff only. */
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
export const REPORT_RESULT_LABELS: Readonly<Record<ReportResult, string>> = {
  negative: '阴性',
  positive: '阳性',
};

export interface CheckReport {
  id: Id;
  registrationId: Id;
  personName: string;
  /** Full number; pages mask it for display. */
  idCard: string;
  tubeCode: string;
  /** Display name of the test, e.g. '便隐血（FIT）'. */
  testItem: string;
  testItemCode: 'FIT';
  result: ReportResult;
  sampledAt: DateTimeString;
  receivedAt: DateTimeString;
  reportedAt: DateTimeString;
  institution: string;
  doctor?: string;
  /** The recommended next step, plain text. */
  advice: string;
  /** File name of the PDF that DownloadCheckReport returns. */
  fileName: string;
}

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
export const MESSAGE_TYPE_LABELS: Readonly<Record<MessageType, string>> = {
  report: '报告通知',
  system: '系统通知',
  reminder: '采样提醒',
};

type MessageContentFormat = 'text' | 'html';

export interface SystemMessage {
  id: Id;
  type: MessageType;
  title: string;
  /** One-line preview for lists (assumption). */
  summary: string;
  /** Plain text or HTML as `contentFormat` says; sanitise HTML before rendering. */
  content: string;
  contentFormat: MessageContentFormat;
  read: boolean;
  sentAt: DateTimeString;
  readAt?: DateTimeString;
  /** Report notices link to their report (assumption). */
  reportId?: Id;
}

/**
 * POST /api/v1/SystemMessage/PageRecipientMessage: the current user's messages, newest first.
 * There is no unread-count endpoint: unread counts are the `total` of a page query with `read: false`
 * (pageSize 1 is enough).
 */
export interface MessagePageQuery extends PageQuery {
  type?: MessageType;
  read?: boolean;
}

/** GET /api/v1/SystemMessage/GetDetail. Reading the detail does not mark it read; ReadSystemMessage does. */
export interface MessageDetailQuery {
  id: Id;
}

/** POST /api/v1/SystemMessage/ReadSystemMessage: answers the message as now read. */
export interface ReadSystemMessagePayload {
  id: Id;
}

// ---------------------------------------------------------------------------------------------------------
// Questionnaires and responses (the whole shape is our assumption)

type QuestionType = 'single' | 'multiple' | 'text';

interface QuestionOption {
  value: string;
  label: string;
}

export interface Question {
  id: Id;
  type: QuestionType;
  title: string;
  required: boolean;
  /** For 'single' and 'multiple'. */
  options?: QuestionOption[];
  /** For 'text'. */
  placeholder?: string;
  maxLength?: number;
}

export interface Questionnaire {
  id: Id;
  title: string;
  description: string;
  version: string;
  questions: Question[];
}

/** An item of Questionnaire/GetList. */
export interface QuestionnaireSummary {
  id: Id;
  title: string;
  description: string;
  version: string;
  questionCount: number;
}

/** POST /api/v1/Questionnaire/GetList: all published questionnaires, optionally filtered by title. */
export interface QuestionnaireListQuery {
  keyword?: string;
}

/** GET /api/v1/Questionnaire/GetDetail. */
export interface QuestionnaireDetailQuery {
  id: Id;
}

export type ResponseStatus = 'draft' | 'submitted';
export const RESPONSE_STATUS_LABELS: Readonly<Record<ResponseStatus, string>> = {
  draft: '草稿',
  submitted: '已提交',
};

/** 'single' and 'text' answers are strings, 'multiple' answers string arrays (option values). */
export type Answers = Record<Id, string | string[]>;

/** 问卷答卷. */
export interface QuestionnaireResponse {
  id: Id;
  questionnaireId: Id;
  questionnaireTitle: string;
  registrationId?: Id;
  /** Name of the registration's person, when linked (assumption, for staff lists). */
  personName?: string;
  status: ResponseStatus;
  answers: Answers;
  createdAt: DateTimeString;
  updatedAt: DateTimeString;
  submittedAt?: DateTimeString;
}

/** Response/GetDetail also carries the questionnaire it answers, so the detail page can show the questions. */
export interface QuestionnaireResponseDetail extends QuestionnaireResponse {
  questionnaire: Questionnaire;
}

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
export interface QuestionnaireIncompleteData {
  questionId: Id;
}

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

export interface Attachment {
  id: Id;
  fileName: string;
  /** Bytes. */
  size: number;
  contentType: string;
}

export interface Announcement {
  id: Id;
  title: string;
  summary: string;
  /** HTML; sanitise before rendering. */
  content: string;
  publishedAt: DateTimeString;
  attachments: Attachment[];
}

/** A list item of Announcement/Page: everything but the content. */
export type AnnouncementSummary = Omit<Announcement, 'content'>;

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
