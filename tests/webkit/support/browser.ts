import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { remote } from 'webdriverio';
import { WECHAT_IOS_USER_AGENT } from '../../e2e/support/wechat-bridge';

/** WebKitGTK's MiniBrowser, driven by WebKitWebDriver (Debian: webkit2gtk-driver). */
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const DRIVER = process.env.WEBKIT_WEBDRIVER_PATH ?? 'WebKitWebDriver';

export type WebKitBrowser = WebdriverIO.Browser;

/** A TCP port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function waitForDriver(port: number, driver: ChildProcess): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    try {
      const status = await fetch(`http://127.0.0.1:${port}/status`);
      if (status.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('WebKitWebDriver did not start within 15 s');
}

/** Safari on an iPhone: the report opened from a link outside WeChat. */
export const SAFARI_IOS_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * A phone-sized MiniBrowser window with iPhone WeChat's user agent (or `userAgent`; in private browsing
 * with `privateBrowsing`, where Safari keeps storage only for the session). Needs a display: the stage
 * runs under xvfb-run (scripts/webkit.mjs). Call `close` when done.
 */
export async function openWebKit({
  privateBrowsing = false,
  userAgent = WECHAT_IOS_USER_AGENT,
} = {}): Promise<{
  browser: WebKitBrowser;
  close: () => Promise<void>;
}> {
  const port = await freePort();
  const driver = spawn(DRIVER, [`--port=${port}`], { stdio: 'ignore' });
  try {
    await waitForDriver(port, driver);
  } catch (error) {
    driver.kill();
    throw error;
  }
  const browser = await remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'error',
    capabilities: {
      browserName: 'MiniBrowser',
      // WebKitWebDriver speaks classic WebDriver; WebdriverIO would otherwise ask for a BiDi socket.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: [
          '--automation',
          `--user-agent=${userAgent}`,
          '--time-zone=Asia/Shanghai',
          ...(privateBrowsing ? ['--private'] : []),
        ],
      },
    } as WebdriverIO.Capabilities,
  });
  await browser.setWindowSize(375, 812);
  return {
    browser,
    close: async () => {
      await browser.deleteSession().catch(() => undefined);
      driver.kill();
    },
  };
}
