import { profileQuery } from '@/api/account/get-user-manage-profile';
import { unreadMessagesQuery } from '@/features/messages';
import { queryClient } from '@/lib/query-client';
import { checkOverviewQuery } from './check-overview-query';

/**
 * Starts every request of the check-user home at once (the profile, its overview, the unread counts):
 * the route's loader as the page's code loads, and a WeChat sign-in as soon as its token exists.
 */
export function prefetchCheckHome(): void {
  void queryClient.prefetchQuery(profileQuery());
  void queryClient.prefetchQuery(checkOverviewQuery());
  void queryClient.prefetchQuery(unreadMessagesQuery());
}
