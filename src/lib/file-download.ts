/**
 * Downloaded files, shared by check reports and announcement attachments: what was fetched (bytes in
 * memory for this page session, a description in sessionStorage), what failed, saving to the device
 * with an anchor download, and how to describe a file to a person.
 *
 * Nothing here goes into a URL: file names can carry a person's name. The URL of /downSuccess and
 * /downErr carries only the file's source (a report or attachment id), so that a reload, or the same
 * page opened in a system browser, can fetch the file again (src/features/downloads).
 *
 * API
 * - keepFile(source, file, fallbackName, returnTo?) → KeptFile   bytes in memory + description stored
 * - getKeptFile(source) → KeptFile | null     the bytes of this page session, for that source only
 * - getFileRecord(source) → FileRecord | null  the description (survives a reload)
 * - markSavedToDevice(source)
 * - recordDownloadFailure(failure) / getDownloadFailure(source) / clearDownloadFailure()
 * - clearDownloadState()     forgets bytes, description and failure (the session's end; tests)
 * - saveFileToDevice(file)   an anchor download of the bytes (not inside WeChat: it blocks blob downloads)
 * - fileKind(file), fileTypeLabel(file), formatFileSize(bytes), readFileBytes(file), readFileAsDataUrl(file)
 */
// Not the '@/lib/http' index: the session module (in every page's start-up) imports this file, and the
// index would bring the HTTP client (axios) into the entry's evaluation.
import * as v from 'valibot';
import type { BinaryFile } from '@/lib/http';
import type { ApiErrorKind } from '@/lib/http/errors';
import { cleanFileName } from '@/lib/http/content-disposition';
import { getToken, onTokenChange } from '@/lib/token';
import { readStored, removeStored, writeStored } from '@/lib/storage';

/** What a downloaded file is, so that it can be fetched again. Ids only: no personal data. */
export type FileSource = { kind: 'report'; id: string } | { kind: 'attachment'; id: string };

// What the two records kept in sessionStorage are, and must be to be used: a planted or damaged one is
// dropped (readStored), never shown. Their types are read from these schemas, so the two cannot differ.
const sourceSchema = v.object({ kind: v.picklist(['report', 'attachment']), id: v.string() });

/** Why a file that arrived cannot be read here: a PDF with a password to open it, or a damaged one. */
const unreadableSchema = v.picklist(['locked', 'damaged']);
export type UnreadableFile = v.InferOutput<typeof unreadableSchema>;

/** A downloaded file's description. */
const recordSchema = v.object({
  source: sourceSchema,
  fileName: v.string(),
  contentType: v.string(),
  /** Bytes. */
  size: v.number(),
  /** path + search of the page that started the download: where 回到原页面 leads. */
  returnTo: v.optional(v.string()),
  /** An anchor download of these bytes has been started on this device. */
  savedToDevice: v.boolean(),
  /** Epoch ms. */
  at: v.number(),
});
export type FileRecord = v.InferOutput<typeof recordSchema>;

/** A file whose bytes this page session holds. */
export interface KeptFile extends FileRecord {
  data: Blob | ArrayBuffer;
}

const failureSchema = v.object({
  source: sourceSchema,
  /** The reason in plain words (the server's message for a JSON error that came back instead of the file). */
  message: v.string(),
  // Only compared with the kinds the page names (network, timeout): any other text is no kind it knows.
  kind: v.optional(v.custom<ApiErrorKind>((kind) => typeof kind === 'string')),
  /** The file arrived but cannot be read here (its pages could not be drawn as pictures). */
  unreadable: v.optional(unreadableSchema),
  fileName: v.string(),
  returnTo: v.optional(v.string()),
  /** Epoch ms. */
  at: v.number(),
});
export type DownloadFailure = v.InferOutput<typeof failureSchema>;

const RECORD_KEY = 'download:saved';
const FAILURE_KEY = 'download:failure';

let keptFile: KeptFile | null = null;

function sameSource(a: FileSource | null | undefined, b: FileSource | null | undefined): boolean {
  return !!a && !!b && a.kind === b.kind && a.id === b.id;
}

/** Duck-typed: an ArrayBuffer from another realm (iframe, test environment) fails `instanceof`. */
function isBlob(data: Blob | ArrayBuffer): data is Blob {
  return (
    typeof (data as Partial<Blob>).arrayBuffer === 'function' &&
    typeof (data as Partial<Blob>).size === 'number'
  );
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'text/plain': '.txt',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/** The server's name (cleaned) or the fallback, with an extension when the type says what it is. */
function resolveFileName(serverName: string | undefined, fallbackName: string, contentType: string): string {
  const name = cleanFileName(serverName ?? '') ?? cleanFileName(fallbackName) ?? '文件';
  const extension = EXTENSIONS[baseType(contentType)];
  return extension && !name.includes('.') ? `${name}${extension}` : name;
}

function baseType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

export function keepFile(
  source: FileSource,
  file: BinaryFile,
  fallbackName: string,
  returnTo?: string,
): KeptFile {
  const contentType =
    file.contentType || (isBlob(file.data) ? file.data.type : '') || 'application/octet-stream';
  const previous = getFileRecord(source);
  const record: FileRecord = {
    source,
    fileName: resolveFileName(file.fileName, fallbackName, contentType),
    contentType,
    size: isBlob(file.data) ? file.data.size : file.data.byteLength,
    returnTo: returnTo ?? previous?.returnTo,
    savedToDevice: previous?.savedToDevice ?? false,
    at: Date.now(),
  };
  keptFile = { ...record, data: file.data };
  writeStored('session', RECORD_KEY, record);
  return keptFile;
}

export function getKeptFile(source: FileSource): KeptFile | null {
  return keptFile && sameSource(keptFile.source, source) ? keptFile : null;
}

export function getFileRecord(source: FileSource): FileRecord | null {
  const record = readStored('session', RECORD_KEY, recordSchema);
  return record && sameSource(record.source, source) ? record : null;
}

export function markSavedToDevice(source: FileSource): void {
  const record = getFileRecord(source);
  if (record) writeStored('session', RECORD_KEY, { ...record, savedToDevice: true });
  if (keptFile && sameSource(keptFile.source, source)) keptFile = { ...keptFile, savedToDevice: true };
}

export function recordDownloadFailure(failure: DownloadFailure): void {
  writeStored('session', FAILURE_KEY, failure);
}

export function getDownloadFailure(source: FileSource): DownloadFailure | null {
  const failure = readStored('session', FAILURE_KEY, failureSchema);
  return failure && sameSource(failure.source, source) ? failure : null;
}

export function clearDownloadFailure(): void {
  removeStored('session', FAILURE_KEY);
}

export function clearDownloadState(): void {
  keptFile = null;
  removeStored('session', RECORD_KEY);
  removeStored('session', FAILURE_KEY);
}

// A session's files are its own: when the tab's session ends (sign-out, a 401, the idle lock), the bytes
// and records this page keeps for it go too.
onTokenChange(() => {
  if (!getToken()) clearDownloadState();
});

/** How long an object URL outlives its anchor click: iOS Safari reads it after the click returns. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Saves the bytes as a file with an anchor download (Android Chrome, iOS Safari 13+, desktop browsers).
 * Not inside WeChat: its webview blocks downloads of blob URLs. Returns false where object URLs are missing.
 */
export function saveFileToDevice(file: Pick<KeptFile, 'data' | 'contentType' | 'fileName'>): boolean {
  if (typeof URL.createObjectURL !== 'function') return false;
  const blob = isBlob(file.data) ? file.data : new Blob([file.data], { type: file.contentType });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return true;
}

export type FileKind = 'pdf' | 'image' | 'text' | 'other';

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'log']);

/** What the app can do with a file: draw it (pdf), show it (image, text), or only name it (other). */
export function fileKind(file: Pick<FileRecord, 'fileName' | 'contentType'>): FileKind {
  const type = baseType(file.contentType);
  const extension = extensionOf(file.fileName);
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if ((type.startsWith('image/') && type !== 'image/svg+xml') || IMAGE_EXTENSIONS.has(extension))
    return 'image';
  if (type === 'text/plain' || type === 'text/csv' || TEXT_EXTENSIONS.has(extension)) return 'text';
  return 'other';
}

const TYPE_LABELS: Record<string, string> = {
  pdf: 'PDF 文档',
  doc: 'Word 文档',
  docx: 'Word 文档',
  xls: 'Excel 表格',
  xlsx: 'Excel 表格',
  csv: 'CSV 表格',
  ppt: 'PowerPoint 演示文稿',
  pptx: 'PowerPoint 演示文稿',
  zip: '压缩包',
  rar: '压缩包',
  '7z': '压缩包',
  txt: '文本文件',
  png: '图片',
  jpg: '图片',
  jpeg: '图片',
  gif: '图片',
  webp: '图片',
};

/** '文件类型' in plain words: PDF 文档, Word 文档, 图片, 'DWG 文件'… */
export function fileTypeLabel(file: Pick<FileRecord, 'fileName' | 'contentType'>): string {
  const extension = extensionOf(file.fileName);
  if (TYPE_LABELS[extension]) return TYPE_LABELS[extension];
  const kind = fileKind(file);
  if (kind === 'pdf') return TYPE_LABELS.pdf;
  if (kind === 'image') return '图片';
  if (kind === 'text') return '文本文件';
  return extension ? `${extension.toUpperCase()} 文件` : '未知类型';
}

/** '812 B', '12.3 KB', '1.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function readFileBytes(file: Pick<KeptFile, 'data'>): Promise<ArrayBuffer> {
  return isBlob(file.data) ? file.data.arrayBuffer() : Promise.resolve(file.data);
}

/**
 * A data: URL of the file, for an `<img>` WeChat can save on a long press (it saves data: images, not
 * blob: ones).
 */
export function readFileAsDataUrl(file: Pick<KeptFile, 'data' | 'contentType'>): Promise<string> {
  const blob = isBlob(file.data) ? file.data : new Blob([file.data]);
  return blobToDataUrl(blob, file.contentType);
}

export async function blobToDataUrl(blob: Blob, type: string = blob.type): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000; // String.fromCharCode takes its arguments on the stack
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return `data:${baseType(type) || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** The text of a plain-text file, in the charset its type names (UTF-8 when none). */
export async function readFileText(file: Pick<KeptFile, 'data' | 'contentType'>): Promise<string> {
  const bytes = await readFileBytes(file);
  const charset = /charset=([^;]+)/i.exec(file.contentType)?.[1]?.trim() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
