import { render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeldQueueEntry } from '@/features/offline-queue/queue-store';
import { API_STATUS } from '@/types/api';
import { server } from '../../msw-server';
import { api, isolateRequestTests } from '../http/helpers';
import { COLLECTED_AT, personInput, spareTube } from '../offline-queue/helpers';
import { signInForTest } from '../support/render-route';

/**
 * Where the app hands its failures to the error reports (src/lib/observability): the HTTP client,
 * the offline queue and the error boundary. The reports themselves are replaced here; what they do
 * with a report has its own tests.
 */
vi.mock('@/lib/observability', () => ({
  captureError: vi.fn(),
  reportApiFailure: vi.fn(),
  reportContractDifference: vi.fn(),
  reportQueueFailure: vi.fn(),
}));

// The test set-up has loaded the HTTP client already, bound to the real reports: load the app's
// modules afresh, so they meet the replacement.
let modules: {
  request: typeof import('@/lib/http').request;
  sendEntry: typeof import('@/features/offline-queue/send-entry').sendEntry;
  RootErrorBoundary: typeof import('@/app/root-error-boundary').RootErrorBoundary;
  reports: typeof import('@/lib/observability');
  kit: typeof import('@/types/schema-kit');
};
beforeAll(async () => {
  vi.resetModules();
  modules = {
    request: (await import('@/lib/http')).request,
    sendEntry: (await import('@/features/offline-queue/send-entry')).sendEntry,
    RootErrorBoundary: (await import('@/app/root-error-boundary')).RootErrorBoundary,
    reports: await import('@/lib/observability'),
    kit: await import('@/types/schema-kit'),
  };
});
isolateRequestTests();
beforeEach(() => vi.clearAllMocks());

/** What a request rejected with (an ApiError of the freshly loaded client). */
const rejectionOf = (promise: Promise<unknown>) =>
  promise.then(
    () => Promise.reject(new Error('expected the request to reject')),
    (error: unknown) => error,
  );

const PATH = '/api/v1/Test/Reports';

describe('the HTTP client reports each failure by kind, with its endpoint and code', () => {
  it.each([
    ['network', () => HttpResponse.error(), { kind: 'network', code: undefined }],
    ['http', () => HttpResponse.json({}, { status: 502 }), { kind: 'http', code: 502 }],
    [
      'business',
      () => HttpResponse.json({ statusCode: 4001, responseMessage: '赵春梅已登记', responseData: null }),
      { kind: 'business', code: 4001 },
    ],
    [
      'malformed',
      () => new HttpResponse('<html>', { headers: { 'content-type': 'application/json' } }),
      { kind: 'malformed' },
    ],
    ['unauthorized', () => HttpResponse.json({}, { status: 401 }), { kind: 'unauthorized', code: 401 }],
  ])('%s', async (_kind, answer, report) => {
    server.use(http.post(api(PATH), answer));
    await rejectionOf(modules.request({ schema: v.unknown(), url: PATH, method: 'post', silent: true }));
    expect(vi.mocked(modules.reports.reportApiFailure).mock.calls).toEqual([
      [{ endpoint: `POST ${PATH}`, ...report }],
    ]);
    // Never the body or the message: a server's message can name the person.
    expect(JSON.stringify(vi.mocked(modules.reports.reportApiFailure).mock.calls)).not.toContain('赵春梅');
  });

  it('reports each field of a contract difference (path and types), and the failure as contract', async () => {
    server.use(
      http.get(api(PATH), () =>
        HttpResponse.json({ responseData: { name: 42, records: [{ phone: 13912345678 }] } }),
      ),
    );
    const schema = v.object({ name: v.string(), records: v.array(v.object({ phone: v.string() })) });
    await rejectionOf(modules.request({ schema, url: PATH, silent: true }));
    expect(vi.mocked(modules.reports.reportContractDifference).mock.calls).toEqual([
      [{ endpoint: `GET ${PATH}`, path: 'name', expected: 'string', received: 'number', essential: true }],
      [
        {
          endpoint: `GET ${PATH}`,
          path: 'records[0].phone',
          expected: 'string',
          received: 'number',
          essential: true,
        },
      ],
    ]);
    expect(modules.reports.reportApiFailure).toHaveBeenCalledWith({
      kind: 'contract',
      endpoint: `GET ${PATH}`,
    });
  });

  it('reports a display-only difference once, as not essential, and the page gets the answer', async () => {
    const path = '/api/v1/Test/Display';
    server.use(http.get(api(path), () => HttpResponse.json({ responseData: { id: 7, title: { a: 1 } } })));
    const schema = v.object({ id: modules.kit.id, title: modules.kit.textOrEmpty });
    await expect(modules.request({ schema, url: path })).resolves.toEqual({ id: '7', title: '' });
    await modules.request({ schema, url: path });
    expect(vi.mocked(modules.reports.reportContractDifference).mock.calls).toEqual([
      [{ endpoint: `GET ${path}`, path: 'title', expected: 'string', received: 'object', essential: false }],
    ]);
    expect(modules.reports.reportApiFailure).not.toHaveBeenCalled();
  });

  it('reports nothing for a request that succeeded or that the page abandoned', async () => {
    server.use(http.get(api(PATH), () => HttpResponse.json({ responseData: 1 })));
    await modules.request({ schema: v.unknown(), url: PATH });
    const abandoned = new AbortController();
    abandoned.abort();
    await rejectionOf(modules.request({ schema: v.unknown(), url: PATH, signal: abandoned.signal }));
    expect(modules.reports.reportApiFailure).not.toHaveBeenCalled();
  });
});

function queued(sequence: number): HeldQueueEntry {
  return {
    id: `entry-${sequence}`,
    createdAt: COLLECTED_AT,
    registrationInput: personInput(sequence),
    tubeCode: spareTube(sequence),
    collectedAt: COLLECTED_AT,
    status: 'sending',
    attempts: 1,
  };
}

const sendOptions = (token: string) => ({
  onRegistrationSaved: () => {},
  token,
  signal: new AbortController().signal,
});

describe('the offline queue', () => {
  it('reports an entry the server refuses, by step, kind and code', async () => {
    const token = await signInForTest('work');
    server.use(
      http.post('*/api/v1/ScreeningRegister/Submit', () =>
        HttpResponse.json({
          statusCode: API_STATUS.invalidInput,
          responseMessage: '请填写正确的电话',
          responseData: null,
        }),
      ),
    );
    const result = await modules.sendEntry(queued(1), sendOptions(token));
    expect(result).toMatchObject({ kind: 'failed' });
    expect(vi.mocked(modules.reports.reportQueueFailure).mock.calls).toEqual([
      [{ step: 'submit', kind: 'business', code: API_STATUS.invalidInput }],
    ]);
  });

  it('reports nothing for an entry that waits for the network', async () => {
    const token = await signInForTest('work');
    server.use(http.post('*/api/v1/ScreeningRegister/Submit', () => HttpResponse.error()));
    const result = await modules.sendEntry(queued(2), sendOptions(token));
    expect(result).toMatchObject({ kind: 'retry' });
    expect(modules.reports.reportQueueFailure).not.toHaveBeenCalled();
  });
});

describe('the error boundary', () => {
  it('reports the error it shows', async () => {
    const error = new Error('render failed');
    const Crash = () => {
      throw error;
    };
    // React logs the error it caught; the test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', Component: Crash, errorElement: <modules.RootErrorBoundary /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    expect(vi.mocked(modules.reports.captureError).mock.calls).toEqual([[error, { boundary: 'root' }]]);
  });
});
