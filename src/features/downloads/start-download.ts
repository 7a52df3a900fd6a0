import type { NavigateFunction } from 'react-router';
import { UnreadablePdfError } from '@/components/pdf-viewer';
import { paths, withQuery } from '@/config/paths';
import { showLoading } from '@/lib/feedback';
import {
  clearDownloadFailure,
  keepFile,
  markSavedToDevice,
  recordDownloadFailure,
  saveFileToDevice,
  type FileSource,
} from '@/lib/file-download';
import { errorMessage, isApiError, type BinaryFile } from '@/lib/http';
import { isWeChat } from '@/lib/wechat/environment';
import { checkFetchedFile, fetchFileSource, fileSourceQuery } from './file-source';

export interface DownloadRequest {
  source: FileSource;
  /** The name to use when the server sends none (see fallbackFileName). */
  fallbackName: string;
  /** path + search of the page that started the download: where 回到原页面 leads. */
  returnTo?: string;
}

export type DownloadOutcome = 'success' | 'failed' | 'unauthorized';

export interface DownloadOptions {
  /** Replace the current history entry instead of pushing one (重试 on /downErr). */
  replace?: boolean;
  /** Record a failure without navigating (重试 on /downErr itself). */
  stayOnFailure?: boolean;
  /** Gets the file in place of a request of its own (a report's detail page shares its PDF's). */
  fetchFile?: () => Promise<BinaryFile>;
}

const DOWNLOADING_TEXT = '正在下载…';

/** Keeps why a download failed for /downErr (this tab only): the reason in words, and what kind it was. */
export function recordFailure(
  source: FileSource,
  error: unknown,
  fileName: string,
  returnTo: string | undefined,
): void {
  recordDownloadFailure({
    source,
    message: errorMessage(error),
    kind: isApiError(error) ? error.kind : undefined,
    unreadable: error instanceof UnreadablePdfError ? error.problem : undefined,
    fileName,
    returnTo,
    at: Date.now(),
  });
}

/**
 * 下载报告 / 下载 (an attachment): fetches the file under a loading toast (or takes the page's own
 * request for it, `fetchFile`). Outside WeChat the bytes are saved to the device at once (an anchor
 * download); inside WeChat, which blocks that, /downSuccess shows the file as long-pressable pictures.
 * Either way /downSuccess follows; a failure goes to /downErr with the reason. A lost session (401) goes
 * nowhere: the session handler takes over.
 */
export async function startDownload(
  request: DownloadRequest,
  navigate: NavigateFunction,
  options: DownloadOptions = {},
): Promise<DownloadOutcome> {
  const { source, fallbackName, returnTo } = request;
  const query = fileSourceQuery(source);
  const hideLoading = showLoading(DOWNLOADING_TEXT);
  try {
    // silent: /downErr shows the reason; a toast would say it twice.
    const fetched = checkFetchedFile(
      source,
      await (options.fetchFile?.() ?? fetchFileSource(source, { silent: true })),
    );
    const file = keepFile(source, fetched, fallbackName, returnTo);
    clearDownloadFailure();
    if (!isWeChat() && saveFileToDevice(file)) markSavedToDevice(source);
    void navigate(withQuery(paths.downSuccess, query), { replace: options.replace });
    return 'success';
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') return 'unauthorized';
    recordFailure(source, error, fallbackName, returnTo);
    if (!options.stayOnFailure) void navigate(withQuery(paths.downErr, query), { replace: options.replace });
    return 'failed';
  } finally {
    hideLoading();
  }
}
