import type { Page } from '@playwright/test';
import { makeIdCard } from '../../../src/mocks/id-card-generator';
import { expect, type ApiMock } from './fixtures';

declare global {
  interface Window {
    /** The stubbed WeChat bridge's next scan result (support/wechat-bridge.ts); null cancels. */
    __setNextScanResult: (code: string | null) => void;
  }
}

/** A person the demo backend does not know yet (seeded people live in Shanghai, 3101xx). */
export const NEW_ID_CARD = makeIdCard('110105', '1966-01-01', 7, '1');
export const MASKED_NEW_ID_CARD = `${NEW_ID_CARD.slice(0, 6)}********${NEW_ID_CARD.slice(14)}`;

/** A tube of the test's demo backend that no registration has had yet. */
export function spareTube(api: ApiMock, index = 0): string {
  const spare = api.db.state.tubes.filter((tube) => tube.status === 'unbound' && tube.timeline.length === 1);
  return spare[index].code;
}

/** Types the new person's name, ID card number and phone into the registration form. */
export async function fillPerson(page: Page, name = '王小明') {
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill(name);
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(NEW_ID_CARD);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
}

/** Confirms the dialog that 提交 opens, after checking it shows the masked ID card number. */
export async function confirmSubmit(page: Page) {
  const dialog = page.getByRole('dialog', { name: '请确认登记信息' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(MASKED_NEW_ID_CARD)).toBeVisible();
  await dialog.getByRole('button', { name: '确认提交' }).click();
}
