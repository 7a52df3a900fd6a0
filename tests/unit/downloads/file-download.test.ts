import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearDownloadState,
  fileKind,
  fileTypeLabel,
  formatFileSize,
  getDownloadFailure,
  getFileRecord,
  getKeptFile,
  keepFile,
  markSavedToDevice,
  readFileText,
  recordDownloadFailure,
  saveFileToDevice,
  type FileSource,
} from '@/lib/file-download';
import { clearSession } from '@/lib/session';
import { setToken } from '@/lib/token';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const REPORT: FileSource = { kind: 'report', id: 'rpt-1' };
const ATTACHMENT: FileSource = { kind: 'attachment', id: 'att-1' };

// jsdom has no object URLs; give URL a pair for this file and put the originals back afterwards.
const original = Object.getOwnPropertyDescriptors(URL);
const createObjectURL = vi.fn((_blob: Blob) => 'blob:test/1');
const revokeObjectURL = vi.fn();
beforeEach(() => {
  clearDownloadState();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});
afterEach(() => {
  vi.useRealTimers();
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
    const descriptor = original[name];
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else delete (URL as Partial<typeof URL>)[name];
  }
});

describe('keepFile', () => {
  it('keeps the bytes for this session and a description that survives a reload, for that source only', () => {
    const kept = keepFile(
      REPORT,
      { data: bytes('%PDF'), contentType: 'application/pdf', fileName: '  报告.pdf ' },
      '肠道筛查报告-2026-11-20.pdf',
      '/repoetDetail?id=rpt-1',
    );
    expect(kept).toMatchObject({
      fileName: '报告.pdf',
      contentType: 'application/pdf',
      size: 4,
      returnTo: '/repoetDetail?id=rpt-1',
      savedToDevice: false,
    });
    expect(getKeptFile(REPORT)?.data).toBe(kept.data);
    expect(getKeptFile(ATTACHMENT)).toBeNull();
    expect(getFileRecord(REPORT)).not.toHaveProperty('data');
    expect(JSON.parse(sessionStorage.getItem('download:saved') ?? '{}')).toMatchObject({
      source: REPORT,
      fileName: '报告.pdf',
    });
  });

  it.each([
    // [server name, fallback, content type, name used]
    [undefined, '肠道筛查报告-2026-11-20.pdf', 'application/pdf', '肠道筛查报告-2026-11-20.pdf'],
    ['', '名单.txt', 'text/plain;charset=utf-8', '名单.txt'],
    ['../x/报告', '备用.pdf', 'application/pdf', '.._x_报告'],
    ['报告', '备用.pdf', 'application/pdf', '报告.pdf'],
    // shown as 报告exe.pdf with its right-to-left override, saved as what it is
    ['报告\u202Efdp.exe', '备用.pdf', 'application/pdf', '报告fdp.exe'],
    [undefined, '公告附件-2026-11-20', 'image/png', '公告附件-2026-11-20.png'],
    [undefined, '公告附件-2026-11-20', 'application/octet-stream', '公告附件-2026-11-20'],
  ])('server name %j, fallback %s, type %s → %s', (serverName, fallback, contentType, expected) => {
    expect(
      keepFile(ATTACHMENT, { data: bytes('x'), contentType, fileName: serverName }, fallback).fileName,
    ).toBe(expected);
  });

  it('a later fetch of the same file (after a reload) keeps where it came from and whether it was saved', () => {
    keepFile(REPORT, { data: bytes('%PDF'), contentType: 'application/pdf' }, 'a.pdf', '/from');
    markSavedToDevice(REPORT);
    clearMemoryOnly();
    const again = keepFile(REPORT, { data: bytes('%PDF'), contentType: 'application/pdf' }, 'a.pdf');
    expect(again).toMatchObject({ returnTo: '/from', savedToDevice: true });
  });

  it('a failure reads back whole: a locked file stays locked (its page offers no 重试)', () => {
    const failure = {
      source: REPORT,
      message: '文件设有密码保护',
      kind: 'malformed',
      unreadable: 'locked',
      fileName: 'a.pdf',
      returnTo: '/from',
      at: 1,
    } as const;
    recordDownloadFailure(failure);
    expect(getDownloadFailure(REPORT)).toEqual(failure);
  });

  it('clearDownloadState (sign-out) forgets bytes, description and failure', () => {
    keepFile(REPORT, { data: bytes('x'), contentType: 'application/pdf' }, 'a.pdf');
    recordDownloadFailure({ source: REPORT, message: 'x', fileName: 'a.pdf', at: 1 });
    clearDownloadState();
    expect(getKeptFile(REPORT)).toBeNull();
    expect(getFileRecord(REPORT)).toBeNull();
    expect(getDownloadFailure(REPORT)).toBeNull();
  });
});

describe('the session’s end', () => {
  it('(sign-out, a 401, the idle lock: the token goes) forgets bytes, description and failure', () => {
    setToken('token-of-the-session');
    keepFile(REPORT, { data: bytes('x'), contentType: 'application/pdf' }, 'a.pdf');
    recordDownloadFailure({ source: REPORT, message: 'x', fileName: 'a.pdf', at: 1 });
    clearSession();
    expect(getKeptFile(REPORT)).toBeNull();
    expect(sessionStorage.getItem('download:saved')).toBeNull();
    expect(sessionStorage.getItem('download:failure')).toBeNull();
  });
});

describe('a stored record that does not fit (planted, damaged, another version’s)', () => {
  it.each([
    ['text that is not JSON', 'oops'],
    ['null', 'null'],
    ['a message that is not text', JSON.stringify({ source: REPORT, message: 5, fileName: 'a.pdf', at: 1 })],
    [
      'a source of another kind',
      JSON.stringify({ source: { kind: 'x', id: 'rpt-1' }, message: 'x', fileName: 'a.pdf', at: 1 }),
    ],
  ])('is dropped, never read: %s', (_case, planted) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sessionStorage.setItem('download:failure', planted);
    sessionStorage.setItem('download:saved', planted);
    expect(getDownloadFailure(REPORT)).toBeNull();
    expect(getFileRecord(REPORT)).toBeNull();
    expect(sessionStorage.getItem('download:failure')).toBeNull();
    expect(sessionStorage.getItem('download:saved')).toBeNull();
    expect(warn).toHaveBeenCalledWith('本机保存的数据格式不正确，已忽略（download）');
    warn.mockRestore();
  });
});

/** What a reload does: memory is gone, sessionStorage stays. */
function clearMemoryOnly() {
  const saved = sessionStorage.getItem('download:saved');
  const failure = sessionStorage.getItem('download:failure');
  clearDownloadState();
  if (saved) sessionStorage.setItem('download:saved', saved);
  if (failure) sessionStorage.setItem('download:failure', failure);
}

describe('recordDownloadFailure', () => {
  it('is read back only for the same source', () => {
    recordDownloadFailure({ source: ATTACHMENT, message: '附件不存在', fileName: 'a.txt', at: 1 });
    expect(getDownloadFailure(ATTACHMENT)?.message).toBe('附件不存在');
    expect(getDownloadFailure(REPORT)).toBeNull();
  });
});

describe('saveFileToDevice', () => {
  it('clicks an anchor download of the bytes with the file name, then lets the object URL go', () => {
    vi.useFakeTimers();
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });
    const data = bytes('%PDF-1.4');
    expect(saveFileToDevice({ data, contentType: 'application/pdf', fileName: '报告.pdf' })).toBe(true);
    expect(clicked).toEqual([{ href: 'blob:test/1', download: '报告.pdf', attached: true }]);
    const blob = createObjectURL.mock.calls[0][0];
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe(data.byteLength);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled(); // iOS Safari reads the URL after the click returns
    vi.advanceTimersByTime(60_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    click.mockRestore();
  });

  it('reports false where the browser has no object URLs', () => {
    Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true, writable: true });
    expect(saveFileToDevice({ data: bytes('x'), contentType: 'text/plain', fileName: 'a.txt' })).toBe(false);
  });
});

describe('describing a file', () => {
  it.each([
    ['报告.pdf', 'application/pdf', 'pdf', 'PDF 文档'],
    ['a.bin', 'application/pdf', 'pdf', 'PDF 文档'],
    ['报告.PDF', 'application/octet-stream', 'pdf', 'PDF 文档'],
    ['名单.txt', 'text/plain;charset=utf-8', 'text', '文本文件'],
    ['名单', 'text/csv', 'text', '文本文件'],
    ['海报.jpg', 'image/jpeg', 'image', '图片'],
    ['海报', 'image/webp', 'image', '图片'],
    ['图标.svg', 'image/svg+xml', 'other', 'SVG 文件'],
    [
      '通知.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'other',
      'Word 文档',
    ],
    ['名单.xlsx', 'application/octet-stream', 'other', 'Excel 表格'],
    ['资料.zip', 'application/zip', 'other', '压缩包'],
    ['图纸.dwg', 'application/octet-stream', 'other', 'DWG 文件'],
    ['附件', 'application/octet-stream', 'other', '未知类型'],
  ])('%s (%s) → %s, %s', (fileName, contentType, kind, label) => {
    expect(fileKind({ fileName, contentType })).toBe(kind);
    expect(fileTypeLabel({ fileName, contentType })).toBe(label);
  });

  it.each([
    [812, '812 B'],
    [12_595, '12.3 KB'],
    [1_468_006, '1.4 MB'],
    [-1, ''],
  ])('%d bytes → %s', (size, text) => {
    expect(formatFileSize(size)).toBe(text);
  });

  it('reads text in the charset its type names', async () => {
    const gbk = new Uint8Array([0xb6, 0xa8, 0xb5, 0xe3]).buffer; // 定点
    expect(await readFileText({ data: gbk, contentType: 'text/plain; charset=gbk' })).toBe('定点');
    expect(await readFileText({ data: bytes('医院'), contentType: 'text/plain' })).toBe('医院');
    expect(await readFileText({ data: bytes('医院'), contentType: 'text/plain; charset=nonsense' })).toBe(
      '医院',
    );
  });
});
