import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, Toast } from 'antd-mobile';
import { expect } from 'vitest';
import { defaultDb } from '@/mocks/db';
import { makeIdCard } from '@/mocks/id-card-generator';
import { SPARE_TUBE_CODES } from '@/mocks/seed';
import { renderRoute, signInForTest } from '../support/render-route';

/**
 * A person the demo backend does not know (seeded people live in Shanghai, 3101xx), of screening age
 * (SCREENING_AGE, 50–74) from 2016 to 2040, so submitting asks nothing about the age.
 */
export const NEW_BIRTH_DATE = '1966-01-01';
export const NEW_ID_CARD = makeIdCard('110105', NEW_BIRTH_DATE, 7, '1');
/** Another new person, younger than the screening ages until 2040: the form notes it and asks before registering. */
export const YOUNG_ID_CARD = makeIdCard('110105', '1990-01-01', 8, '1');
export const SPARE_TUBE = SPARE_TUBE_CODES[0];

export function seededRegistration(
  predicate: (r: (typeof defaultDb.state.registrations)[number]) => boolean,
) {
  const found = defaultDb.state.registrations.find(predicate);
  if (!found) throw new Error('no such seeded registration');
  return found;
}

export function seededTube(predicate: (t: (typeof defaultDb.state.tubes)[number]) => boolean) {
  const found = defaultDb.state.tubes.find(predicate);
  if (!found) throw new Error('no such seeded tube');
  return found;
}

export async function openPage(path: string, audience: 'work' | 'check' = 'work', history?: string[]) {
  // One sign-in per test: a second identical login within a second is refused by the repeat-submit guard.
  if (!sessionStorage.getItem('token')) await signInForTest(audience);
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const view = renderRoute(path, { session: audience, history });
  return { user, ...view };
}

/** Imperative dialogs and toasts live outside the rendered tree: close them between tests. */
export async function closeOverlays() {
  act(() => {
    Dialog.clear();
    Toast.clear();
  });
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
}

export const textbox = (name: string) => screen.getByRole('textbox', { name });

type User = ReturnType<typeof userEvent.setup>;

/** Types a whole value at once (paste), so long forms stay fast; focus moves like a tap. */
export async function fill(user: User, element: HTMLElement, value: string) {
  await user.click(element);
  await user.clear(element);
  await user.paste(value);
}
