import type { Page } from '@playwright/test';
import { REQUEST_TIMEOUT_MS, expect, test } from './support/fixtures';
import {
  CALLS,
  FAULTS,
  SESSION_EXPIRED_MESSAGE,
  loginWithForm,
  urlOf,
  type FaultCase,
} from './support/fault-drivers';

/**
 * The fault matrix: every main call under every fault of spec §8, injected once. Each case shows the
 * spec's Chinese message (or, for HTTP 401, ends the session and comes back after the re-login), keeps
 * what the user typed, and succeeds when the user tries again. Results: docs/fault-matrix.md.
 */
test.describe.configure({ mode: 'parallel' });

/** The test build gives up after REQUEST_TIMEOUT_MS (the spec's 10 s is a unit test); then the toast. */
const TIMEOUT_WAIT_MS = REQUEST_TIMEOUT_MS + 5_000;

async function expectMessage(page: Page, fault: FaultCase, message: string): Promise<void> {
  const timeout = fault.name === 'timeout' ? TIMEOUT_WAIT_MS : undefined;
  // A toast, the page's own alert, or both: the first visible one is what the user reads.
  await expect(page.getByText(message).filter({ visible: true }).first()).toBeVisible({ timeout });
}

for (const call of CALLS) {
  test.describe(call.title, () => {
    for (const fault of FAULTS) {
      test(`${call.name} × ${fault.name}`, async ({ page, api }) => {
        const context = await call.arrange(page, api);
        api.fault(call.endpoint, fault.fault, 1);
        await call.act(page, context);

        const returnPath = call.returnPath?.(context);
        if (fault.name === 'http401' && returnPath) {
          // The session ends without a toast: a work user signs in again and comes back to the page.
          await expect(page).toHaveURL(urlOf(`/login?redirect=${encodeURIComponent(returnPath)}`));
          await expect(page.locator('.adm-toast-main')).toHaveCount(0);
          await expect(page.getByText(SESSION_EXPIRED_MESSAGE).filter({ visible: true })).toHaveCount(0);
          await loginWithForm(page);
          await expect(page).toHaveURL(urlOf(returnPath));
          await call.resume?.(page, context);
          await call.expectKept(page, context, 'relogin');
          await call.retry(page, context, 'relogin');
        } else {
          // The login's own 401 is a refused sign-in: the form says why.
          await expectMessage(page, fault, fault.message ?? SESSION_EXPIRED_MESSAGE);
          await call.expectKept(page, context, 'failure');
          await call.retry(page, context, 'failure');
        }

        await call.expectSuccess(page, api, context);
        expect(api.requestsTo(call.endpoint).length).toBeGreaterThanOrEqual(2);
      });
    }
  });
}
