import type { CallOptions, Id, RegistrationInput, RegistrationStatus } from '@/types/api';
import { registrationsOfIdCard } from './registrations-of-id-card';

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
  options: CallOptions = { silent: true },
): Promise<Id | undefined> {
  if (answered) return answered;
  const { same, unnamed } = await registrationsOfIdCard(input.idCard, 10, options);
  const saved = same.find((record) => record.status === status);
  if (saved) return saved.id;
  const candidates = unnamed.filter((record) => record.status === status);
  return candidates.length === 1 ? candidates[0].id : undefined;
}
