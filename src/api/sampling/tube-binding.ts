import { failureData } from '@/lib/http';
import { idCardRegisteredDataSchema, type Id } from '@/types/api';
import { getSamplingTubeStatus } from './get-sampling-tube-status';

/**
 * Reading the answers a lost or refused save leaves behind. Shared by the entry form and the offline
 * queue; no UI here, so the queue's sender can load it without the feedback layer.
 */

/** The registration an 'ID card already registered' answer names (its responseData), if any; a numeric id becomes a string. */
export function registeredIdFrom(body: unknown): Id | undefined {
  return failureData(body, idCardRegisteredDataSchema)?.registrationId;
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
