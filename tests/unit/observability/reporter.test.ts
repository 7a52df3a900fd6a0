import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createReporter,
  MAX_PENDING_REPORTS,
  type Reporter,
  type ReportSink,
} from '@/lib/observability/reporter';

/** A sink that records what it was handed, and a loader the test lets succeed or fail. */
function setUp(loadOutcome: 'loads' | 'fails' = 'loads') {
  const sink = {
    captureError: vi.fn<ReportSink['captureError']>(),
    reportApiFailure: vi.fn<ReportSink['reportApiFailure']>(),
    reportContractDifference: vi.fn<ReportSink['reportContractDifference']>(),
    reportQueueFailure: vi.fn<ReportSink['reportQueueFailure']>(),
  };
  let outcome = loadOutcome;
  const load = vi.fn(() =>
    outcome === 'loads' ? Promise.resolve(sink) : Promise.reject(new Error('offline')),
  );
  const reporter = createReporter(load);
  return { sink, load, reporter, nowLoads: () => (outcome = 'loads') };
}

let installed: Reporter | null = null;
afterEach(async () => {
  // A reporter that was installed hears window errors until it has loaded: let it stop.
  await installed?.load();
  installed = null;
});

describe('createReporter (the part of error reporting in the entry)', () => {
  it('keeps what happens before the SDK has loaded and hands it over, in order, once it has', async () => {
    const { sink, reporter } = setUp();
    const error = new Error('early');
    reporter.captureError(error, { boundary: 'root' });
    reporter.reportApiFailure({ kind: 'timeout', endpoint: 'POST /api/v1/Sampling/BindSamplingTube' });
    expect(sink.captureError).not.toHaveBeenCalled();

    await reporter.load();
    expect(sink.captureError).toHaveBeenCalledWith(error, { boundary: 'root' });
    expect(sink.reportApiFailure).toHaveBeenCalledWith({
      kind: 'timeout',
      endpoint: 'POST /api/v1/Sampling/BindSamplingTube',
    });

    reporter.captureError('later', {});
    expect(sink.captureError).toHaveBeenLastCalledWith('later', {});
  });

  it(`keeps at most ${MAX_PENDING_REPORTS} reports before the SDK has loaded, the first ones`, async () => {
    const { sink, reporter } = setUp();
    for (let index = 0; index < MAX_PENDING_REPORTS + 10; index += 1) reporter.captureError(index, {});
    await reporter.load();
    expect(sink.captureError).toHaveBeenCalledTimes(MAX_PENDING_REPORTS);
    expect(sink.captureError.mock.calls.at(-1)?.[0]).toBe(MAX_PENDING_REPORTS - 1);
  });

  it('hears uncaught errors and rejections from the start, and leaves them to the SDK once it has loaded', async () => {
    const { sink, reporter } = setUp();
    installed = reporter;
    reporter.install();
    const error = new Error('uncaught');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'uncaught' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'rejected' });
    window.dispatchEvent(rejection);

    await reporter.load();
    expect(sink.captureError.mock.calls).toEqual([
      [error, { handled: false }],
      ['rejected', { handled: false }],
    ]);
    // Marked as handled, or the test runner takes it for the test's own uncaught error.
    const handled = (event: Event) => event.preventDefault();
    window.addEventListener('error', handled);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('after'), cancelable: true }));
    window.removeEventListener('error', handled);
    expect(sink.captureError).toHaveBeenCalledTimes(2);
  });

  it('reports a failure that repeats (a retry every minute) once, without its query string', async () => {
    const { sink, reporter } = setUp();
    await reporter.load();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      reporter.reportApiFailure({ kind: 'network', endpoint: 'GET /api/v1/Report?idCard=1' });
      reporter.reportQueueFailure({ step: 'bind', kind: 'business', code: 5001 });
    }
    reporter.reportApiFailure({ kind: 'http', endpoint: 'GET /api/v1/Report', code: 502 });
    expect(sink.reportApiFailure.mock.calls).toEqual([
      [{ kind: 'network', endpoint: 'GET /api/v1/Report' }],
      [{ kind: 'http', endpoint: 'GET /api/v1/Report', code: 502 }],
    ]);
    expect(sink.reportQueueFailure).toHaveBeenCalledTimes(1);
  });

  it('reports each contract difference once per endpoint and field, whatever the record', async () => {
    const { sink, reporter } = setUp();
    await reporter.load();
    const difference = { endpoint: 'POST /api/v1/X', expected: 'string', received: 'number' };
    reporter.reportContractDifference({ ...difference, path: 'records[0].name' });
    reporter.reportContractDifference({ ...difference, path: 'records[7].name' });
    reporter.reportContractDifference({ ...difference, path: 'records[7].phone' });
    reporter.reportContractDifference({
      ...difference,
      endpoint: 'POST /api/v1/Y',
      path: 'records[7].phone',
    });
    expect(
      sink.reportContractDifference.mock.calls.map(([report]) => `${report.endpoint} ${report.path}`),
    ).toEqual([
      'POST /api/v1/X records[].name',
      'POST /api/v1/X records[].phone',
      'POST /api/v1/Y records[].phone',
    ]);
  });

  it('keeps what it holds when the SDK cannot load (offline), and a later attempt sends it', async () => {
    const { sink, load, reporter, nowLoads } = setUp('fails');
    reporter.captureError('kept', {});
    await reporter.load();
    expect(sink.captureError).not.toHaveBeenCalled();

    nowLoads();
    await reporter.load();
    expect(load).toHaveBeenCalledTimes(2);
    expect(sink.captureError).toHaveBeenCalledWith('kept', {});
  });

  it('loads the SDK once, however often it is asked', async () => {
    const { load, reporter } = setUp();
    await Promise.all([reporter.load(), reporter.load()]);
    await reporter.load();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
