import type { Registration } from '@/types/api';
import { getRegistrationDetail } from '@/api/registration';
import { useRead } from '@/lib/query-client';

/** One registration by id (from the page's `id` query); nothing is requested without an id. */
export function useRegistration(id: string | null) {
  const { data, isFetching, error, refetch } = useRead<Registration>({
    key: ['registration', id],
    read: (call) => getRegistrationDetail({ id: id ?? '' }, call),
    enabled: Boolean(id),
  });
  return { data, loading: isFetching, error, refresh: () => void refetch() };
}
