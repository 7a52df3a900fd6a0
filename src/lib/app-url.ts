import { config } from '@/config/env';

/**
 * The document URL of an app path ('/checkUser?id=1') under the public base path, for full page loads
 * (`location.replace`). The router's basename is the same public base, so this is where the router
 * would put that path.
 */
export function appUrl(path: string): string {
  return `${config.publicBase}${path.replace(/^\/+/, '')}`;
}
