/**
 * WeChat-safe file downloads, shared by check reports and announcement attachments.
 *
 * WeChat's webview blocks `<a download>` on blob URLs (on iOS always), so a "download" here means: fetch
 * the bytes, keep them for this page session, and show /downSuccess, which explains how to keep the file
 * inside WeChat and can show it again in the page. A failure shows /downErr with the reason and 重试.
 *
 * API
 * - downloadFile(job, navigate, options?) → Promise<DownloadOutcome>
 *     The whole flow: fetch under a blocking loading toast, then saveDownloadedFile + go to /downSuccess,
 *     or record the failure + go to /downErr. A lost session (401) goes nowhere: the session handler
 *     takes over. `job.fetch` must call its endpoint with `{ silent: true }` (the failure page shows
 *     the reason; a toast would say it twice).
 *     options.replace: replace the current history entry instead of pushing one.
 *     options.stayOnFailure: record the failure without navigating (重试 on /downErr itself).
 * - saveDownloadedFile(file, fallbackName) → SavedFile
 *     Keeps the bytes in memory with an object URL (the previous file's URL is revoked) and the file's
 *     description in sessionStorage, so /downSuccess can still name the file after a reload.
 * - getSavedFile() → SavedFile | null           the bytes of this page session
 * - getSavedFileInfo() → SavedFileInfo | null    name, type, size, origin (survives a reload)
 * - readSavedFileBytes() → Promise<ArrayBuffer | null>   for the in-page viewer
 * - clearSavedFile()
 * - getDownloadFailure() → DownloadFailure | null     what /downErr shows (survives a reload)
 * - canRetryInPlace() → boolean   the failed job is still in memory (no reload since it failed)
 * - retryDownload(navigate) → Promise<DownloadOutcome>
 *     重试 on /downErr: runs the failed job again there (success replaces /downErr with /downSuccess,
 *     failure updates the reason); after a reload the job is gone, so it asks the page that started the
 *     download to start again (see takeRetryRequest) and goes back to it.
 * - takeRetryRequest(returnTo) → boolean
 *     For the page that starts downloads: true, once, when the user tapped 重试 after a reload.
 * - clearDownloadState()   forgets bytes, failure and pending retry (sign-out; tests)
 * - isPdfFile(info), formatFileSize(bytes)
 *
 * Nothing here goes into a URL: file names can carry a person's name.
 */
import type { NavigateFunction } from 'react-router';
import { paths } from '@/config/paths';
import { showLoading } from '@/lib/feedback';
// Not the '@/lib/http' index: the session module (in every page's start-up) imports this file, and the
// index would bring the HTTP client (axios) into the entry's evaluation.
import type { BinaryFile } from '@/lib/http';
import { errorMessage, isApiError, type ApiErrorKind } from '@/lib/http/errors';

export interface DownloadJob {
  /** Fetches the file; call the endpoint with `{ silent: true }`. */
  fetch: () => Promise<BinaryFile>;
  /** The name to show when the server sends none (Content-Disposition). */
  fallbackName: string;
  /** path + search of the page that started the download: where 返回 and 重试 lead. */
  returnTo: string;
}

export type DownloadOutcome = 'success' | 'failed' | 'unauthorized';

export interface DownloadOptions {
  replace?: boolean;
  stayOnFailure?: boolean;
}

/** A file's description; kept in sessionStorage. */
export interface SavedFileInfo {
  fileName: string;
  contentType: string;
  /** Bytes. */
  size: number;
  returnTo?: string;
  /** Epoch ms. */
  savedAt: number;
}

/** A file whose bytes this page session still holds. */
export interface SavedFile extends SavedFileInfo {
  data: Blob | ArrayBuffer;
  /** For <img>/<iframe> previews; revoked when another file is saved or the file is cleared. Null where unsupported. */
  objectUrl: string | null;
}

export interface DownloadFailure {
  /** The reason in plain words (the server's message for a JSON error that came back instead of the file). */
  message: string;
  kind?: ApiErrorKind;
  fileName: string;
  returnTo: string;
  /** Epoch ms. */
  at: number;
}

const DOWNLOADING_TEXT = '正在下载…';

const SAVED_KEY = 'download:saved';
const FAILURE_KEY = 'download:failure';
const RETRY_KEY = 'download:retry';

let savedFile: SavedFile | null = null;
let failedJob: DownloadJob | null = null;

function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the description lives in memory only.
  }
}

function removeKey(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // storage unavailable
  }
}

/** Duck-typed: an ArrayBuffer from another realm (iframe, test environment) fails `instanceof`. */
function isBlob(data: Blob | ArrayBuffer): data is Blob {
  return (
    typeof (data as Partial<Blob>).arrayBuffer === 'function' &&
    typeof (data as Partial<Blob>).size === 'number'
  );
}

function byteSize(data: Blob | ArrayBuffer): number {
  return isBlob(data) ? data.size : data.byteLength;
}

function createObjectUrl(data: Blob | ArrayBuffer, contentType: string): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  const blob = isBlob(data) ? data : new Blob([data], { type: contentType });
  return URL.createObjectURL(blob);
}

function revoke(file: SavedFile | null): void {
  if (file?.objectUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(file.objectUrl);
}

export function saveDownloadedFile(file: BinaryFile, fallbackName: string, returnTo?: string): SavedFile {
  revoke(savedFile);
  const contentType =
    file.contentType || (isBlob(file.data) ? file.data.type : '') || 'application/octet-stream';
  const info: SavedFileInfo = {
    fileName: file.fileName?.trim() || fallbackName,
    contentType,
    size: byteSize(file.data),
    returnTo,
    savedAt: Date.now(),
  };
  savedFile = { ...info, data: file.data, objectUrl: createObjectUrl(file.data, contentType) };
  writeJson(SAVED_KEY, info);
  return savedFile;
}

export function getSavedFile(): SavedFile | null {
  return savedFile;
}

export function getSavedFileInfo(): SavedFileInfo | null {
  if (savedFile) {
    const { data: _data, objectUrl: _url, ...info } = savedFile;
    return info;
  }
  return readJson<SavedFileInfo>(SAVED_KEY);
}

export async function readSavedFileBytes(): Promise<ArrayBuffer | null> {
  if (!savedFile) return null;
  return isBlob(savedFile.data) ? savedFile.data.arrayBuffer() : savedFile.data;
}

function clearSavedFile(): void {
  revoke(savedFile);
  savedFile = null;
  removeKey(SAVED_KEY);
}

export function getDownloadFailure(): DownloadFailure | null {
  return readJson<DownloadFailure>(FAILURE_KEY);
}

export function canRetryInPlace(): boolean {
  return failedJob !== null;
}

export async function downloadFile(
  job: DownloadJob,
  navigate: NavigateFunction,
  options: DownloadOptions = {},
): Promise<DownloadOutcome> {
  const hideLoading = showLoading(DOWNLOADING_TEXT);
  let file: BinaryFile;
  try {
    file = await job.fetch();
  } catch (error) {
    hideLoading();
    if (isApiError(error) && error.kind === 'unauthorized') return 'unauthorized';
    failedJob = job;
    const failure: DownloadFailure = {
      message: errorMessage(error),
      kind: isApiError(error) ? error.kind : undefined,
      fileName: job.fallbackName,
      returnTo: job.returnTo,
      at: Date.now(),
    };
    writeJson(FAILURE_KEY, failure);
    if (!options.stayOnFailure) void navigate(paths.downErr, { replace: options.replace });
    return 'failed';
  }
  hideLoading();
  failedJob = null;
  removeKey(FAILURE_KEY);
  saveDownloadedFile(file, job.fallbackName, job.returnTo);
  void navigate(paths.downSuccess, { replace: options.replace });
  return 'success';
}

function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export async function retryDownload(navigate: NavigateFunction): Promise<DownloadOutcome> {
  if (failedJob) return downloadFile(failedJob, navigate, { replace: true, stayOnFailure: true });
  const failure = getDownloadFailure();
  if (!failure) return 'failed';
  writeJson(RETRY_KEY, failure.returnTo);
  if (hasInAppHistory()) void navigate(-1);
  else void navigate(failure.returnTo, { replace: true });
  return 'failed';
}

export function takeRetryRequest(returnTo: string): boolean {
  const requested = readJson<string>(RETRY_KEY);
  if (requested !== returnTo) return false;
  removeKey(RETRY_KEY);
  return true;
}

export function clearDownloadState(): void {
  clearSavedFile();
  failedJob = null;
  removeKey(FAILURE_KEY);
  removeKey(RETRY_KEY);
}

export function isPdfFile(info: Pick<SavedFileInfo, 'fileName' | 'contentType'>): boolean {
  return /pdf/i.test(info.contentType) || /\.pdf$/i.test(info.fileName);
}

/** '812 B', '12.3 KB', '1.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
