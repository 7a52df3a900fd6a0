import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '@/app/router';
import {
  EMPTY_REGISTRATION_FORM,
  type RegistrationForm,
  type ServerCopy,
} from '@/features/registration/registration-draft';
import { registrationDraftKey } from '@/lib/work-keys';
import { setSessionOwner, type SessionOwner } from '@/lib/session';
import { persistedStorageKey } from '@/lib/use-persistent-state';
import { setToken } from '@/lib/token';
import { loginManage, loginWeChat } from '@/api/account';
import { CHECK_USER_ID } from '@/mocks/seed';

/** The demo accounts signInForTest signs in as: staff admin, and the check user WeChat signs in. */
export const TEST_OWNERS: Readonly<Record<'work' | 'check', SessionOwner>> = {
  work: { audience: 'work', account: 'admin' },
  check: { audience: 'check', account: CHECK_USER_ID },
};

/** The localStorage key of a test account's registration form draft. */
export function testDraftKey(audience: 'work' | 'check' = 'work'): string {
  return persistedStorageKey(registrationDraftKey(TEST_OWNERS[audience]));
}

/** A test account's stored registration draft, as the draft store keeps it (form and server copy), or null. */
export function storedTestDraft(
  audience: 'work' | 'check' = 'work',
): { form: Record<string, unknown>; server: Record<string, unknown> } | null {
  const raw = localStorage.getItem(testDraftKey(audience));
  return raw ? (JSON.parse(raw) as { value: ReturnType<typeof storedTestDraft> }).value : null;
}

/** Stores a test account's registration draft as the draft store keeps it. */
export function storeTestDraft(form: Partial<RegistrationForm>, server: ServerCopy = {}): void {
  localStorage.setItem(
    testDraftKey(),
    JSON.stringify({ savedAt: Date.now(), value: { form: { ...EMPTY_REGISTRATION_FORM, ...form }, server } }),
  );
}

export interface RenderRouteOptions {
  /** Marks the session's owner (pair with `await signInForTest(...)`, which stores a real demo token). */
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
  if (options.session) setSessionOwner(TEST_OWNERS[options.session]);
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
  setSessionOwner(TEST_OWNERS[audience]);
  return result.token;
}
