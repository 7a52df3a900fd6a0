import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { BUILD_TIME_LIMIT_MS, buildTestApp } from '../../scripts/build-test-app.mjs';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { API_ORIGIN, expect, signIn, test, type ApiMock } from './support/fixtures';
import { saveServerDrafts } from './support/journeys';

/**
 * Error reports leave the phone without the person's data: the app built with a DSN pointing at a
 * receiver of Sentry envelopes started here, a registration typed in, errors thrown on that page with
 * the typed values in their text, and what arrives is read whole.
 */

const PROJECT = '44';
const PERSON = { name: '赵春梅', idCard: makeIdCard('110105', '1962-03-04', 9, '2'), phone: '13912345678' };

/** What the receiver was sent: each envelope's text, and its items parsed. */
interface Received {
  raw: string[];
  items: { type: string; payload: Record<string, unknown> }[];
}

/** A Sentry ingest endpoint: accepts POST /api/<project>/envelope/ as Sentry does, and keeps what came. */
async function startReceiver(): Promise<{ server: Server; port: number; received: Received }> {
  const received: Received = { raw: [], items: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      if (req.method !== 'POST' || !req.url?.startsWith(`/api/${PROJECT}/envelope/`)) {
        return void res.writeHead(404, cors).end();
      }
      const text = Buffer.concat(chunks).toString('utf8');
      received.raw.push(text);
      // An envelope: a header line, then an item header and its payload per item.
      const lines = text.split('\n').filter(Boolean);
      for (let index = 1; index + 1 < lines.length; index += 2) {
        const header = JSON.parse(lines[index]) as { type: string };
        const payload = JSON.parse(lines[index + 1]) as Record<string, unknown>;
        received.items.push({ type: header.type, payload });
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

/** serve-static on a free port, as the browser tests' own server serves the test build. */
async function serveApp(dir: string, dsn: string): Promise<{ process: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [
    'scripts/serve-static.mjs',
    ...['--dir', dir, '--port', '0', '--api', API_ORIGIN, '--sentry-dsn', dsn],
  ]);
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
  if (!origin) throw new Error(`serve-static said: ${line}`);
  return { process: child, origin };
}

// One worker for the file's tests: each worker would otherwise build, serve and remove the same app.
test.describe.configure({ mode: 'default' });

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let app: Awaited<ReturnType<typeof serveApp>>;
const dist = `${process.env.E2E_DIST ?? 'dist-test'}-error-reports`;

test.beforeAll(async () => {
  test.setTimeout(BUILD_TIME_LIMIT_MS);
  receiver = await startReceiver();
  const dsn = `http://e2epublickey@127.0.0.1:${receiver.port}/${PROJECT}`;
  const status = buildTestApp(dist, { VITE_SENTRY_DSN: dsn, VITE_SENTRY_TRACES_SAMPLE_RATE: '1' });
  if (status !== 0) throw new Error(`the test build with a DSN failed (${status})`);
  app = await serveApp(dist, dsn);
});

test.afterAll(async () => {
  app?.process.kill();
  // The worker's browser outlives this file and keeps its connections to the receiver alive: close
  // them, or close() waits for the browser and the hook times out.
  receiver?.server.closeAllConnections();
  await new Promise((resolve) => receiver?.server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** The attributes of every span that arrived, by name (a streamed span's attribute is { type, value }). */
function spans(received: Received): Record<string, unknown>[] {
  return received.items
    .filter((item) => item.type === 'span')
    .flatMap(
      (item) => (item.payload as { items: { attributes: Record<string, { value: unknown }> }[] }).items,
    )
    .map((span) =>
      Object.fromEntries(Object.entries(span.attributes).map(([key, { value }]) => [key, value])),
    );
}

/** Nothing that arrived carries the person's data or the session token, in any form it was typed in. */
function expectNoPersonalData(token: string): void {
  const everything = receiver.received.raw.join('\n');
  for (const secret of [
    PERSON.name,
    encodeURIComponent(PERSON.name),
    PERSON.idCard,
    PERSON.idCard.toLowerCase(),
    PERSON.phone,
    token,
  ]) {
    expect(everything, `a report carried ${secret}`).not.toContain(secret);
  }
}

type ErrorEvent = { exception?: { values?: { type?: string; value?: string }[] } };
const errorOf = (event: ErrorEvent) => event.exception?.values?.[0] ?? {};

/** Where free text stood in a report (src/lib/observability/scrub.ts, MASK.message). */
const MESSAGE_PLACEHOLDER = '[message]';

test('errors and speed on a page holding a typed registration arrive without name, ID number, phone or token', async ({
  page,
  api,
}) => {
  const token = await signIn(page, api);
  // Thrown once the app's entry has run and before the reporting SDK has loaded (after the first screen).
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      setTimeout(() => {
        throw new TypeError('e2e: thrown before the reports loaded');
      }),
    ),
  );
  await page.goto(`${app.origin}/infoEnter`);
  await page.getByRole('textbox', { name: '姓名', exact: true }).click();
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill(PERSON.name);
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(PERSON.idCard);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill(PERSON.phone);
  // The SDK has loaded: it opens a session.
  await expect
    .poll(() => receiver.received.items.some((item) => item.type === 'session'), { timeout: 30_000 })
    .toBe(true);

  // Careless code at its worst: the typed values in a console line, a request's query and an error's text.
  await page.evaluate((apiOrigin) => {
    const typed = [...document.querySelectorAll('input')].map((input) => input.value).join(' ');
    console.error(`e2e: saving ${typed}`);
    void fetch(`${apiOrigin}/api/v1/e2e?values=${encodeURIComponent(typed)}`).catch(() => undefined);
    setTimeout(() => {
      throw new RangeError(`e2e: could not save ${typed} for ${sessionStorage.getItem('token')}`);
    }, 100);
    // The review's case: a chunk's message, as browsers word it, with a name for its address (one the
    // page never held, so only the message's allowlist can keep it out).
    setTimeout(() => {
      throw new TypeError('Failed to fetch dynamically imported module: 欧阳娜娜');
    }, 150);
  }, API_ORIGIN);

  const errors = () =>
    receiver.received.items.filter((item) => item.type === 'event').map((item) => item.payload as ErrorEvent);
  // Each error arrives by its type and stack; its text is free text, sent as a placeholder.
  await expect
    .poll(() => errors().map(errorOf))
    .toEqual(
      expect.arrayContaining([
        {
          type: 'TypeError',
          value: MESSAGE_PLACEHOLDER,
          stacktrace: expect.anything(),
          mechanism: expect.anything(),
        },
        {
          type: 'RangeError',
          value: MESSAGE_PLACEHOLDER,
          stacktrace: expect.anything(),
          mechanism: expect.anything(),
        },
      ]),
    );
  await expect.poll(() => errors().filter((event) => errorOf(event).type === 'TypeError').length).toBe(2);
  expectNoPersonalData(token);
  expect(receiver.received.raw.join('\n')).not.toContain('欧阳娜娜');
  const thrown = errors().find((event) => errorOf(event).type === 'RangeError')!;
  expect(thrown).toMatchObject({
    environment: 'test',
    release: expect.stringMatching(/^intestinal-screening-h5@\d+\.\d+\.\d+/),
    tags: { network: 'WIFI' },
    request: {
      url: `${app.origin}/infoEnter`,
      headers: { 'User-Agent': expect.stringContaining('MicroMessenger/') },
    },
  });
  // Which phone and WeChat version, never which install: WeChat's MMWEBID is in no event or session.
  expect(receiver.received.items.map((item) => item.type)).toContain('session');
  expect(receiver.received.raw.join('\n')).not.toContain('MMWEBID');

  // Leaving the page sends the speed of this sampled page load: its web vitals, by route and network.
  await page.goto('about:blank');
  await expect
    .poll(() => spans(receiver.received).filter((span) => 'browser.web_vital.lcp.value' in span))
    .toEqual([expect.objectContaining({ 'sentry.segment.name': '/infoEnter', 'network.type': 'WIFI' })]);
  // The page's INP may come in an envelope of its own, after the LCP's.
  await expect
    .poll(() => spans(receiver.received).some((span) => 'browser.web_vital.inp.value' in span))
    .toBe(true);

  expectNoPersonalData(token);
});

/** The names, ID-card numbers and phones the pages of the next test show, and must not report. */
function shownPeople(api: ApiMock, names: readonly string[]): string[] {
  const people = api.db.state.registrations.filter((registration) => names.includes(registration.name));
  const checkUser = api.db.state.users.find((user) => user.name === '张秀英');
  return [
    ...names.flatMap((name) => [name, encodeURIComponent(name), JSON.stringify(name).slice(1, -1)]),
    ...people.flatMap((person) => [person.idCard, person.phone]),
    checkUser?.idCard ?? '',
    checkUser?.phone ?? '',
  ].filter((value) => value.length > 1);
}

test('speed reports of pages that name people carry web vitals, and elements without their labels', async ({
  page,
  api,
}) => {
  const drafts = ['周一鸣', '吴二妹', '郑三强'];
  saveServerDrafts(api, drafts);
  // An attachment whose name names a person: shown in the list and in its button's aria-label.
  const attachment = api.db.state.announcements
    .flatMap((item) => item.attachments)
    .find((item) => item.id === '5001')!;
  attachment.fileName = '郑三强的检查报告.pdf';
  const secrets = shownPeople(api, ['张秀英', ...drafts]);
  const received = receiver.received;
  const before = received.raw.length;
  const sentSince = () => received.raw.slice(before).join('\n');

  // A check user's home: her name in an article's aria-label (the review's LCP element), a tap, a navigation.
  const checkToken = await signIn(page, api, 'check');
  await page.goto(`${app.origin}/checkUser`);
  const card = page.getByRole('article', { name: '张秀英的筛查情况' });
  await expect(card).toBeVisible();
  await card.click();
  await page
    .getByRole('link', { name: /登记信息/ })
    .first()
    .click();
  await expect(page).not.toHaveURL(/\/checkUser$/);
  await page.goBack();
  await expect(card).toBeVisible();

  // Staff: the pending registrations (names in links' and buttons' labels), a tap on one.
  await page.goto('about:blank');
  const workToken = await signIn(page, api);
  await page.goto(`${app.origin}/pendingRegistrations`);
  const remove = page.getByRole('button', { name: '删除 郑三强 的登记' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: '删除未提交的登记' });
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);

  // An attachment list, by a reload, with a tap on the named attachment's button.
  await page.goto(`${app.origin}/announcementDetail?id=6002`);
  const download = page.getByRole('button', { name: '下载 郑三强的检查报告.pdf' });
  await expect(download).toBeVisible();
  await page.getByText('郑三强的检查报告.pdf', { exact: true }).click();
  await page.goto('about:blank');

  const vitals = () =>
    spans({ raw: [], items: received.items }).filter((span) => 'browser.web_vital.lcp.value' in span);
  await expect
    .poll(() => vitals().map((span) => span['sentry.segment.name']))
    .toEqual(expect.arrayContaining(['/checkUser', '/pendingRegistrations', '/announcementDetail']));
  expect(
    spans({ raw: [], items: received.items }).some((span) => 'browser.web_vital.inp.value' in span),
  ).toBe(true);

  const everything = sentSince();
  for (const secret of [...secrets, checkToken, workToken]) {
    expect(everything, `a report carried ${secret}`).not.toContain(secret);
  }
  // No element description carries an attribute's value, whatever it holds.
  expect(everything).not.toMatch(/aria-label|title=|alt=|\[name=/);
  // The LCP element is still described: by its tags and the app's classes.
  expect(vitals().map((span) => span['browser.web_vital.lcp.element'])).toContainEqual(
    expect.stringMatching(/^[a-z][\w.> -]*$/),
  );
});
