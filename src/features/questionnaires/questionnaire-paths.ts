import { paths } from '@/config/paths';

const APP_PATHS = new Set<string>(Object.values(paths));

/**
 * `returnTo` comes from the query string: accept only a path of this app (never another origin),
 * so the page cannot be turned into an open redirect.
 */
export function safeReturnTo(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  try {
    const url = new URL(value, 'http://app.invalid');
    if (url.origin !== 'http://app.invalid' || !APP_PATHS.has(url.pathname)) return undefined;
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/** returnTo with the submitted response's id added, so the page that sent the user here can link it. */
export function returnWithResponse(returnTo: string, responseId: string): string {
  const url = new URL(returnTo, 'http://app.invalid');
  url.searchParams.set('questionnaireResponseId', responseId);
  return `${url.pathname}${url.search}`;
}
