import type { Page } from '@playwright/test';
import { makeIdCard } from '../../../src/mocks/id-card-generator';
import { expect, type ApiMock } from './fixtures';

declare global {
  interface Window {
    /** The stubbed WeChat bridge's next scan result (support/wechat-bridge.ts); null cancels. */
    __setNextScanResult: (code: string | null) => void;
  }
}

/** Steps the journeys share, as a person takes them. */

/** A person the demo backend does not know yet (seeded people live in Shanghai, 3101xx). */
export const NEW_ID_CARD = makeIdCard('110105', '1966-01-01', 7, '1');
/** As read-only places show it: masked, in the card's 6-8-4 groups. */
export const MASKED_NEW_ID_CARD = `${NEW_ID_CARD.slice(0, 6)} ******** ${NEW_ID_CARD.slice(14)}`;

/** A tube that was never bound (the `index`-th of them). */
export function spareTube(api: ApiMock, index = 0): string {
  const spare = api.db.state.tubes.filter((tube) => tube.status === 'unbound' && tube.timeline.length === 1);
  return spare[index].code;
}

/** Opens the registration form's 选填信息 (民族…紧急联系人), folded until a person opens it. */
export async function openOptionalFields(page: Page) {
  const fold = page.getByRole('button', { name: /^选填信息/ });
  if ((await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
}

/** The entry form's required fields, for the new person. */
export async function fillPerson(page: Page, name = '王小明') {
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill(name);
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(NEW_ID_CARD);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill('13800138000');
}

/** The confirmation after 提交 (or 提交并绑定), checked against what was typed. */
export async function confirmSubmit(page: Page) {
  const dialog = page.getByRole('dialog', { name: '请确认登记信息' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(MASKED_NEW_ID_CARD)).toBeVisible();
  await dialog.getByRole('button', { name: '确认提交' }).click();
}

/**
 * On a registration's detail: 解绑采样管, the reason 扫码绑定错误, confirmed; back on the detail, which
 * has no tube any more.
 */
export async function unbindTube(page: Page) {
  await page.getByRole('button', { name: '解绑采样管' }).click();
  await expect(page).toHaveURL(/\/unbindTube\?id=\d+$/);
  await page.getByRole('radio', { name: '扫码绑定错误（绑错受检者）' }).check();
  await page.getByRole('button', { name: '确认解绑' }).click();
  await page
    .getByRole('dialog', { name: '确认解绑采样管' })
    .getByRole('button', { name: '确认解绑' })
    .click();
  await expect(page).toHaveURL(/\/infoDetail\?id=\d+$/);
  await expect(page.getByText(/这条登记还没有绑定采样管/)).toBeVisible();
}

/** antd-mobile hides the native input under its own icon: tap the label, as a person does. */
export async function tapChoice(page: Page, role: 'radio' | 'checkbox', name: string) {
  await page
    .locator('label')
    .filter({ has: page.getByRole(role, { name, exact: true }) })
    .click();
}

/** How many pixels of the page's canvas carry ink (anything clearly darker than white paper). */
export async function inkedPixels(page: Page, pageNumber = 1): Promise<number> {
  return page.evaluate((n) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`canvas[data-page="${n}"]`);
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0 && (data[i] < 180 || data[i + 1] < 180 || data[i + 2] < 180)) inked += 1;
    }
    return inked;
  }, pageNumber);
}

/**
 * Scrolls to the PDF the report page shows below its action and waits for page 1 to be drawn. The
 * viewer is named for the report's file (any name when `fileName` is not given).
 */
export async function viewPdf(page: Page, fileName?: string) {
  const viewer = page.getByRole('region', { name: fileName ? `报告原件：${fileName}` : /^报告原件：/ });
  await viewer.scrollIntoViewIfNeeded();
  await expect(viewer.getByRole('region', { name: /^第 1 页，共 \d+ 页$/ })).toBeVisible();
  await expect.poll(() => inkedPixels(page), { timeout: 15_000 }).toBeGreaterThan(2000);
  return viewer;
}

/**
 * 王医生's unfinished registrations on the server (待提交登记) are these, as 暂存 leaves them (the
 * seeded ones removed); the last name is the newest.
 */
export function saveServerDrafts(api: ApiMock, names: readonly string[]): void {
  const { state } = api.db;
  state.registrations = state.registrations.filter(
    (registration) => !(registration.status === 'draft' && registration.createdByUserId === '1'),
  );
  const { registrations } = state;
  const template = registrations.find((registration) => registration.createdByUserId === '1');
  if (!template) throw new Error('the demo data has no registration of 王医生');
  const start = Date.now() - names.length * 60_000;
  names.forEach((name, index) => {
    const at = new Date(start + index * 60_000).toISOString();
    registrations.push({
      ...template,
      id: `e2e-draft-${index + 1}`,
      name,
      idCard: makeIdCard('110105', `1960-0${index + 1}-0${index + 1}`, 11 + index, '1'),
      phone: '',
      questionnaireResponseId: undefined,
      status: 'draft',
      registeredAt: at,
      updatedAt: at,
    });
  });
}
