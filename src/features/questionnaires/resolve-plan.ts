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
import { hasAnyAnswer } from './answers';
import { draftStorageKey, type LocalDraft } from './draft-storage';

export interface DetailQuery {
  responseId?: Id;
  questionnaireId?: Id;
  registrationId?: Id;
}

/** What the detail page shows for its query. */
export type DetailPlan =
  /** Several questionnaires and none named: the user picks one. */
  | { kind: 'choose'; questionnaires: QuestionnaireSummary[]; responses: QuestionnaireResponse[] }
  /** A submitted response, read-only. `alreadySubmitted`: reached from a registration that has one. */
  | { kind: 'readonly'; response: QuestionnaireResponseDetail; alreadySubmitted: boolean }
  /** An unsubmitted draft exists (here or on the server): ask whether to resume it. */
  | {
      kind: 'offer';
      questionnaire: Questionnaire;
      registrationId?: Id;
      storageKey: string;
      local?: LocalDraft;
      server?: QuestionnaireResponse;
    }
  /** Fill in (a new sheet, or a draft whose answers are in local storage under storageKey). */
  | { kind: 'fill'; questionnaire: Questionnaire; registrationId?: Id; storageKey: string; responseId?: Id };

/** Enough to find this user's responses to one questionnaire for one registration. */
const RESPONSE_LOOKUP_SIZE = 50;

async function planForResponse(responseId: Id, audience: string): Promise<DetailPlan> {
  const detail = await getResponseDetail({ id: responseId }, { silent: true });
  if (detail.status === 'submitted') return { kind: 'readonly', response: detail, alreadySubmitted: false };
  const storageKey = draftStorageKey(audience, detail.questionnaireId, detail.registrationId);
  const local = readPersisted<LocalDraft>(storageKey);
  // This device's copy of the same draft is at least as new as the server's (autosave lags behind it).
  const sameDraft = local && (local.responseId === undefined || local.responseId === detail.id);
  const answers = sameDraft && hasAnyAnswer(local.answers) ? local.answers : detail.answers;
  writePersisted<LocalDraft>(storageKey, { responseId: detail.id, answers });
  return {
    kind: 'fill',
    questionnaire: detail.questionnaire,
    registrationId: detail.registrationId,
    storageKey,
    responseId: detail.id,
  };
}

async function planForQuestionnaire(
  questionnaireId: Id,
  registrationId: Id | undefined,
  audience: string,
): Promise<DetailPlan> {
  const [questionnaire, existing] = await Promise.all([
    getQuestionnaireDetail({ id: questionnaireId }, { silent: true }),
    pageResponse(
      { questionnaireId, registrationId, pageIndex: 1, pageSize: RESPONSE_LOOKUP_SIZE },
      { silent: true },
    ),
  ]);
  const mine = existing.records.filter(
    (response) =>
      response.questionnaireId === questionnaireId &&
      (response.registrationId || undefined) === registrationId,
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
  const local = readPersisted<LocalDraft>(storageKey);
  if (hasAnyAnswer(local?.answers) || hasAnyAnswer(server?.answers)) {
    return { kind: 'offer', questionnaire, registrationId, storageKey, local, server };
  }
  return { kind: 'fill', questionnaire, registrationId, storageKey, responseId: server?.id };
}

/** Works out what to show for a query (see the detail page for the entry points). */
export async function resolveDetailPlan(query: DetailQuery, audience: string): Promise<DetailPlan> {
  if (query.responseId) return planForResponse(query.responseId, audience);
  if (query.questionnaireId)
    return planForQuestionnaire(query.questionnaireId, query.registrationId, audience);
  const questionnaires = await getQuestionnaireList({}, { silent: true });
  if (questionnaires.length === 1)
    return planForQuestionnaire(questionnaires[0].id, query.registrationId, audience);
  const responses = query.registrationId
    ? (
        await pageResponse(
          { registrationId: query.registrationId, pageIndex: 1, pageSize: RESPONSE_LOOKUP_SIZE },
          { silent: true },
        )
      ).records
    : [];
  return { kind: 'choose', questionnaires, responses };
}
