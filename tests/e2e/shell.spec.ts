import { expect, signIn, test } from './support/fixtures';

test.describe('app shell', () => {
  test('the first screen is painted by index.html before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByText('肠道健康筛查')).toBeVisible();
    await expect(page.getByText('正在加载…')).toBeVisible();
    await context.close();
  });

  test('when the app cannot load, the first screen says so and its reload button recovers', async ({
    page,
  }) => {
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await expect(page.getByText('页面加载失败，请检查网络后重试。')).toBeVisible();
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  });

  test('the app runs under its Content-Security-Policy without violations', async ({ page, api }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, api);
    await page.goto('/workUser');
    await page.waitForLoadState('networkidle');
    const csp = await page.evaluate(async () =>
      (await fetch(location.href)).headers.get('content-security-policy'),
    );
    expect(csp).toContain("script-src 'self'");
    expect(violations).toEqual([]);
  });

  test('served with no CSP header, the page’s own meta policy still blocks an injected inline script', async ({
    page,
  }) => {
    // A server that sends no Content-Security-Policy: the page's own response loses serve-static's
    // header (a document's policy comes from its own response; the scripts' responses do not matter).
    await page.route('**/login', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toBeUndefined();
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible();

    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; blocked: string | null }>((resolve) => {
          let blocked: string | null = null;
          document.addEventListener('securitypolicyviolation', (event) => {
            blocked = event.effectiveDirective;
          });
          const script = document.createElement('script');
          script.textContent = 'window.__inlineScriptRan = true';
          document.head.append(script);
          // Violation events are dispatched as a task after the attempt.
          setTimeout(() => {
            const ran = (window as unknown as { __inlineScriptRan?: boolean }).__inlineScriptRan === true;
            resolve({ ran, blocked });
          }, 100);
        }),
    );
    expect(outcome).toEqual({ ran: false, blocked: 'script-src-elem' });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('hashed assets are cached immutably and index.html is revalidated', async ({ page }) => {
    const responses: { url: string; cacheControl: string | null }[] = [];
    page.on('response', (response) =>
      responses.push({ url: response.url(), cacheControl: response.headers()['cache-control'] ?? null }),
    );
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    const document = responses.find((r) => r.url.endsWith('/login'));
    expect(document?.cacheControl).toBe('no-cache');
    const asset = responses.find((r) => r.url.includes('/assets/') && r.url.endsWith('.js'));
    expect(asset?.cacheControl).toContain('immutable');
  });
});
