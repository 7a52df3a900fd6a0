import { readKeys } from '@/api/read-keys';
import { queryOptions } from '@tanstack/react-query';
import { readPersisted, writePersisted } from '@/lib/use-persistent-state';
import type {
  Id,
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseDetail,
  QuestionnaireSummary,
} from '@/types/api';
import {
  getQuestionnaireDetail,
  getQuestionnaireList,
  getResponseDetail,
  pageResponse,
} from '@/api/questionnaires';
import { getRegistrationDetail, searchRegistrations } from '@/api/registration';
import { profileQuery } from '@/api/account/get-user-manage-profile';
import { queryClient } from '@/lib/query-client';
import { hasAnyAnswer } from './answers';
import { draftStorageKey, localDraftSchema, type LocalDraft } from './draft-storage';

export interface DetailQuery {
  responseId?: Id;
  questionnaireId?: Id;
  registrationId?: Id;
}

/** What the detail page shows for its query. */
export type DetailPlan =
  /**
   * No person named: every questionnaire belongs to a registration, so the user first chooses whose it
   * is (staff search for the person; a check user with no registration of their own picks one they
   * entered, or is asked to register).
   */
  | { kind: 'person' }
  /** Several questionnaires and none named: the user picks one. */
  | {
      kind: 'choose';
      questionnaires: QuestionnaireSummary[];
      responses: QuestionnaireResponse[];
      registrationId: Id;
    }
  /** A submitted response, read-only. `alreadySubmitted`: reached from a registration that has one. */
  | { kind: 'readonly'; response: QuestionnaireResponseDetail; alreadySubmitted: boolean }
  /** An unsubmitted draft exists (here or on the server): ask whether to resume it. */
  | {
      kind: 'offer';
      questionnaire: Questionnaire;
      registrationId?: Id;
      personName?: string;
      personIsUser?: boolean;
      storageKey: string;
      local?: LocalDraft;
      server?: QuestionnaireResponse;
    }
  /** Fill in (a new sheet, or a draft whose answers are in local storage under storageKey). */
  | {
      kind: 'fill';
      questionnaire: Questionnaire;
      registrationId?: Id;
      /** Whose questionnaire it is (shown above the questions); unknown when the lookup failed. */
      personName?: string;
      /** Whether that person is the one signed in (false: a family member, or staff filling in). */
      personIsUser?: boolean;
      storageKey: string;
      responseId?: Id;
    };

/** Enough to find this user's responses to one questionnaire for one registration. */
const RESPONSE_LOOKUP_SIZE = 50;

async function planForResponse(responseId: Id, audience: string): Promise<DetailPlan> {
  const detail = await getResponseDetail({ id: responseId }, { silent: true });
  if (detail.status === 'submitted') return { kind: 'readonly', response: detail, alreadySubmitted: false };
  const personIsUser = await isUsersOwn(detail.registrationId, audience);
  const storageKey = draftStorageKey(audience, detail.questionnaireId, detail.registrationId);
  const local = readPersisted(storageKey, localDraftSchema);
  // This device's copy of the same draft is at least as new as the server's (autosave lags behind it).
  const sameDraft = local && (local.responseId === undefined || local.responseId === detail.id);
  const answers = sameDraft && hasAnyAnswer(local.answers) ? local.answers : detail.answers;
  writePersisted<LocalDraft>(storageKey, { responseId: detail.id, answers });
  return {
    kind: 'fill',
    questionnaire: detail.questionnaire,
    registrationId: detail.registrationId,
    personName: detail.personName,
    personIsUser,
    storageKey,
    responseId: detail.id,
  };
}

/**
 * Whether registration `id` is the signed-in person's own (a check user's, by their profile): staff
 * always fill in for someone else. Undefined when the profile cannot be read.
 */
function isUsersOwn(id: Id | undefined, audience: string): Promise<boolean | undefined> {
  if (audience !== 'check') return Promise.resolve(false);
  return queryClient.fetchQuery(profileQuery()).then(
    (profile) => id !== undefined && profile.registrationId === id,
    () => undefined,
  );
}

/** The registration's name, or undefined when it cannot be read (the form works without it). */
function personNameOf(registrationId: Id | undefined): Promise<string | undefined> {
  if (!registrationId) return Promise.resolve(undefined);
  return getRegistrationDetail({ id: registrationId }, { silent: true }).then(
    (registration) => registration.name,
    () => undefined,
  );
}

/**
 * A check user's questionnaire is for their own registration; without one, for their only
 * registration (one they entered); otherwise they choose (undefined).
 */
async function checkUserRegistration(): Promise<Id | undefined> {
  const profile = await queryClient.fetchQuery(profileQuery());
  if (profile.registrationId) return profile.registrationId;
  const visible = await searchRegistrations({ pageIndex: 1, pageSize: 2 }, { silent: true });
  return visible.records.length === 1 ? visible.records[0].id : undefined;
}

async function planForQuestionnaire(
  questionnaireId: Id,
  registrationId: Id | undefined,
  audience: string,
): Promise<DetailPlan> {
  const [questionnaire, existing, personName, personIsUser] = await Promise.all([
    getQuestionnaireDetail({ id: questionnaireId }, { silent: true }),
    pageResponse(
      { questionnaireId, registrationId, pageIndex: 1, pageSize: RESPONSE_LOOKUP_SIZE },
      { silent: true },
    ),
    personNameOf(registrationId),
    isUsersOwn(registrationId, audience),
  ]);
  // The filters are ours: a record that names another questionnaire or person is not this one; a record
  // that leaves the person out (a display field a server may omit) is taken as the filter asked.
  const mine = existing.records.filter(
    (response) =>
      response.questionnaireId === questionnaireId &&
      (response.registrationId === undefined || response.registrationId === registrationId),
  );
  if (registrationId) {
    // A registration answers a questionnaire once: show what was submitted instead of a second sheet.
    const submitted = mine.find((response) => response.status === 'submitted');
    if (submitted) {
      const response = await getResponseDetail({ id: submitted.id }, { silent: true });
      return { kind: 'readonly', response, alreadySubmitted: true };
    }
  }
  const server = mine.find((response) => response.status === 'draft');
  const storageKey = draftStorageKey(audience, questionnaireId, registrationId);
  const local = readPersisted(storageKey, localDraftSchema);
  if (hasAnyAnswer(local?.answers) || hasAnyAnswer(server?.answers)) {
    return {
      kind: 'offer',
      questionnaire,
      registrationId,
      personName,
      personIsUser,
      storageKey,
      local,
      server,
    };
  }
  return {
    kind: 'fill',
    questionnaire,
    registrationId,
    personName,
    personIsUser,
    storageKey,
    responseId: server?.id,
  };
}

/** Works out what to show for a query (see the detail page for the entry points). */
async function resolveDetailPlan(query: DetailQuery, audience: string): Promise<DetailPlan> {
  if (query.responseId) return planForResponse(query.responseId, audience);
  const registrationId =
    query.registrationId ?? (audience === 'check' ? await checkUserRegistration() : undefined);
  if (!registrationId) return { kind: 'person' };
  if (query.questionnaireId) return planForQuestionnaire(query.questionnaireId, registrationId, audience);
  const [questionnaires, answered] = await Promise.all([
    getQuestionnaireList({}, { silent: true }),
    pageResponse({ registrationId, pageIndex: 1, pageSize: RESPONSE_LOOKUP_SIZE }, { silent: true }),
  ]);
  const responses = answered.records.filter(
    (response) => response.registrationId === undefined || response.registrationId === registrationId,
  );
  const open = questionnairesToAnswer(questionnaires, responses);
  if (open.length === 1) return planForQuestionnaire(open[0].id, registrationId, audience);
  return { kind: 'choose', questionnaires, responses, registrationId };
}

/**
 * The questionnaires that apply to a registration: those it has not submitted (it answers each once).
 * When it has submitted them all, every one, so that the only one published still opens (read-only).
 */
function questionnairesToAnswer(
  questionnaires: QuestionnaireSummary[],
  responses: readonly QuestionnaireResponse[],
): QuestionnaireSummary[] {
  const open = questionnaires.filter(
    (questionnaire) =>
      !responses.some(
        (response) => response.questionnaireId === questionnaire.id && response.status === 'submitted',
      ),
  );
  return open.length > 0 ? open : questionnaires;
}

/**
 * What the questionnaire page shows for its query, as a read (its requests are silent already: the
 * page shows the failure).
 */
export const detailPlanQuery = (query: DetailQuery, audience: string) =>
  queryOptions({
    queryKey: [...readKeys.questionnairePlans, audience, query],
    queryFn: () => resolveDetailPlan(query, audience),
    // It weighs this phone's drafts too, which change with no write to the server (readKeys).
    staleTime: 0,
    meta: { silent: true },
  });
