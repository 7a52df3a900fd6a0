import * as v from 'valibot';
import type { DraftSchema } from '@/lib/use-persistent-state';
import type { Answers, Id } from '@/types/api';

/** This device's copy of an answer sheet in progress (usePersistentState value). */
export interface LocalDraft {
  /** The server draft it autosaves to, once Response/Add has answered. */
  responseId?: Id;
  answers: Answers;
}

/** A stored answer sheet: the server draft's id, if any, and the answers as the form keeps them. */
export const localDraftSchema: DraftSchema<LocalDraft> = v.object({
  responseId: v.optional(v.string()),
  answers: v.record(v.string(), v.union([v.string(), v.array(v.string())])),
});

/**
 * One local draft per user group, questionnaire and registration: a reload, Back or a 401 re-login
 * lands on the same key. Ids only; the answers stay in this device's storage.
 */
export function draftStorageKey(
  audience: string,
  questionnaireId: Id,
  registrationId: Id | undefined,
): string {
  return `questionnaire:${audience}:${questionnaireId}:${registrationId ?? '-'}`;
}
