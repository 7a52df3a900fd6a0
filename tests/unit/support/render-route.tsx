import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '@/app/router';
import { setSessionAudience } from '@/lib/session';
import { setToken } from '@/lib/token';
import { loginManage, loginWeChat } from '@/api/account';

export interface RenderRouteOptions {
  /** Marks the session's audience (pair with `await signInForTest(...)`, which stores a real demo token). */
  session?: 'work' | 'check' | null;
  /** Extra history entries before `path` (e.g. to test Back). */
  history?: string[];
}

/**
 * Renders the app's real route table and layout at `path` in a memory router, so a page test sees
 * the route's title, audience and lazy loading exactly as the app does.
 */
export function renderRoute(
  path: string,
  options: RenderRouteOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  if (options.session) setSessionAudience(options.session);
  const entries = [...(options.history ?? []), path];
  const router = createMemoryRouter(createAppRoutes(), {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const result = render(<RouterProvider router={router} />);
  return Object.assign(result, { router });
}

let codeSeq = 0;

/** Logs in against the demo backend (msw) and stores the real token, as the login pages do. */
export async function signInForTest(audience: 'work' | 'check' = 'work'): Promise<string> {
  const result =
    audience === 'work'
      ? await loginManage({ accountName: 'admin', accountPwd: '123456' })
      : await loginWeChat({ code: `unit-test-code-${(codeSeq += 1)}-${Date.now()}` });
  setToken(result.token);
  setSessionAudience(audience);
  return result.token;
}
