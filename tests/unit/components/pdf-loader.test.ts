import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadablePdfError } from '@/components/pdf-viewer';
import { openPdfDocument } from '@/components/pdf-viewer/pdf-loader';
import { createReportPdf } from '@/mocks/pdf';
import { defaultDb } from '@/mocks/db';

const QPDF = '/usr/bin/qpdf';

beforeAll(async () => {
  // jsdom has no Worker: pdf.js runs its worker's code on the page, from this module.
  // @ts-expect-error -- pdfjs-dist ships no types for its worker module
  const worker: unknown = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
});
afterAll(() => delete (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker);

/** The demo report's PDF, written by qpdf with `args` (a file as a lab's qpdf step leaves it). */
function qpdfOutput(...args: string[]): ArrayBuffer {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-loader-'));
  writeFileSync(join(dir, 'in.pdf'), createReportPdf(defaultDb.state.reports[0]));
  execFileSync(QPDF, [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
  return new Uint8Array(readFileSync(join(dir, 'out.pdf'))).buffer;
}

/** Why openPdfDocument refused the bytes. */
async function refusal(data: ArrayBuffer): Promise<unknown> {
  return openPdfDocument(data).then(
    () => 'opened',
    (error: unknown) => error,
  );
}

describe.skipIf(!existsSync(QPDF))('pdf.js reading qpdf’s outputs (pdf-loader)', () => {
  it('a file with a password to open it is locked, in Chinese, saying whom to ask', async () => {
    const error = await refusal(qpdfOutput('--encrypt', 'user-secret', 'owner-secret', '256', '--'));
    expect(error).toBeInstanceOf(UnreadablePdfError);
    expect((error as UnreadablePdfError).problem).toBe('locked');
    expect((error as Error).message).toMatch(/^这份报告文件设有密码保护.*筛查点/);
  });

  it('a file cut off halfway is damaged', async () => {
    const whole = qpdfOutput('--object-streams=generate');
    const error = await refusal(whole.slice(0, whole.byteLength / 2));
    expect(error).toBeInstanceOf(UnreadablePdfError);
    expect((error as UnreadablePdfError).problem).toBe('damaged');
  });

  it('a file only its owner may change or print opens as it is', async () => {
    const doc = await openPdfDocument(
      qpdfOutput('--encrypt', '', 'owner-secret', '256', '--print=none', '--modify=none', '--'),
    );
    expect(doc.numPages).toBe(1);
    await doc.destroy();
  });
});
