import { labelOf, REPORT_RESULT_LABELS } from '@/types/api';
import type { StoredReport } from './demo-state';
import { maskIdCard } from '@/lib/id-card';
import { formatChinaDateTime } from './time';

/**
 * A small, correct PDF 1.4 writer for the demo backend: A4 pages of wrapped Chinese text and rules.
 * Chinese text uses the non-embedded standard CJK font STSong-Light (Adobe-GB1) with the UniGB-UCS2-H CMap,
 * so strings are UTF-16BE hex and nothing is embedded. Viewers need their CJK CMaps (pdf.js: `cMapUrl`).
 * Characters outside the Basic Multilingual Plane are written as '?'.
 */

type RGB = readonly [number, number, number];

type PdfBlock =
  | { kind: 'text'; text: string; size?: number; color?: RGB; indent?: number; spaceBefore?: number }
  | { kind: 'rule'; spaceBefore?: number };

export interface PdfDocument {
  title: string;
  blocks: PdfBlock[];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const LINE_FACTOR = 1.6;
const DEFAULT_SIZE = 11;
const BLACK: RGB = [0, 0, 0];

function isHalfWidth(codeUnit: number): boolean {
  return codeUnit >= 0x20 && codeUnit <= 0x7e;
}

/** UTF-16BE hex of the text, one code unit per character (UCS-2). */
function toUcs2Hex(text: string): string {
  let hex = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0x3f;
    hex += (code > 0xffff ? 0x3f : code).toString(16).toUpperCase().padStart(4, '0');
  }
  return hex;
}

/** Widths in em: ASCII is half width (W array below), everything else full width (DW 1000). */
function textWidth(text: string, size: number): number {
  let width = 0;
  for (const character of text) width += isHalfWidth(character.codePointAt(0) ?? 0) ? 0.5 : 1;
  return width * size;
}

/** Closing punctuation stays at the end of a line rather than start the next one (it may overhang the margin). */
const NO_LINE_START = new Set(Array.from('，。、；：？！）》」”’,.;:?!)'));

/** Breaks at any character that would overflow; ASCII words are kept whole where they fit on a line. */
export function wrapText(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const tokens = paragraph.match(/[\x21-\x7e]+|\s|[^\s\x21-\x7e]/g) ?? [];
    let line = '';
    for (const token of tokens) {
      if (textWidth(line + token, size) <= maxWidth || (line !== '' && NO_LINE_START.has(token))) {
        line += token;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
      if (token.trim() === '') continue;
      if (textWidth(token, size) <= maxWidth) {
        line = token;
        continue;
      }
      for (const character of token) {
        if (line !== '' && textWidth(line + character, size) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += character;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

function color(rgb: RGB): string {
  return rgb.map((value) => Number(value.toFixed(3))).join(' ');
}

/** Lays out the blocks into page content streams. */
function layout(blocks: PdfBlock[]): string[] {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  const usable = PAGE_WIDTH - 2 * MARGIN;

  const newPage = () => {
    pages.push(ops.join('\n'));
    ops = [];
    y = PAGE_HEIGHT - MARGIN;
  };

  for (const block of blocks) {
    y -= block.spaceBefore ?? 0;
    if (block.kind === 'rule') {
      if (y - 8 < MARGIN) newPage();
      y -= 6;
      ops.push(`0.6 0.6 0.6 RG 0.5 w ${MARGIN} ${y.toFixed(2)} m ${PAGE_WIDTH - MARGIN} ${y.toFixed(2)} l S`);
      y -= 10;
      continue;
    }
    const size = block.size ?? DEFAULT_SIZE;
    const indent = block.indent ?? 0;
    const lineHeight = size * LINE_FACTOR;
    for (const line of wrapText(block.text, size, usable - indent)) {
      if (y - lineHeight < MARGIN) newPage();
      y -= lineHeight;
      if (line === '') continue;
      ops.push(
        `BT ${color(block.color ?? BLACK)} rg /F1 ${size} Tf ${(MARGIN + indent).toFixed(2)} ${y.toFixed(2)} Td <${toUcs2Hex(line)}> Tj ET`,
      );
    }
  }
  pages.push(ops.join('\n'));
  return pages;
}

/** Latin-1 text to bytes; every string written below is ASCII except the binary-marker comment. */
function latin1Bytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** Builds the PDF file. Offsets in the xref table are byte offsets of each `n 0 obj`. */
export function buildPdf(document: PdfDocument): Uint8Array<ArrayBuffer> {
  const contents = layout(document.blocks);
  // 1 catalog, 2 pages, 3 Type0 font, 4 CIDFont, 5 descriptor, 6 info, then page/content pairs.
  const firstPage = 7;
  const pageIds = contents.map((_, index) => firstPage + index * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light ' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] ' +
      '/ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Title <FEFF${toUcs2Hex(document.title)}> /Producer (Screening demo backend) >>`,
  ];
  contents.forEach((content, index) => {
    const contentId = pageIds[index] + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });

  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return latin1Bytes(file);
}

const POSITIVE_RED: RGB = [0.8, 0.1, 0.1];
const NEGATIVE_GREEN: RGB = [0.1, 0.5, 0.2];
const GREY: RGB = [0.35, 0.35, 0.35];

/** The check report as a one-page PDF: person, tube, test item, result, dates and advice. */
export function createReportPdf(report: StoredReport): Uint8Array<ArrayBuffer> {
  const field = (label: string, value: string): PdfBlock => ({
    kind: 'text',
    text: `${label}：${value}`,
    size: 12,
  });
  const positive = report.result === 'positive';
  return buildPdf({
    title: `便隐血检测报告 ${report.tubeCode}`,
    blocks: [
      { kind: 'text', text: report.institution, size: 12, color: GREY },
      { kind: 'text', text: '大肠癌筛查 便隐血（FIT）检测报告', size: 20, spaceBefore: 4 },
      { kind: 'rule', spaceBefore: 4 },
      field('姓名', report.personName),
      field('身份证号', maskIdCard(report.idCard)),
      field('采样管编码', report.tubeCode),
      field('检测项目', report.testItem),
      field('采样时间', formatChinaDateTime(report.sampledAt)),
      field('接收时间', formatChinaDateTime(report.receivedAt)),
      field('报告时间', formatChinaDateTime(report.reportedAt)),
      { kind: 'rule' },
      {
        kind: 'text',
        text: `检测结果：${labelOf(REPORT_RESULT_LABELS, report.result)}`,
        size: 16,
        color: positive ? POSITIVE_RED : NEGATIVE_GREEN,
      },
      { kind: 'text', text: '参考区间：阴性', size: 11, color: GREY },
      { kind: 'text', text: '建议', size: 13, spaceBefore: 10 },
      { kind: 'text', text: report.advice, size: 12 },
      { kind: 'rule', spaceBefore: 8 },
      { kind: 'text', text: `报告医生：${report.doctor ?? '—'}`, size: 11 },
      {
        kind: 'text',
        text: '说明：本报告仅对所检样本负责。便隐血检测为初筛手段，结果需结合临床综合判断。',
        size: 10,
        color: GREY,
      },
    ],
  });
}
