// The two waits people feel, measured as on a slow phone: Chromium with the DevTools Protocol's network
// emulation (150 ms round trip, 1.6 Mbps down, 750 kbps up) and CPU slowed 4×, every API answer after
// 300 ms, a fresh browser profile per run, a WeChat user agent and the browser tests' WeixinJSBridge stub.
//
// - report PDF: a report's detail page read for 3 s, then scrolled to the PDF in the page (报告原件);
//   the time from that scroll until page 1 is drawn into its canvas (its sheet stops being busy).
// - report pictures: the same page read for 3 s, then 保存报告图片 (inside WeChat); the time from the
//   tap until the download page shows page 1, and until page 1's picture (what a long press saves) loaded.
// - registration: /login (first load included) → 登录 → 信息录入 → type a person → 扫码 → 提交并绑定
//   → 确认提交 → 绑定成功; the taps beyond typing, the waiting (from each tap, and from opening /login,
//   until the next control is there; typing and a person's half second before each tap excluded), each
//   step's share of that waiting, and the slowest first change of the page after a tap on a button that
//   starts work (登录, 提交并绑定, 确认提交), timed in the page from the touch.
// - first visit: a screened person taps the official account's menu link (/checkUser) on a phone that has
//   never opened the app; WeChat's silent authorization (snsapi_base) answers at once with a redirect to
//   /callback with a fresh code and the state. The time until their own screening status (本人) is on
//   screen, and the waiting of each step: the first load (until the page leaves for the authorization),
//   the authorization (until /callback is asked for), the code exchange (until LoginWeChat has answered)
//   and the home's data (until the status shows).
//
// Used by scripts/bench.mjs; runs every build `runs` times, alternating build by build.
import { startDemoApi } from './demo-api-server.mjs';
import { postJson, serve } from './bench-serve.mjs';

const SLOW_4G = { latency: 150, download: 1_600_000 / 8, upload: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const API_LATENCY_MS = 300;
const READ_BEFORE_TAP_MS = 3000;
const REACTION_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** A measured figure over several runs: its median and spread. */
export const figure = (values) => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});
const button = (name) => `::-p-aria([name="${name}"][role="button"])`;
const textbox = (name) => `::-p-aria([name="${name}"][role="textbox"])`;

async function slowPhone(browser, { userAgent, bridgeScript, session }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.setUserAgent(userAgent);
  await page.emulateNetworkConditions(SLOW_4G);
  await page.emulateCPUThrottling(CPU_SLOWDOWN);
  await page.evaluateOnNewDocument(bridgeScript);
  if (session) {
    await page.evaluateOnNewDocument(([token, audience, account]) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('session-audience', audience);
      sessionStorage.setItem('session-account', account);
    }, session);
  }
  return { page, close: () => context.close() };
}

/**
 * On a fresh slow phone: opens the report's detail page, reads it for 3 s, and returns what `measure`
 * (run in the page with the element `selector`: it taps it or scrolls to it) resolves to.
 */
async function afterReadingReport(browser, origin, setup, selector, measure) {
  const { page, close } = await slowPhone(browser, setup);
  try {
    await page.bringToFront();
    await page.goto(`${origin}${setup.reportPath}`);
    await page.waitForSelector(selector, { timeout: 60_000 });
    await sleep(READ_BEFORE_TAP_MS);
    const target = await page.waitForSelector(selector);
    return await page.evaluate(measure, target);
  } finally {
    await close();
  }
}

/** Milliseconds from scrolling to the PDF in the page until its first page is drawn. */
function reportPdf(browser, origin, setup) {
  return afterReadingReport(
    browser,
    origin,
    setup,
    'section[aria-label^="报告原件"]',
    (target) =>
      new Promise((resolve) => {
        const drawn = () =>
          document.querySelector('section[aria-label^="第 1 页"][aria-busy="false"] canvas');
        let started = 0;
        const observer = new MutationObserver(() => {
          if (!drawn()) return;
          observer.disconnect();
          resolve(Math.round(performance.now() - started));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        setTimeout(() => resolve(-1), 30_000);
        started = performance.now();
        if (drawn()) resolve(0);
        else target.scrollIntoView();
      }),
  );
}

/**
 * From the tap on 保存报告图片 (inside WeChat, where a file cannot be saved): milliseconds until the
 * download page shows the report's page 1 (drawn, or its picture loaded), and until that page's picture,
 * the one a long press saves, has loaded.
 */
function reportPictures(browser, origin, setup) {
  return afterReadingReport(
    browser,
    origin,
    setup,
    button('保存报告图片'),
    (target) =>
      new Promise((resolve) => {
        // A picture's load is no DOM mutation: looked for every 10 ms.
        const started = performance.now();
        let shownMs = -1;
        const timer = setInterval(() => {
          const elapsed = Math.round(performance.now() - started);
          const picture = [...document.images].some(
            (image) => /第 1 页$/.test(image.alt) && image.complete && image.naturalWidth > 0,
          );
          const drawn = [...document.querySelectorAll('[aria-label$="第 1 页"] canvas')].some(
            (canvas) => canvas.width > 0,
          );
          if (shownMs < 0 && (picture || drawn)) shownMs = elapsed;
          if (!picture && elapsed < 30_000) return;
          clearInterval(timer);
          resolve({ shownMs, pictureMs: picture ? elapsed : -1 });
        }, 10);
        target.click();
      }),
  );
}

/** The staff journey from a cold /login to 绑定成功. */
async function registration(browser, origin, setup) {
  const { page, close } = await slowPhone(browser, setup);
  let waitedMs = 0;
  let taps = 0;
  let slowestFirstChangeMs = 0;
  /** The waiting of each step, by its name. */
  const stepsMs = {};
  const waitFor = async (selector, since, step) => {
    await page.waitForSelector(selector, { visible: true, timeout: 60_000 });
    stepsMs[step] = Date.now() - since;
    waitedMs += stepsMs[step];
  };
  /** Taps, then waits for `next`. `busyButton`: a button that starts work, whose first change is timed. */
  const tap = async (step, selector, next, { busyButton = false } = {}) => {
    const target = await page.waitForSelector(selector, { visible: true, timeout: 60_000 });
    // A person looks before tapping; dialogs finish opening meanwhile. Not counted as waiting.
    await sleep(REACTION_MS);
    await page.evaluate(() => {
      // Timed in the page from the touch itself, so the DevTools round trip of the tap is left out.
      window.__firstChange = null;
      let touched = 0;
      document.addEventListener('touchstart', () => (touched = performance.now()), {
        capture: true,
        once: true,
      });
      const observer = new MutationObserver(() => {
        if (!touched) return;
        window.__firstChange = performance.now() - touched;
        observer.disconnect();
      });
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    });
    const since = Date.now();
    await target.tap();
    taps += 1;
    await waitFor(next, since, step);
    if (busyButton) {
      const firstChange = await page.evaluate(() => window.__firstChange);
      slowestFirstChangeMs = Math.max(slowestFirstChangeMs, Math.round(firstChange ?? Infinity));
    }
  };
  const type = async (name, text) => {
    const field = await page.waitForSelector(textbox(name), { visible: true });
    await field.type(text);
  };
  try {
    const since = Date.now();
    await page.goto(`${origin}/login`);
    await waitFor(textbox('账号'), since, '/login opened');
    await type('账号', 'admin');
    await type('密码', '123456');
    await tap('登录 → 首页', button('登录'), '::-p-text(信息录入)', { busyButton: true });
    await tap('信息录入 → the form', '::-p-text(信息录入)', textbox('姓名'));
    await type('姓名', '王小明');
    await type('身份证号', setup.idCard);
    await type('联系电话', '13800138000');
    await page.evaluate((code) => window.__setNextScanResult(code), setup.tubeCode);
    await tap('扫码 → 可以绑定', button('扫描采样管二维码'), '::-p-text(可以绑定)');
    await tap('提交并绑定 → 确认提交', button('提交并绑定'), button('确认提交'), { busyButton: true });
    await tap('确认提交 → 绑定成功', button('确认提交'), '::-p-text(绑定成功)', { busyButton: true });
    return { taps, waitedMs, stepsMs, slowestFirstChangeMs };
  } catch (error) {
    await page.screenshot({ path: 'bench-output/journey-failure.png' });
    throw error;
  } finally {
    await close();
  }
}

const AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';
let weChatCodes = 0;

/** The check user's first visit, from the WeChat menu link to their own status on screen. */
async function firstVisit(browser, origin, setup) {
  const { page, close } = await slowPhone(browser, setup);
  const at = {};
  try {
    // WeChat's authorization, answered by the DevTools protocol for its URL alone (the rest of the
    // page's requests keep the browser's cache, unlike Puppeteer's request interception).
    const cdp = await page.createCDPSession();
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `${AUTHORIZE_URL}*` }] });
    cdp.on('Fetch.requestPaused', ({ requestId, request }) => {
      at.authorize ??= Date.now();
      const asked = new URL(request.url);
      const callback = new URL(asked.searchParams.get('redirect_uri'));
      callback.searchParams.set('code', `bench-${Date.now()}-${(weChatCodes += 1)}`);
      callback.searchParams.set('state', asked.searchParams.get('state') ?? '');
      void cdp.send('Fetch.fulfillRequest', {
        requestId,
        responseCode: 302,
        responseHeaders: [{ name: 'Location', value: callback.href }],
      });
    });
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/callback')
        at.callback ??= Date.now();
    });
    page.on('response', (response) => {
      if (response.url().endsWith('/Account/LoginWeChat') && response.request().method() === 'POST')
        at.exchanged ??= Date.now();
    });
    const since = Date.now();
    // Not awaited: the page leaves for WeChat as it opens, which a navigation's promise may report as
    // interrupted; the status below is what counts.
    void page.goto(`${origin}/checkUser`).catch(() => undefined);
    await page.waitForSelector('::-p-text(本人)', { visible: true, timeout: 60_000 });
    const done = Date.now();
    if (!at.authorize || !at.callback || !at.exchanged) throw new Error('the first visit skipped a step');
    return {
      totalMs: done - since,
      stepsMs: {
        'first load → authorization asked': at.authorize - since,
        'authorization → /callback asked': at.callback - at.authorize,
        '/callback → code exchanged': at.exchanged - at.callback,
        'code exchanged → own status shown': done - at.exchanged,
      },
    };
  } catch (error) {
    await page.screenshot({ path: 'bench-output/first-visit-failure.png' });
    throw error;
  } finally {
    await close();
  }
}

/** Runs both journeys `runs` times on every build; returns per build the medians and spreads. */
export async function measureJourneys(builds, { runs, apiPort, firstPort }) {
  const puppeteer = await import('puppeteer-core');
  const api = await startDemoApi(apiPort, { tls: true, latencyMs: API_LATENCY_MS });
  const { weChatBridgeInitScript, WECHAT_USER_AGENT } = await api.load('/tests/e2e/support/wechat-bridge.ts');
  const { makeIdCard } = await api.load('/src/mocks/id-card-generator.ts');
  const servers = await Promise.all(builds.map((b, i) => serve(b.dist, firstPort + i, api.origin)));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    acceptInsecureCerts: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  const login = await postJson(`${api.origin}/api/v1/Account/LoginManage`, {
    accountName: 'admin',
    accountPwd: '123456',
  });
  const { token } = login.responseData;
  const report = api.db.state.reports[0];
  const spareTubes = api.db.state.tubes.filter((t) => t.status === 'unbound' && t.timeline.length === 1);
  const results = builds.map(() => ({
    pdfMs: [],
    picturesShownMs: [],
    pictureMs: [],
    waitedMs: [],
    stepsMs: [],
    taps: [],
    firstChangeMs: [],
    firstVisitMs: [],
    firstVisitStepsMs: [],
  }));
  try {
    let person = 0;
    for (let run = 0; run < runs; run += 1) {
      for (const [b] of builds.entries()) {
        const origin = `https://127.0.0.1:${firstPort + b}`;
        const setup = {
          userAgent: WECHAT_USER_AGENT,
          bridgeScript: weChatBridgeInitScript(),
          reportPath: `/repoetDetail?id=${encodeURIComponent(report.id)}`,
          idCard: makeIdCard('110105', '1966-01-01', 100 + person, '1'),
          tubeCode: spareTubes[person].code,
        };
        person += 1;
        results[b].pdfMs.push(
          await reportPdf(browser, origin, { ...setup, session: [token, 'work', 'admin'] }),
        );
        const pictures = await reportPictures(browser, origin, {
          ...setup,
          session: [token, 'work', 'admin'],
        });
        results[b].picturesShownMs.push(pictures.shownMs);
        results[b].pictureMs.push(pictures.pictureMs);
        const journey = await registration(browser, origin, setup);
        results[b].waitedMs.push(journey.waitedMs);
        results[b].stepsMs.push(journey.stepsMs);
        results[b].taps.push(journey.taps);
        results[b].firstChangeMs.push(journey.slowestFirstChangeMs);
        const visit = await firstVisit(browser, origin, setup);
        results[b].firstVisitMs.push(visit.totalMs);
        results[b].firstVisitStepsMs.push(visit.stepsMs);
      }
    }
  } finally {
    await browser.close();
    servers.forEach((server) => server.kill());
    await api.close();
  }
  return results.map((r) => ({
    pdfFirstPageMs: figure(r.pdfMs),
    picturesFirstPageMs: figure(r.picturesShownMs),
    pictureReadyMs: figure(r.pictureMs),
    registrationWaitMs: figure(r.waitedMs),
    registrationStepsMs: Object.fromEntries(
      Object.keys(r.stepsMs[0]).map((step) => [step, figure(r.stepsMs.map((steps) => steps[step]))]),
    ),
    registrationTaps: figure(r.taps),
    slowestFirstChangeMs: figure(r.firstChangeMs),
    firstVisitMs: figure(r.firstVisitMs),
    firstVisitStepsMs: Object.fromEntries(
      Object.keys(r.firstVisitStepsMs[0]).map((step) => [
        step,
        figure(r.firstVisitStepsMs.map((steps) => steps[step])),
      ]),
    ),
  }));
}
