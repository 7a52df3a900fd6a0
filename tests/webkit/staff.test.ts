import { expect, onTestFinished, test } from 'vitest';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { focusedFieldSight } from '../e2e/support/keyboard';
import { setUpWebKitApp } from './support/app';
import { signInAsStaff } from './support/page';

/** A person the demo backend does not know yet (seeded people live in Shanghai, 3101xx). */
const NEW_ID_CARD = makeIdCard('110105', '1966-01-01', 7, '1');

const app = setUpWebKitApp();

/** Opens 选填信息 (民族…紧急联系人) unless this device left it open. */
async function openOptionalFields(page: typeof app.page): Promise<void> {
  const fold = await page.control('选填信息');
  if ((await fold.getAttribute('aria-expanded')) !== 'true') {
    // Away from the sticky 提交并绑定 bar, which a tap near the page's bottom would hit instead.
    await app.browser.execute(() =>
      document.querySelector('button[aria-expanded]')?.scrollIntoView({ block: 'center' }),
    );
    await page.tap('选填信息');
  }
  await page.waitForText('联系人姓名');
}

test('staff: log in, register and scan-bind a tube, find the person, unbind the tube', async () => {
  const { page, browser, server } = app;
  const tube = server.db.state.tubes.find((t) => t.status === 'unbound' && t.timeline.length === 1)!.code;

  await signInAsStaff(page);

  await page.tap('信息录入');
  await page.waitForPath(/^\/infoEnter$/);
  await page.type('姓名', '王小明');
  await page.type('身份证号', NEW_ID_CARD);
  // The digit keypad in WKWebView, and the number shown in the card's 6-8-4 groups while typed.
  expect(
    await browser.execute(() =>
      [...document.querySelectorAll('input')]
        .filter((input) => input.labels?.[0]?.textContent?.replace(/[*\s]/g, '') === '身份证号')
        .map((input) => input.inputMode),
    ),
  ).toEqual(['numeric']);
  expect(await page.value('身份证号')).toBe(
    `${NEW_ID_CARD.slice(0, 6)} ${NEW_ID_CARD.slice(6, 14)} ${NEW_ID_CARD.slice(14)}`,
  );
  await page.type('联系电话', '13800138000');
  // Birth date and sex come from the ID card (date arithmetic in JavaScriptCore).
  expect(await page.value('出生日期')).toBe('1966-01-01');
  expect(await page.value('性别')).toBe('男');
  await openOptionalFields(page);
  await page.tap('民族：未选择');
  await page.tap('汉族');
  await page.control('民族：汉族');

  // 扫码 through weixin-js-sdk and the WeixinJSBridge stand-in, as iOS WeChat answers (JSON result).
  await page.run(`window.__setNextScanResult(${JSON.stringify(tube)})`);
  await page.tap('扫描采样管二维码');
  await browser.waitUntil(async () => (await page.value('采样管编码')) === tube, { timeout: 20_000 });
  await page.waitForText('可以绑定');

  await page.tap('提交并绑定');
  await page.waitForText('请确认登记信息');
  await page.tap('确认提交');
  await page.waitForPath(/^\/bindSuccess\?id=\d+$/);
  await page.waitForText('登记信息已保存，采样管已绑定');
  expect(server.requests.filter((r) => r.path.endsWith('/Sampling/BindSamplingTube'))).toHaveLength(1);

  await page.open('/infoSearch');
  await page.waitForText('最近登记');
  await page.tapAt('//label[.//input[@type="radio"] and contains(., "采样管编码")]');
  await page.type('采样管编码', tube);
  await page.tap('查询');
  await page.waitForText('查询结果（共 1 条）');
  await page.tapAt('//a[contains(., "王小明")]');
  await page.waitForPath(/^\/infoDetail\?id=\d+$/);
  await page.waitForText('当前状态');

  await page.tap('解绑采样管');
  await page.waitForPath(/^\/unbindTube\?id=\d+$/);
  await page.tap('扫码绑定错误（绑错受检者）');
  await page.tap('确认解绑');
  await page.waitForText('确认解绑采样管');
  await page.tapAt('//*[@role="dialog"]//button[contains(., "确认解绑")]');
  await page.waitForPath(/^\/infoDetail\?id=\d+$/);
  await page.waitForText('这条登记还没有绑定采样管');
  expect(server.db.state.tubes.find((t) => t.code === tube)?.status).toBe('unbound');
});

/**
 * The field that needs the person stays in sight. After 提交并绑定 on an empty form, the first field to
 * fix gets focus and comes into view. With the keyboard that makes the page shorter (Android's; here a
 * shorter window), the field being typed in is not under the sticky 提交并绑定 bar, when the keyboard
 * opens and when focus moves on to the next field. Each field starts 40 px above the page's bottom once
 * shortened, where the bar is then. (iOS's own keyboard leaves the page's height alone; WebKitGTK has no
 * on-screen keyboard to open.)
 */
test('staff: the field to fix after 提交并绑定 comes into sight; with the keyboard open, the one typed in stays above the bar', async () => {
  const { page, browser } = app;
  // This device left 选填信息 open (the form's remembered preference), so 住址 is on the page.
  await page.open('/infoEnter');
  await browser.execute(() => localStorage.setItem('registration-optional-open', '1'));
  await page.open('/infoEnter');
  await page.waitForText('受检者信息');
  const keyboard = 340;
  const whole = await browser.getWindowSize();
  // What runs next (a retry, another test) gets the whole window and no draft of 住址, also after a failure.
  onTestFinished(async () => {
    await browser.setWindowSize(whole.width, whole.height);
    await browser.execute(() =>
      Object.keys(localStorage)
        .filter((key) => key.includes('registration:work:'))
        .forEach((key) => localStorage.removeItem(key)),
    );
  });
  const shortenedPage = (await browser.execute(() => window.innerHeight)) - keyboard;
  /** Scrolls the field labelled `label` to where the bar will be, and gives it focus as a tap does. */
  const focusAtBar = (label: string) =>
    browser.execute(
      (name: string, top: number) => {
        const field = [...document.querySelectorAll('label')].find(
          (element) => element.textContent?.replace(/[*＊\s]/g, '') === name,
        )!.control as HTMLInputElement;
        window.scrollBy(0, field.getBoundingClientRect().top - top);
        field.focus();
      },
      label,
      shortenedPage - 40,
    );
  const fieldInSight = async (name: string) => {
    await browser
      .waitUntil(async () => (await browser.execute(focusedFieldSight)).covered === null, { timeout: 5_000 })
      .catch(() => undefined);
    expect(await browser.execute(focusedFieldSight)).toEqual({ field: name, covered: null });
  };

  // 提交并绑定 at the bottom of an empty form: the first field to fix gets focus and comes into sight
  // (focus({ preventScroll }) and a smooth scrollIntoView, in WebKit).
  await browser.execute(() => window.scrollTo(0, document.body.scrollHeight));
  await page.tap('提交并绑定');
  await page.waitForText('请填写姓名');
  await fieldInSight('姓名');

  await page.waitForText('联系人姓名');
  await focusAtBar('住址');
  await browser.setWindowSize(whole.width, whole.height - keyboard);
  await fieldInSight('住址');
  await browser.keys('幸福里 8 号');
  expect(await page.value('住址')).toBe('幸福里 8 号');

  await focusAtBar('采样管编码');
  await fieldInSight('采样管编码');

  await browser.setWindowSize(whole.width, whole.height);
  expect(await page.value('住址')).toBe('幸福里 8 号');
});
