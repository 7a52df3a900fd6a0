import { readKeys } from '@/api/read-keys';
import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { normalizeIdCard } from '@/lib/id-card';
import { useSettledValue } from '@/lib/use-settled-value';
import type { Id, Registration } from '@/types/api';
import { registrationsOfIdCard } from '@/api/registration';
import { validateRegistrationIdCard } from './registration-form-values';

export interface RegisteredIdCard {
  idCard: string;
  registration: Pick<Registration, 'id' | 'name' | 'registeredAt'>;
}

type Found = (RegisteredIdCard['registration'] & Pick<Registration, 'status'>)[];

/** How long the ID card must stay unchanged (and valid) before it is looked up while typing. */
const ID_CARD_LOOKUP_DELAY_MS = 300;

/** The registrations of one normalised ID card; a failure is "none found". Nothing is asked for ''. */
const idCardQuery = (idCard: string) =>
  queryOptions({
    queryKey: [...readKeys.registrations, 'of-id-card', idCard],
    queryFn: idCard
      ? ({ signal }): Promise<Found> =>
          registrationsOfIdCard(idCard, 5, { signal, silent: true }).then(
            ({ same }) =>
              same.map(({ id, name, registeredAt, status }) => ({ id, name, registeredAt, status })),
            () => [],
          )
      : skipToken,
    meta: { silent: true },
  });

/**
 * Looks an ID card up while the person is typed in (once the number is valid and has rested for
 * ID_CARD_LOOKUP_DELAY_MS), so the user can open the existing registration instead of typing everything
 * in vain, and so the submit tap does not wait for the lookup. Best effort and silent: the server's
 * 'already registered' answer at submit is the authority, so a failed lookup counts as "none found".
 * `ownId` (the draft's own saved registration) is not a conflict.
 */
export function useRegisteredIdCard(ownId: Id | undefined, rawIdCard: string) {
  // A draft found here is this account's own (a draft is its author's): not a conflict but the record
  // to continue (typed again on another phone, or its id lost to a reload mid-save).
  const conflictIn = useCallback(
    (idCard: string, found: Found): RegisteredIdCard | null => {
      const registration = found.find((record) => record.id !== ownId && record.status !== 'draft');
      return registration ? { idCard, registration: { ...registration } } : null;
    },
    [ownId],
  );

  const queryClient = useQueryClient();
  const idCard = normalizeIdCard(rawIdCard);
  const valid = validateRegistrationIdCard(idCard) === null;
  const rested = useSettledValue(idCard, ID_CARD_LOOKUP_DELAY_MS);
  const typed = useQuery(idCardQuery(valid && rested === idCard ? rested : ''));

  /** The existing registration of this ID card: from the lookup already made, or after waiting for it. */
  const check = useCallback(
    async (raw: string): Promise<RegisteredIdCard | null> => {
      const normalized = normalizeIdCard(raw);
      if (validateRegistrationIdCard(normalized) !== null) return null;
      // The lookup already made for this ID card in this session, or a new one.
      return conflictIn(normalized, await queryClient.ensureQueryData(idCardQuery(normalized)));
    },
    [conflictIn, queryClient],
  );

  const found = valid && rested === idCard ? typed.data : undefined;
  return {
    check,
    /** The conflict for the typed ID card, once its lookup has answered. */
    conflict: found ? conflictIn(idCard, found) : null,
    /** This account's unfinished registration of the typed ID card, if the lookup found one. */
    ownDraftId: found?.find((record) => record.status === 'draft')?.id,
    /** True when the typed ID card is valid and its lookup has not answered yet. */
    pending: valid && found === undefined,
  };
}
