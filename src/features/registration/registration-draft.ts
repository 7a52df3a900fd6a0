import * as v from 'valibot';
import { normalizeIdCard } from '@/lib/id-card';
import { phoneDigits, validatePhone } from '@/lib/phone';
import type { Id, Registration, RegistrationInput } from '@/types/api';
import { validateRegistrationIdCard } from './registration-form-values';

/**
 * The entry form's values: the person, the tube and the collection time, as typed (not yet trimmed or
 * normalised). What the server holds of them is the draft's other part, ServerCopy.
 */
export interface RegistrationForm {
  name: string;
  idCard: string;
  phone: string;
  address: string;
  nation: string;
  education: string;
  occupation: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelation: string;
  /** Undefined until the user answers. */
  familyHistory?: boolean;
  tubeCode: string;
  /** ISO date-time of the sample collection; null until chosen (the form fills in "now"). */
  collectedAt: string | null;
}

/** The person fields the entry form edits (the tube and its time live beside the form). */
export type PersonFieldName = Exclude<keyof RegistrationForm, 'tubeCode' | 'collectedAt'>;

/**
 * The registration on the server that these values belong to. `registrationId` is set once a save has
 * answered: an unfinished registration saved with ScreeningRegister/Add (`status` 'draft', saved again
 * as the form changes) or a submitted one whose tube is not bound yet ('submitted': a retry binds that
 * registration instead of registering the person twice).
 */
export interface ServerCopy {
  registrationId?: Id;
  status?: 'draft' | 'submitted';
  /** The person fields as the server last accepted them (serverDraftSignature), to save only changes. */
  saved?: string;
}

/** An unfinished registration: what is typed, and what the server has of it. */
export interface RegistrationDraft {
  form: RegistrationForm;
  server: ServerCopy;
}

export const EMPTY_REGISTRATION_FORM: RegistrationForm = {
  name: '',
  idCard: '',
  phone: '',
  address: '',
  nation: '',
  education: '',
  occupation: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelation: '',
  familyHistory: undefined,
  tubeCode: '',
  collectedAt: null,
};

export const EMPTY_REGISTRATION_DRAFT: RegistrationDraft = { form: EMPTY_REGISTRATION_FORM, server: {} };

/** The person fields the user has typed something into (a draft worth restoring). */
export function formHasContent(form: RegistrationForm): boolean {
  return (Object.keys(EMPTY_REGISTRATION_FORM) as (keyof RegistrationForm)[]).some((key) => {
    if (key === 'collectedAt') return false;
    const value = form[key];
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined;
  });
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The request body for ScreeningRegister/Submit (and Add); with `registrationId`, of that registration.
 * The server derives gender, age and birth date from the ID card.
 */
export function toRegistrationInput(draft: RegistrationForm, registrationId?: Id): RegistrationInput {
  const emergencyPhone = optional(draft.emergencyContactPhone);
  return {
    ...(registrationId ? { id: registrationId } : {}),
    name: draft.name.trim(),
    idCard: normalizeIdCard(draft.idCard),
    phone: phoneDigits(draft.phone),
    address: optional(draft.address),
    nation: optional(draft.nation),
    education: optional(draft.education),
    occupation: optional(draft.occupation),
    emergencyContactName: optional(draft.emergencyContactName),
    emergencyContactPhone: emergencyPhone === undefined ? undefined : phoneDigits(emergencyPhone),
    emergencyContactRelation: optional(draft.emergencyContactRelation),
    familyHistory: draft.familyHistory,
  };
}

const MAX_NAME_LENGTH = 30;

/**
 * The ScreeningRegister/Add body for an unfinished registration, or null while it cannot be saved yet:
 * the server needs a name and a valid ID card (RegistrationInput's contract). A phone number that is
 * not valid yet is left out rather than refused; a registration submitted already is never saved as a
 * draft again.
 */
export function serverDraftInput({ form, server }: RegistrationDraft): RegistrationInput | null {
  if (server.registrationId && server.status !== 'draft') return null;
  const name = form.name.trim();
  if (!name || name.length > MAX_NAME_LENGTH) return null;
  if (validateRegistrationIdCard(normalizeIdCard(form.idCard)) !== null) return null;
  const input = toRegistrationInput(form, server.registrationId);
  return {
    ...input,
    phone: validatePhone(form.phone) === null ? input.phone : '',
    emergencyContactPhone:
      validatePhone(form.emergencyContactPhone) === null ? input.emergencyContactPhone : undefined,
  };
}

/** What the server's copy is compared by: the person fields, not the id they are saved under. */
export function serverDraftSignature(input: RegistrationInput): string {
  const { id: _id, ...fields } = input;
  return JSON.stringify(fields);
}

/** The Add body when the draft has changes the server does not have yet; otherwise null. */
export function unsavedServerDraft(draft: RegistrationDraft): RegistrationInput | null {
  const input = serverDraftInput(draft);
  return input && serverDraftSignature(input) !== draft.server.saved ? input : null;
}

/** A saved registration's person as form values (to correct it, or to continue a server draft). */
export function formFromRegistration(registration: Registration): RegistrationForm {
  return {
    ...EMPTY_REGISTRATION_FORM,
    name: registration.name,
    idCard: registration.idCard,
    phone: registration.phone,
    address: registration.address ?? '',
    nation: registration.nation ?? '',
    education: registration.education ?? '',
    occupation: registration.occupation ?? '',
    emergencyContactName: registration.emergencyContactName ?? '',
    emergencyContactPhone: registration.emergencyContactPhone ?? '',
    emergencyContactRelation: registration.emergencyContactRelation ?? '',
    familyHistory: registration.familyHistory,
  };
}

/** A server draft (待提交登记) as the form's draft, known to be saved as it is. */
export function draftFromServerDraft(registration: Registration): RegistrationDraft {
  const draft: RegistrationDraft = {
    form: formFromRegistration(registration),
    server: { registrationId: registration.id, status: 'draft' },
  };
  const input = serverDraftInput(draft);
  return input ? { ...draft, server: { ...draft.server, saved: serverDraftSignature(input) } } : draft;
}

const text = v.optional(v.string());
/** The form values as stored: every field optional (an older version may have had fewer). */
const storedFormFields = {
  ...Object.fromEntries(
    (Object.keys(EMPTY_REGISTRATION_FORM) as (keyof RegistrationForm)[]).map((key) => [key, text]),
  ),
  familyHistory: v.optional(v.boolean()),
  collectedAt: v.optional(v.nullable(v.string())),
};
const storedServerSchema = v.optional(
  v.object({
    registrationId: text,
    status: v.optional(v.picklist(['draft', 'submitted'])),
    saved: text,
  }),
);
/** This version's format, and the flat one of drafts written before the form and server copy were apart. */
const storedDraftSchema = v.union([
  v.object({ form: v.object(storedFormFields), server: storedServerSchema }),
  v.object({
    ...storedFormFields,
    form: v.optional(v.undefined()),
    registrationId: text,
    serverStatus: v.optional(v.unknown()),
    serverSaved: text,
  }),
]);

/** valibot's object schemas take an array for an object with no fields: a stored draft is never one. */
const notArray = v.custom<unknown>((value) => !Array.isArray(value));

/** The stored draft as this version's: the flat one's fields moved to their places. */
function draftFromStored(stored: v.InferOutput<typeof storedDraftSchema>): RegistrationDraft {
  const value = stored as Partial<RegistrationDraft> & Record<string, unknown>;
  if (typeof value.form === 'object' && value.form !== null)
    return { form: { ...EMPTY_REGISTRATION_FORM, ...value.form }, server: { ...value.server } };
  const { registrationId, serverStatus, serverSaved, ...form } = value;
  return {
    form: { ...EMPTY_REGISTRATION_FORM, ...(form as Partial<RegistrationForm>) },
    server: {
      registrationId: typeof registrationId === 'string' ? registrationId : undefined,
      status: serverStatus === 'draft' || serverStatus === 'submitted' ? serverStatus : undefined,
      saved: typeof serverSaved === 'string' ? serverSaved : undefined,
    },
  };
}

/** The registration draft's schema for lib/use-persistent-state's reader: either format, as this version's. */
export const registrationDraftSchema = v.pipe(notArray, storedDraftSchema, v.transform(draftFromStored));

/** A correction's draft (the form alone): every field of this version, those missing empty. */
export const registrationFormSchema = v.pipe(
  notArray,
  v.object(storedFormFields),
  v.transform((form): RegistrationForm => ({ ...EMPTY_REGISTRATION_FORM, ...form })),
);

/**
 * A stored draft as this version reads it, or undefined when there is none or it does not match the
 * schema (dropped with a console line: a draft of the wrong shape must not break the form on every
 * load). Drafts written before the form and its server copy were kept apart held both in one flat
 * object: they are read too, so an update loses nobody's typing.
 */
export function readStoredDraft(stored: unknown): RegistrationDraft | undefined {
  if (stored === undefined || stored === null) return undefined;
  const read = v.safeParse(registrationDraftSchema, stored);
  if (!read.success) {
    console.warn('本机保存的登记草稿格式不正确，已忽略');
    return undefined;
  }
  return read.output;
}
