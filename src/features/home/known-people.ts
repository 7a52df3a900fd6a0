import { normalizeIdCard } from '@/lib/id-card';
import type { Registration } from '@/types/api';

/** Who a registration is, for telling people apart: their ID number, or the registration when it has none. */
export function personKeyOf(registration: Registration): string {
  return normalizeIdCard(registration.idCard) || `registration:${registration.id}`;
}
