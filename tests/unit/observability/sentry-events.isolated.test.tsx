import { addBreadcrumb, captureException, captureMessage, close, flush } from '@sentry/react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { MASK } from '@/lib/observability/scrub';
import { startSentry } from '@/lib/observability/sentry';
import { makeIdCard } from '@/mocks/id-card-generator';
import { server } from '../../msw-server';
import { fill, openPage, textbox } from '../registration/helpers';

/**
 * Sentry's SDK as the app starts it (startSentry: the options, the scrubber, the app's own reports),
 * sending to a DSN that msw answers, while the registration form holds a person's data: nothing of
 * the person and not the session token is in what leaves. Isolated: the SDK patches the console and
 * the window for the rest of its process.
 */

const DSN = 'https://publickey@sentry.example.cn/3';
const PERSON = {
  name: '赵春梅',
  idCard: makeIdCard('110105', '1962-03-04', 9, '2'),
  phone: '13912345678',
  address: '北京市东城区和平里街道',
};

const REVIEW_STRINGS = [
  '吕永强 idcard110101199003071234 tel%2013800138000 138.0013.8000',
  '身份证 110101 19900307 1234',
  'GET /api/v1/x/%31%31%30%31%30%31%31%39%39%30%30%33%30%37%31%32%33%34',
];
const REVIEW_SECRETS = [
  '吕永强',
  '110101199003071234',
  '13800138000',
  '138.0013.8000',
  '110101 19900307 1234',
];

const envelopes: string[] = [];

beforeAll(() => {
  server.use(
    http.post('https://sentry.example.cn/api/3/envelope/', async ({ request }) => {
      envelopes.push(await request.text());
      return HttpResponse.json({});
    }),
  );
});

afterAll(async () => {
  await close();
});

vi.setConfig({ testTimeout: 30_000 });

describe('error reports from a filled registration form', () => {
  it('carry no name, ID-card number, phone, address or token, whatever the app or a library puts in them', async () => {
    const { user } = await openPage(paths.infoEnter);
    await screen.findByRole('textbox', { name: '姓名' });
    await fill(user, textbox('姓名'), PERSON.name);
    await fill(user, textbox('身份证号'), PERSON.idCard);
    await fill(user, textbox('联系电话'), PERSON.phone);
    await user.click(screen.getByRole('button', { name: '选填信息' }));
    await fill(user, await screen.findByRole('textbox', { name: '住址' }), PERSON.address);
    const token = sessionStorage.getItem('token')!;
    // The form keeps its draft in storage as it is typed.
    await waitFor(() => expect(JSON.stringify({ ...localStorage })).toContain(PERSON.address));

    const reports = startSentry({
      dsn: DSN,
      environment: 'test',
      release: 'intestinal-screening-h5@0.0.0',
      tracesSampleRate: 0,
    });
    const typed = [PERSON.name, PERSON.idCard, PERSON.phone, PERSON.address].join(' ');
    console.warn(`saving ${typed}`);
    addBreadcrumb({
      category: 'xhr',
      data: {
        method: 'GET',
        url: `https://api.example.cn/api/v1/x?q=${typed}`,
        status_code: 500,
        body: typed,
      },
    });
    addBreadcrumb({ category: 'ui.click', message: `button[aria-label="删除${PERSON.name}"]` });
    captureException(new Error(`could not save ${typed} for ${token}`));
    captureException({ ...PERSON });
    captureMessage(`registered ${PERSON.name}`);
    captureException(new SyntaxError(`Unexpected token 'x', "${JSON.stringify(PERSON)}" is not valid JSON`));
    reports.captureError(new Error(`render failed for ${typed}`), { boundary: 'root' });
    // The security review's strings: a name no form holds, numbers glued, encoded and grouped.
    captureException(new Error(REVIEW_STRINGS.join(' | ')));
    reports.reportApiFailure({
      kind: 'business',
      endpoint: 'POST /api/v1/ScreeningRegister/Submit',
      code: 4001,
    });
    reports.reportContractDifference({
      endpoint: 'POST /api/v1/ScreeningRegister/Search',
      path: 'records[].phone',
      expected: 'string',
      received: 'number',
    });
    reports.reportQueueFailure({ step: 'bind', kind: 'business', code: 5001 });
    await flush(5000);

    const everything = envelopes.join('\n');
    for (const secret of [...Object.values(PERSON), PERSON.idCard.toLowerCase(), token, ...REVIEW_SECRETS]) {
      expect(everything, `a report carried ${secret}`).not.toContain(secret);
    }

    // Every report arrived, masked rather than dropped.
    const reported = envelopes
      .flatMap((envelope) => envelope.split('\n'))
      .filter((line) => line.startsWith('{"'))
      .map((line) => JSON.parse(line) as { exception?: unknown; message?: unknown })
      .filter((event) => event.exception || event.message)
      .map((event) => JSON.stringify(event.exception ?? event.message));
    expect(reported).toHaveLength(9);
    // Free text (errors', a rejection's, a captured message's) arrives as a placeholder.
    expect(reported.filter((text) => text.includes(MASK.message))).toHaveLength(6);
    for (const text of ['API business failure', 'Contract difference', 'Offline queue: bind refused'])
      expect(reported.some((report) => report.includes(text))).toBe(true);
  });
});
