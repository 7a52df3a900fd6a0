import { paths } from '@/config/paths';
import type { SessionAudience } from '@/lib/session';

/** The home page of each group (work users log in at /login, check users through WeChat). */
export function homePathFor(audience: SessionAudience | null): string {
  return audience === 'check' ? paths.checkUser : paths.workUser;
}
