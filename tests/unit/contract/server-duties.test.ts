import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { downloadAttachment } from '@/api/announcements';
import { getRegistrationDetail } from '@/api/registration';
import { bindSamplingTube, downloadCheckReport } from '@/api/sampling';
import { setToken } from '@/lib/token';
import { server } from '../../msw-server';
import { api, isolateRequestTests } from '../http/helpers';
import { recordRequests } from '../support/request-log';
import { readPlan } from '../../../scripts/contract/plan';

isolateRequestTests();

/**
 * docs/security.md tells the server what the app relies on it for. These hold its lists to the app: a
 * header the app starts to send, or a file it starts to download, cannot go unnamed there (a header the
 * API's CORS does not allow fails every call from the deployed app).
 */
const doc = readFileSync('docs/security.md', 'utf8');

/** The text of a `### heading` section (up to the next heading). */
function section(heading: string): string {
  const start = doc.indexOf(`\n### ${heading}\n`);
  if (start < 0) throw new Error(`docs/security.md has no section "${heading}"`);
  const end = doc.slice(start + 1).search(/\n##/);
  return end < 0 ? doc.slice(start) : doc.slice(start, start + 1 + end);
}

/** The names in backticks after `- \`Header\`:` in the CORS section, up to the next bullet. */
function corsList(header: string): string[] {
  const bullet = new RegExp(`\\n- \`${header}\`:([\\s\\S]*?)(?=\\n- |\\n\\n)`).exec(
    section('CORS (the API)'),
  );
  if (!bullet) throw new Error(`the CORS section names no ${header}`);
  return [...bullet[1].matchAll(/`([^`]+)`/g)].map((match) => match[1].toLowerCase());
}

/** Request headers a browser sends cross-origin without the server's leave (as the app sends them). */
const CORS_SAFELISTED = ['accept', 'accept-language', 'content-language'];

/** Only what goes out matters here: every call is answered with a business failure, and shows none. */
function refuseEverything() {
  server.use(
    http.all(api('/api/v1/*'), () => HttpResponse.json({ statusCode: 4004, responseMessage: '记录不存在' })),
  );
}
const silent = { silent: true };

describe('the server duties in docs/security.md', () => {
  it('CORS allows every request header the app sends: a read, a change and a download, signed in', async () => {
    refuseEverything();
    setToken('token-of-a-signed-in-user');
    const log = recordRequests();
    await Promise.allSettled([
      getRegistrationDetail({ id: 'reg-1001' }, silent),
      bindSamplingTube(
        {
          registrationId: 'reg-1001',
          tubeCode: 'CT2026000001',
          collectedAt: '2026-11-20 09:30:00',
        },
        silent,
      ),
      downloadCheckReport({ reportId: 'rpt-1' }, silent),
    ]);
    const sent = await log.all();
    expect(sent.map((request) => request.method).sort()).toEqual(['GET', 'GET', 'POST']);
    const names = new Set(sent.flatMap((request) => [...request.headers.keys()]));
    const needLeave = [...names].filter((name) => !CORS_SAFELISTED.includes(name));
    expect(needLeave).toEqual(expect.arrayContaining(['authorization', 'requestid', 'content-type']));
    expect(corsList('Access-Control-Allow-Headers')).toEqual(expect.arrayContaining(needLeave));
    expect(corsList('Access-Control-Allow-Methods')).toEqual(
      expect.arrayContaining(sent.map((request) => request.method.toLowerCase())),
    );
  });

  it('names every file download for authorisation and for no-store, and exposes its file name', async () => {
    refuseEverything();
    const log = recordRequests();
    await Promise.allSettled([
      downloadCheckReport({ reportId: 'rpt-1' }, silent),
      downloadAttachment({ attachmentId: 'att-1' }, silent),
    ]);
    const downloads = (await log.all()).map((request) => request.path.replace('/api/v1/', ''));
    expect(downloads).toEqual(['Sampling/DownloadCheckReport', 'Attachement/Download']);
    for (const path of downloads) {
      expect(section('Authorisation (the API)')).toContain(`\`${path}\``);
      expect(section('Personal answers are never cached (the API)')).toContain(`\`${path}\``);
    }
    expect(section('Personal answers are never cached (the API)')).toContain('`Cache-Control: no-store`');
    // The file name comes from Content-Disposition (src/lib/http/content-disposition.ts).
    expect(corsList('Access-Control-Expose-Headers')).toContain('content-disposition');
  });

  it('names for no-store every call whose answer npm run contract counts as personal', () => {
    const personal = readPlan({
      withCheckUser: true,
      dictionaryPath: '/api/v1/Dictionary/PageDictionaryItem',
    })
      .filter((step) => step.personal)
      .map((step) => step.path.replace('/api/v1/', ''));
    expect(personal.length).toBeGreaterThan(5);
    for (const path of new Set(personal))
      expect(section('Personal answers are never cached (the API)')).toContain(`\`${path}\``);
  });
});
