import { paths } from '@/config/paths';
import { getSessionAudience } from '@/lib/session';

/**
 * The message pages are work routes that the check-user home links to as well: Back without in-app
 * history returns to the home of whoever is signed in.
 */
export function sessionHomePath(): string {
  return getSessionAudience() === 'check' ? paths.checkUser : paths.workUser;
}
