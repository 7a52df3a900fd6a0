import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { getResponse } from 'msw';
import { createDemoDb, createHandlers, type DemoDb } from '@/mocks/handlers';
import { ADMIN_USER_ID, CHECK_USER_ID } from '@/mocks/seed';

const run = promisify(execFile);

let db: DemoDb;
let server: Server;
let origin: string;
const staffToken = 'contract-staff-token';
const checkToken = 'contract-check-token';

/** The demo backend over HTTP on a free local port, with a session for a staff and a check user. */
beforeAll(async () => {
  db = createDemoDb();
  db.mutate((state) => {
    const expiresAt = db.now().getTime() + 60 * 60 * 1000;
    state.sessions.push({ token: staffToken, userId: ADMIN_USER_ID, expiresAt });
    state.sessions.push({ token: checkToken, userId: CHECK_USER_ID, expiresAt });
  });
  const handlers = createHandlers(db);
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
      );
      const request = new Request(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: body.length > 0 ? body : undefined,
      });
      void getResponse(handlers, request).then(async (response) => {
        if (!response) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** `npm run contract -- …` as an integrator runs it; resolves with its output and exit code. */
async function contract(...args: string[]): Promise<{ output: string; errors: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/contract.mjs', ...args], {
      timeout: 60_000,
    });
    return { output: stdout, errors: stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { output: failed.stdout, errors: failed.stderr, code: failed.code };
  }
}

describe('npm run contract', () => {
  it('finds every read-only answer of the demo backend matching the schemas, and changes nothing', async () => {
    const before = JSON.stringify(db.state);

    const { output, code } = await contract(
      '--base',
      origin,
      '--token',
      staffToken,
      '--check-token',
      checkToken,
    );

    expect(code).toBe(0);
    const lines = output.trim().split('\n');
    expect(lines.filter((line) => !line.startsWith('OK '))).toEqual(['All answers match the contract.']);
    for (const path of [
      'GET /api/v1/Account/GetUserManageProfile [staff]',
      'POST /api/v1/Dictionary/PageDictionaryItem (gender) [staff]',
      'POST /api/v1/ScreeningRegister/Search [staff]',
      'GET /api/v1/ScreeningRegister/GetDetail [staff]',
      'POST /api/v1/Sampling/PageCheckReport [staff]',
      'GET /api/v1/Sampling/DownloadCheckReport [staff]',
      'POST /api/v1/SystemMessage/PageRecipientMessage [staff]',
      'GET /api/v1/SystemMessage/GetDetail [staff]',
      'POST /api/v1/Questionnaire/GetList [staff]',
      'GET /api/v1/Questionnaire/GetDetail [staff]',
      'POST /api/v1/Response/Page [staff]',
      'GET /api/v1/Response/GetDetail [staff]',
      'POST /api/v1/Announcement/Page [staff]',
      'GET /api/v1/Announcement/GetDetail [staff]',
      'GET /api/v1/Account/GetUserManageProfile [check user]',
      'POST /api/v1/Sampling/PageCheckReport [check user]',
    ]) {
      expect(lines.some((line) => line.startsWith(`OK   ${path}`))).toBe(true);
    }
    expect(JSON.stringify(db.state)).toBe(before);
  }, 60_000);

  it('prints each differing field (path and types, not the value) and fails', async () => {
    const title = db.state.announcements[0].title;
    db.mutate((state) => {
      (state.announcements[0] as { title: unknown }).title = { text: title };
    });
    try {
      const { output, code } = await contract('--base', origin, '--token', staffToken);

      expect(code).toBe(1);
      expect(output).toMatch(/^DIFF POST \/api\/v1\/Announcement\/Page \[staff\]$/m);
      expect(output).toMatch(/^ {5}records\[\d+\]\.title: expected string, received object$/m);
      expect(output).not.toContain(title);
    } finally {
      db.mutate((state) => {
        state.announcements[0].title = title;
      });
    }
  }, 60_000);

  it('explains how to run it when the base or the token is missing', async () => {
    const { errors, code } = await contract('--base', origin);
    expect(code).toBe(2);
    expect(errors).toContain('usage: npm run contract -- --base https://api-host:8686 --token <staff token>');
  });
});
