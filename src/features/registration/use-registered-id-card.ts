import { useCallback, useRef, useState } from 'react';
import { normalizeIdCard } from '@/lib/id-card';
import type { Id, Registration } from '@/types/api';
import { searchRegistrations } from '@/api/registration';
import { validateRegistrationIdCard } from './registration-form-values';

export interface RegisteredIdCard {
  idCard: string;
  registration: Pick<Registration, 'id' | 'name' | 'registeredAt'>;
}

/**
 * Looks an ID card up before submitting, so the user can open the existing registration instead of
 * typing everything in vain. Best effort and silent: the server's 'already registered' answer at submit
 * is the authority. `ownId` (the draft's own saved registration) is not a conflict.
 */
export function useRegisteredIdCard(ownId: Id | undefined) {
  const [found, setFound] = useState<RegisteredIdCard | null>(null);
  const latest = useRef('');

  const check = useCallback(
    async (raw: string): Promise<RegisteredIdCard | null> => {
      const idCard = normalizeIdCard(raw);
      latest.current = idCard;
      if (validateRegistrationIdCard(idCard) !== null) {
        setFound(null);
        return null;
      }
      try {
        const page = await searchRegistrations(
          { keyword: idCard, searchType: 'idCard', pageIndex: 1, pageSize: 5 },
          { silent: true },
        );
        const match = page.records.find(
          (record) => record.idCard.toUpperCase() === idCard && record.id !== ownId,
        );
        const next = match
          ? { idCard, registration: { id: match.id, name: match.name, registeredAt: match.registeredAt } }
          : null;
        if (latest.current === idCard) setFound(next);
        return next;
      } catch {
        return null;
      }
    },
    [ownId],
  );

  /** The conflict for this ID card, if the last lookup found one. */
  const conflictFor = useCallback(
    (raw: string) => (found && found.idCard === normalizeIdCard(raw) ? found : null),
    [found],
  );

  return { check, conflictFor };
}
