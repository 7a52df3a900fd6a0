import { normalizeIdCard, validateIdCard } from '@/lib/id-card';
import type { Registration } from '@/types/api';

/** Who a registration is, for telling people apart: their ID number, or the registration when it has none. */
export function personKeyOf(registration: Registration): string {
  return normalizeIdCard(registration.idCard) || `registration:${registration.id}`;
}

/** A person the account's registrations name: the user, or someone they registered (family). */
export interface KnownPerson {
  /** The whole number, as the search sends it. */
  idCard: string;
  /** '' when the answer had none. */
  name: string;
  /** The user's own (UserProfile.registrationId). */
  own: boolean;
}

/**
 * The people of the account's registrations (the check home's overview) whose ID number the app holds
 * whole, each once however many registrations they have, the user first. A number left out or sent
 * masked is no number to search by.
 */
export function peopleWithIdCards(
  registrations: readonly Registration[],
  ownRegistrationId: string | undefined,
): KnownPerson[] {
  const people = new Map<string, KnownPerson>();
  for (const registration of registrations) {
    if (validateIdCard(registration.idCard) !== null) continue;
    const idCard = normalizeIdCard(registration.idCard);
    const own = registration.id === ownRegistrationId;
    const known = people.get(idCard);
    if (known) {
      known.own ||= own;
      known.name ||= registration.name;
    } else {
      people.set(idCard, { idCard, name: registration.name, own });
    }
  }
  return [...people.values()].sort((a, b) => Number(b.own) - Number(a.own));
}
