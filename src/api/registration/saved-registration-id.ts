import type { Id, RegistrationInput, RegistrationStatus } from '@/types/api';
import { searchRegistrations } from './search-registrations';

/**
 * The id of the registration a save (Add or Submit) has just written. It comes from the answer when
 * the server sends it (savedIdSchema); a server that answers a save without it (null, a message) is
 * asked by ID card, and the record with that ID card and the status the save gives is the one saved
 * (a record whose ID card the server leaves out counts when it is the only one). undefined when none
 * is found. Rejects when the lookup fails, like the calls themselves.
 */
export async function savedRegistrationId(
  answered: Id | undefined,
  input: Pick<RegistrationInput, 'idCard'>,
  status: RegistrationStatus,
): Promise<Id | undefined> {
  if (answered) return answered;
  const idCard = input.idCard.trim().toUpperCase();
  const page = await searchRegistrations(
    { searchType: 'idCard', keyword: idCard, pageIndex: 1, pageSize: 10 },
    { silent: true },
  );
  const withStatus = page.records.filter((record) => record.status === status);
  const same = withStatus.find((record) => record.idCard.toUpperCase() === idCard);
  if (same) return same.id;
  const unnamed = withStatus.filter((record) => !record.idCard);
  return unnamed.length === 1 ? unnamed[0].id : undefined;
}
