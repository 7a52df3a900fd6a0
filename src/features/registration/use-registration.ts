import { useRequest } from 'ahooks';
import type { Registration } from '@/types/api';
import { getRegistrationDetail } from '@/api/registration';

/** One registration by id (from the page's `id` query); nothing is requested without an id. */
export function useRegistration(id: string | null) {
  return useRequest<Registration, []>(() => getRegistrationDetail({ id: id ?? '' }), {
    ready: Boolean(id),
    refreshDeps: [id],
    // The page shows the failure (and lib/http the toast); without a handler ahooks logs it again.
    onError: () => undefined,
  });
}
