import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoDb } from '@/mocks/db';
import { buildPdf, createReportPdf, wrapText } from '@/mocks/pdf';
import { attachmentBytes } from '@/mocks/seed';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** Checks the cross-reference table against the file: every offset must land on its `n 0 obj`. */
function assertXref(bytes: Uint8Array): number {
  const text = latin1(bytes);
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!.map(Number);
  expect(first).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + count);
  expect(entries[0]).toBe('0000000000 65535 f ');
  for (let id = 1; id < count; id += 1) {
    expect(entries[id]).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entries[id].slice(0, 10));
    expect(text.slice(offset, offset + `${id} 0 obj\n`.length)).toBe(`${id} 0 obj\n`);
  }
  expect(text).toContain(`/Size ${count} /Root 1 0 R`);
  // Every stream is exactly as long as its /Length says.
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + '\nendstream'.length)).toBe(
      '\nendstream',
    );
  }
  return count - 1;
}

const db = createDemoDb();

describe('demo PDF generator', () => {
  test('a report PDF is well-formed, uses STSong-Light/UniGB-UCS2-H and carries the report text', () => {
    const report = db.state.reports.find((candidate) => candidate.result === 'positive')!;
    const bytes = createReportPdf(report);
    expect(assertXref(bytes)).toBe(8);
    const text = latin1(bytes);
    expect(text).toContain('/BaseFont /STSong-Light /Encoding /UniGB-UCS2-H');
    expect(text).not.toContain('/FontFile');
    const hex = (value: string) =>
      Array.from(value, (c) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')).join('');
    expect(text).toContain(hex(report.tubeCode));
    expect(text).toContain(hex('检测结果：阳性'));
    expect(text).toContain(hex('结肠镜'));
  });

  test('long text wraps onto more pages and the xref stays right', () => {
    const bytes = buildPdf({
      title: '测试',
      blocks: Array.from({ length: 80 }, (_, i) => ({
        kind: 'text' as const,
        text: `第 ${i + 1} 行：便隐血检测`,
      })),
    });
    const objects = assertXref(bytes);
    expect(objects).toBeGreaterThan(8);
    expect(latin1(bytes)).toMatch(/\/Count [2-9]/);
  });

  test('wrapping keeps lines inside the width and closing punctuation off the line start', () => {
    const lines = wrapText(
      '本次便隐血（FIT）检测结果为阴性，建议 1 年后再次参加大肠癌筛查。'.repeat(3),
      12,
      200,
    );
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).not.toMatch(/^[，。）]/);
    expect(lines.join('')).toContain('（FIT）');
  });

  test('the announcement attachment is a valid PDF too', () => {
    const source = db.state.attachmentSources['5001'];
    assertXref(attachmentBytes(source));
  });

  test.skipIf(!existsSync('/usr/bin/qpdf'))('qpdf finds no errors', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'demo-pdf-')), 'report.pdf');
    writeFileSync(file, createReportPdf(db.state.reports[0]));
    const output = execFileSync('/usr/bin/qpdf', ['--check', file], { encoding: 'utf8' });
    expect(output).toContain('No syntax or stream encoding errors found');
  });
});
