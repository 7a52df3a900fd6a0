import { getSamplingTubeStatus } from './get-sampling-tube-status';
import type { Id, IdCardRegisteredData } from '@/types/api';

/**
 * Reading the answers a lost or refused save leaves behind. Shared by the entry form and the offline
 * queue; no UI here, so the queue's sender can load it without the feedback layer.
 */

/** The registration an 'ID card already registered' answer names (its responseData), if any. */
export function registeredIdFrom(body: unknown): Id | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = (body as { responseData?: Partial<IdCardRegisteredData> | null }).responseData;
  return typeof data?.registrationId === 'string' ? data.registrationId : undefined;
}

/**
 * The registration the tube is bound to now, or null when it is unknown, free, or bound to someone the
 * caller may not see. A tube whose status is not given counts as free. Rejects when the lookup fails.
 */
export async function boundRegistrationOf(tubeCode: string): Promise<Id | null> {
  const status = await getSamplingTubeStatus({ tubeCode }, { silent: true });
  if (!status.exists || (status.status ?? 'unbound') === 'unbound') return null;
  return status.boundRegistrationId ?? null;
}
