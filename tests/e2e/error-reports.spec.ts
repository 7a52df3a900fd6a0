import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { BUILD_TIME_LIMIT_MS, buildTestApp } from '../../scripts/build-test-app.mjs';
import { makeIdCard } from '../../src/mocks/id-card-generator';
import { API_ORIGIN, expect, signIn, test } from './support/fixtures';

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

type ErrorEvent = { exception?: { values?: { value?: string }[] } };
const errorText = (event: ErrorEvent) => event.exception?.values?.[0]?.value ?? '';

test('errors and speed on a page holding a typed registration arrive without name, ID number, phone or token', async ({
  page,
  api,
}) => {
  const token = await signIn(page, api);
  // Thrown once the app's entry has run and before the reporting SDK has loaded (after the first screen).
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      setTimeout(() => {
        throw new Error('e2e: thrown before the reports loaded');
      }),
    ),
  );
  await page.goto(`${app.origin}/infoEnter`);
  await page.getByRole('textbox', { name: '姓名', exact: true }).click();
  await page.getByRole('textbox', { name: '姓名', exact: true }).fill(PERSON.name);
  await page.getByRole('textbox', { name: '身份证号', exact: true }).fill(PERSON.idCard);
  await page.getByRole('textbox', { name: '联系电话', exact: true }).fill(PERSON.phone);
  // The SDK has loaded: it opens a session.
  await expect.poll(() => receiver.received.items.some((item) => item.type === 'session')).toBe(true);

  // Careless code at its worst: the typed values in a console line, a request's query and an error's text.
  await page.evaluate((apiOrigin) => {
    const typed = [...document.querySelectorAll('input')].map((input) => input.value).join(' ');
    console.error(`e2e: saving ${typed}`);
    void fetch(`${apiOrigin}/api/v1/e2e?values=${encodeURIComponent(typed)}`).catch(() => undefined);
    setTimeout(() => {
      throw new Error(`e2e: could not save ${typed} for ${sessionStorage.getItem('token')}`);
    }, 100);
  }, API_ORIGIN);

  const errors = () =>
    receiver.received.items.filter((item) => item.type === 'event').map((item) => item.payload as ErrorEvent);
  await expect
    .poll(() => errors().map(errorText))
    .toEqual(
      expect.arrayContaining([
        'e2e: thrown before the reports loaded',
        expect.stringMatching(/^e2e: could not save /),
      ]),
    );
  expectNoPersonalData(token);
  const thrown = errors().find((event) => errorText(event).startsWith('e2e: could not save'))!;
  expect(errorText(thrown)).toContain('[filtered]');
  expect(thrown).toMatchObject({
    environment: 'test',
    release: expect.stringMatching(/^intestinal-screening-h5@\d+\.\d+\.\d+/),
    tags: { network: 'WIFI' },
    request: { url: `${app.origin}/infoEnter` },
  });

  // Leaving the page sends the speed of this sampled page load: its web vitals, by route and network.
  await page.goto('about:blank');
  await expect
    .poll(() => spans(receiver.received).filter((span) => 'browser.web_vital.lcp.value' in span))
    .toEqual([expect.objectContaining({ 'sentry.segment.name': '/infoEnter', 'network.type': 'WIFI' })]);
  expect(spans(receiver.received).some((span) => 'browser.web_vital.inp.value' in span)).toBe(true);

  expectNoPersonalData(token);
});
