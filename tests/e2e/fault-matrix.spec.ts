import type { Page } from '@playwright/test';
import { READ_MAX_TRIES } from '../../src/lib/http/retry-policy';
import { REQUEST_TIMEOUT_MS, expect, test } from './support/fixtures';
import {
  CALLS,
  FAULTS,
  SESSION_EXPIRED_MESSAGE,
  loginWithForm,
  urlOf,
  type CallDriver,
  type FaultCase,
} from './support/fault-drivers';

/**
 * The fault matrix: every main call under every fault of spec §8. A work user is brought to the call
 * with typed input and meets the faults one after another, each injected once, trying again after
 * each: every attempt shows the spec's Chinese message and keeps what the user typed, and the attempt
 * after the last fault succeeds. HTTP 401 ends the session (the user signs in again and comes back to
 * the page), so it is a test of its own. Results: docs/fault-matrix.md.
 */
test.describe.configure({ mode: 'parallel' });

/** The test build gives up after REQUEST_TIMEOUT_MS (the spec's 10 s is a unit test); then the toast. */
const TIMEOUT_WAIT_MS = REQUEST_TIMEOUT_MS + 5_000;

/** Faults that decided nothing: a read of the query client tries them again before showing them. */
const TRANSIENT = new Set(['network', 'timeout']);

/** How often a fault is injected for one attempt of the person's: once, or each try of a cached read. */
const triesOf = (call: CallDriver, fault: FaultCase) =>
  call.cachedRead && TRANSIENT.has(fault.name) ? READ_MAX_TRIES : 1;

async function expectMessage(page: Page, call: CallDriver, fault: FaultCase, message: string): Promise<void> {
  // Each try of a cached read waits out the timeout, with the retry policy's waits between them.
  const timeout = fault.name === 'timeout' ? TIMEOUT_WAIT_MS * triesOf(call, fault) : undefined;
  // A toast, the page's own alert, or both: the first visible one is what the user reads.
  await expect(page.getByText(message).filter({ visible: true }).first()).toBeVisible({ timeout });
}

const HTTP_401 = FAULTS.find((fault) => fault.name === 'http401')!;

/** A 401 ends a work user's session; the login's own 401 is a refused sign-in, a message like the rest. */
const endsSession = (call: CallDriver, fault: FaultCase) => fault === HTTP_401 && !!call.returnPath;

for (const call of CALLS) {
  test.describe(call.title, () => {
    const inTurn = FAULTS.filter((fault) => !endsSession(call, fault));

    test(`${call.name} × ${inTurn.map((fault) => fault.name).join(', ')} in turn, then success`, async ({
      page,
      api,
    }) => {
      const messages = inTurn.map((fault) => fault.message ?? SESSION_EXPIRED_MESSAGE);
      expect(new Set(messages).size, 'one message per fault, so each attempt shows its own').toBe(
        messages.length,
      );
      const context = await call.arrange(page, api);
      for (const [attempt, fault] of inTurn.entries()) {
        await test.step(fault.name, async () => {
          const before = api.requestsTo(call.endpoint).length;
          api.fault(call.endpoint, fault.fault, triesOf(call, fault));
          if (attempt === 0) await call.act(page, context);
          else await call.retry(page, context, 'failure');
          await expectMessage(page, call, fault, messages[attempt]);
          await call.expectKept(page, context, 'failure');
          expect(api.requestsTo(call.endpoint).length, 'the attempt reached the API').toBeGreaterThan(before);
        });
      }
      await call.retry(page, context, 'failure');
      await call.expectSuccess(page, api, context);
    });

    if (!call.returnPath) return;
    test(`${call.name} × http401`, async ({ page, api }) => {
      const context = await call.arrange(page, api);
      api.fault(call.endpoint, HTTP_401.fault, 1);
      await call.act(page, context);
      // The session ends without a toast: a work user signs in again and comes back to the page.
      const path = call.returnPath!(context);
      await expect(page).toHaveURL(urlOf(`/login?redirect=${encodeURIComponent(path)}`));
      await expect(page.locator('.adm-toast-main')).toHaveCount(0);
      await expect(page.getByText(SESSION_EXPIRED_MESSAGE).filter({ visible: true })).toHaveCount(0);
      await loginWithForm(page);
      await expect(page).toHaveURL(urlOf(path));
      await call.resume?.(page, context);
      await call.expectKept(page, context, 'relogin');
      await call.retry(page, context, 'relogin');
      await call.expectSuccess(page, api, context);
      expect(api.requestsTo(call.endpoint).length).toBeGreaterThanOrEqual(2);
    });
  });
}
