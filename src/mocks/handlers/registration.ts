import type { HttpHandler } from 'msw';
import { parseIdCard, validateIdCard } from '@/lib/id-card';
import { isValidPhone, NAME_REQUIRED_MESSAGE, normalizePhone, PHONE_INVALID_MESSAGE } from '@/lib/phone';
import {
  API_STATUS,
  type DictionaryTypeCode,
  type IdCardRegisteredData,
  type RegistrationSearchType,
  type RegistrationStatus,
} from '@/types/api';
import type { DemoDb, DemoUser, StoredRegistration } from '../db';
import { dictionaryText } from './dictionary';
import {
  BusinessError,
  byNewest,
  canSeeRegistration,
  endpoint,
  invalid,
  notFound,
  nowIso,
  optionalBoolean,
  optionalString,
  paginate,
  requiredString,
  warning,
  type Body,
  type HandlerOptions,
} from './shared';
import { activeTube, registrationView } from './views';

const ID_CARD_REGISTERED_MESSAGE = '该身份证号已登记';
export const REGISTRATION_NOT_FOUND_MESSAGE = '登记信息不存在';

type RegistrationFields = Omit<
  StoredRegistration,
  | 'id'
  | 'registeredAt'
  | 'updatedAt'
  | 'registeredBy'
  | 'registeredByName'
  | 'institutionName'
  | 'status'
  | 'createdByUserId'
>;

const CODED_FIELDS: readonly [keyof RegistrationFields, DictionaryTypeCode, string][] = [
  ['nation', 'nation', '民族'],
  ['education', 'education', '文化程度'],
  ['occupation', 'occupation', '职业'],
  ['emergencyContactRelation', 'relation', '与紧急联系人关系'],
];

function limited(input: Body, key: string, max: number, label: string): string {
  const value = optionalString(input, key) ?? '';
  if (value.length > max) throw invalid(`${label}不能超过 ${max} 个字`);
  return value;
}

/**
 * Server-side checks of Add/Submit; the same rules and messages as the form (spec §5). A draft (Add) may
 * leave the phone empty.
 */
function readRegistrationInput(db: DemoDb, input: Body, status: RegistrationStatus): RegistrationFields {
  const name = optionalString(input, 'name');
  if (!name) throw invalid(NAME_REQUIRED_MESSAGE);
  if (name.length > 30) throw invalid('姓名不能超过 30 个字');
  const rawIdCard = typeof input.idCard === 'string' ? input.idCard : '';
  const idCardMessage = validateIdCard(rawIdCard, db.now());
  if (idCardMessage) throw invalid(idCardMessage);
  const idCard = rawIdCard.trim().toUpperCase();
  const person = parseIdCard(idCard, db.now());
  if (!person) throw invalid('请输入正确的身份证号');
  const phone = typeof input.phone === 'string' ? input.phone : '';
  const phoneMissingInDraft = status === 'draft' && phone.trim() === '';
  if (!phoneMissingInDraft && !isValidPhone(phone)) throw invalid(PHONE_INVALID_MESSAGE);
  const contactPhone = optionalString(input, 'emergencyContactPhone');
  if (contactPhone && !isValidPhone(contactPhone)) throw invalid('请填写正确的紧急联系人电话');

  const fields: RegistrationFields = {
    name,
    idCard,
    gender: person.gender === 'male' ? '1' : '2',
    birthDate: person.birthDate,
    phone: phoneMissingInDraft ? '' : normalizePhone(phone),
    address: limited(input, 'address', 100, '地址'),
    nation: '',
    education: '',
    occupation: '',
    emergencyContactName: limited(input, 'emergencyContactName', 30, '紧急联系人姓名'),
    emergencyContactPhone: contactPhone ? normalizePhone(contactPhone) : '',
    emergencyContactRelation: '',
    familyHistory: optionalBoolean(input, 'familyHistory') ?? false,
  };
  for (const [field, typeCode, label] of CODED_FIELDS) {
    const value = optionalString(input, field);
    if (value === undefined) continue;
    if (!dictionaryText(db, typeCode, value)) throw invalid(`请选择正确的${label}`);
    (fields[field] as string) = value;
  }
  const responseId = optionalString(input, 'questionnaireResponseId');
  if (responseId) {
    if (!db.state.responses.some((response) => response.id === responseId)) throw invalid('问卷答卷不存在');
    fields.questionnaireResponseId = responseId;
  }
  return fields;
}

function findVisible(db: DemoDb, user: DemoUser, id: string | undefined): StoredRegistration {
  const registration = id ? db.state.registrations.find((candidate) => candidate.id === id) : undefined;
  if (!registration || !canSeeRegistration(user, registration))
    throw notFound(REGISTRATION_NOT_FOUND_MESSAGE);
  return registration;
}

/** Another account's draft does not hold an ID card; a submitted registration or one's own draft does. */
function assertIdCardFree(db: DemoDb, user: DemoUser, idCard: string, exceptId?: string): void {
  const existing = db.state.registrations.find(
    (candidate) =>
      candidate.idCard === idCard &&
      candidate.id !== exceptId &&
      (candidate.status === 'submitted' || candidate.createdByUserId === user.id),
  );
  if (existing) {
    const data: IdCardRegisteredData = { registrationId: existing.id };
    throw new BusinessError(API_STATUS.idCardRegistered, ID_CARD_REGISTERED_MESSAGE, data);
  }
}

function save(db: DemoDb, user: DemoUser, input: Body, status: RegistrationStatus) {
  const fields = readRegistrationInput(db, input, status);
  const id = optionalString(input, 'id');
  return db.mutate((state) => {
    if (id) {
      const existing = findVisible(db, user, id);
      if (status === 'draft' && existing.status === 'submitted') {
        throw warning('登记信息已提交，不能再保存为草稿');
      }
      assertIdCardFree(db, user, fields.idCard, existing.id);
      Object.assign(existing, fields, { status, updatedAt: nowIso(db) });
      return registrationView(db, existing);
    }
    assertIdCardFree(db, user, fields.idCard);
    const created: StoredRegistration = {
      ...fields,
      id: db.nextId(),
      registeredAt: nowIso(db),
      updatedAt: nowIso(db),
      registeredBy: user.role,
      registeredByName: user.name,
      institutionName: user.institutionName,
      status,
      createdByUserId: user.id,
    };
    state.registrations.push(created);
    return registrationView(db, created);
  });
}

const SEARCH_TYPES: readonly RegistrationSearchType[] = ['name', 'idCard', 'phone', 'tubeCode'];

function matches(
  db: DemoDb,
  registration: StoredRegistration,
  keyword: string,
  type?: RegistrationSearchType,
): boolean {
  const needle = keyword.toUpperCase();
  const fieldValue: Record<RegistrationSearchType, () => string> = {
    name: () => registration.name,
    idCard: () => registration.idCard,
    phone: () => registration.phone,
    tubeCode: () => activeTube(db, registration.id)?.code ?? '',
  };
  const types = type ? [type] : SEARCH_TYPES;
  return types.some((candidate) => fieldValue[candidate]().toUpperCase().includes(needle));
}

export function registrationHandlers(db: DemoDb, options: HandlerOptions): HttpHandler[] {
  return [
    endpoint(db, options, 'post', '/api/v1/ScreeningRegister/Add', ({ input, user }) =>
      save(db, user, input, 'draft'),
    ),

    endpoint(db, options, 'post', '/api/v1/ScreeningRegister/Submit', ({ input, user }) =>
      save(db, user, input, 'submitted'),
    ),

    endpoint(db, options, 'post', '/api/v1/ScreeningRegister/Delete', ({ input, user }) => {
      const registration = findVisible(db, user, requiredString(input, 'id', '缺少登记编号'));
      if (registration.status !== 'draft') throw warning('登记信息已提交，不能删除');
      db.mutate((state) => {
        state.registrations = state.registrations.filter((candidate) => candidate.id !== registration.id);
      });
      return null;
    }),

    endpoint(db, options, 'get', '/api/v1/ScreeningRegister/GetDetail', ({ input, user }) => {
      const id = requiredString(input, 'id', '缺少登记编号');
      return registrationView(db, findVisible(db, user, id));
    }),

    endpoint(db, options, 'post', '/api/v1/ScreeningRegister/Search', ({ input, user }) => {
      const keyword = optionalString(input, 'keyword');
      const searchType = optionalString(input, 'searchType') as RegistrationSearchType | undefined;
      if (searchType && !SEARCH_TYPES.includes(searchType)) throw invalid('不支持的查询方式');
      const status = optionalString(input, 'status');
      const found = db.state.registrations
        .filter((registration) => canSeeRegistration(user, registration))
        .filter((registration) => !status || registration.status === status)
        .filter((registration) => !keyword || matches(db, registration, keyword, searchType))
        .sort(
          byNewest((registration) =>
            status === 'draft'
              ? (registration.updatedAt ?? registration.registeredAt)
              : registration.registeredAt,
          ),
        );
      const page = paginate(found, input);
      return { ...page, records: page.records.map((registration) => registrationView(db, registration)) };
    }),
  ];
}
