import type { Registration } from '@/types/api';
import { getRegistrationDetail } from '@/api/registration';
import { useApiRequest } from '@/lib/use-api-request';

/** One registration by id (from the page's `id` query); nothing is requested without an id. */
export function useRegistration(id: string | null) {
  return useApiRequest<Registration, []>(() => getRegistrationDetail({ id: id ?? '' }), {
    ready: Boolean(id),
    refreshDeps: [id],
  });
}
