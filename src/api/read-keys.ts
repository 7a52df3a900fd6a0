import type { QueryClient } from '@tanstack/react-query';

/**
 * The first part of every read's key, by what the read shows. A write invalidates the parts it changed
 * (TanStack Query matches a key's beginning), so every page showing them asks again.
 */
export const readKeys = {
  profile: ['profile'],
  dictionaries: ['dictionary'],
  /** A registration, searches and lookups of them, this account's unsubmitted ones. */
  registrations: ['registrations'],
  /** A tube's status and progress. */
  tubes: ['tube-status'],
  reports: ['reports'],
  /** Questionnaire answers. */
  responses: ['responses'],
  /** What the questionnaire page plans from them: worked out anew at every visit, so no write invalidates it. */
  questionnairePlans: ['questionnaire-plan'],
  messages: ['messages'],
  unreadMessages: ['unread-messages'],
  announcements: ['announcements'],
  /** A downloaded report or attachment, kept for /downSuccess. */
  files: ['downloaded-file'],
  /** The check-user home: the person's registrations, reports and unfinished answers at once. */
  checkHome: ['check-overview'],
} as const;

/** What a write to a registration or its tube changes (a save, submit, bind, unbind, correction, delete). */
export const REGISTRATION_READS = [readKeys.registrations, readKeys.tubes, readKeys.checkHome];

/** What a questionnaire answer's save or submit changes (the history, the person's to-dos, the registration's link). */
export const RESPONSE_READS = [readKeys.responses, readKeys.checkHome, readKeys.registrations];

/** Marks the reads under `keys` stale: those on screen ask again at once, the others when next shown. */
export async function invalidateReads(
  queryClient: QueryClient,
  keys: readonly (readonly string[])[],
): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
