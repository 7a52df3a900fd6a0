import { profileQuery } from '@/api/account/get-user-manage-profile';
import { queryClient } from '@/lib/query-client';

/**
 * Asks for the profile as soon as a staff sign-in has its token, not waited for: the home shows the
 * name when this answer arrives. A chunk of its own: /login does not load the query library up front.
 */
export function prefetchProfile(): void {
  void queryClient.prefetchQuery(profileQuery());
}
