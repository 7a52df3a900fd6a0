import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/http';
import {
  canRetryInPlace,
  clearDownloadState,
  downloadFile,
  formatFileSize,
  getDownloadFailure,
  getSavedFile,
  getSavedFileInfo,
  isPdfFile,
  retryDownload,
  saveDownloadedFile,
  takeRetryRequest,
} from '@/lib/file-download';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

// jsdom has no object URLs; give URL a pair for this file and put the originals back afterwards.
const original = Object.getOwnPropertyDescriptors(URL);
const revokeObjectURL = vi.fn();
beforeEach(() => {
  clearDownloadState();
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${(next += 1)}`);
  URL.revokeObjectURL = revokeObjectURL;
});
afterEach(() => {
  for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
    const descriptor = original[name];
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else delete (URL as Partial<typeof URL>)[name];
  }
});

describe('saveDownloadedFile', () => {
  it('keeps the bytes with an object URL, the name from the server or the fallback, and a description for reloads', () => {
    const saved = saveDownloadedFile(
      { data: bytes('%PDF'), contentType: 'application/pdf', fileName: '  报告.pdf ' },
      '备用.pdf',
      '/repoetDetail?id=1',
    );
    expect(saved).toMatchObject({
      fileName: '报告.pdf',
      contentType: 'application/pdf',
      size: 4,
      objectUrl: 'blob:test/1',
      returnTo: '/repoetDetail?id=1',
    });
    expect(getSavedFile()?.data).toBe(saved.data);
    expect(JSON.parse(sessionStorage.getItem('download:saved') ?? '{}')).toMatchObject({
      fileName: '报告.pdf',
      size: 4,
    });
    expect(getSavedFileInfo()).not.toHaveProperty('data');

    const second = saveDownloadedFile(
      { data: new Blob(['abc'], { type: 'text/plain' }), contentType: '' },
      '名单.txt',
    );
    expect(second).toMatchObject({ fileName: '名单.txt', contentType: 'text/plain', size: 3 });
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('clearDownloadState forgets bytes, description and failure', () => {
    saveDownloadedFile({ data: bytes('x'), contentType: 'application/pdf' }, 'a.pdf');
    clearDownloadState();
    expect(getSavedFile()).toBeNull();
    expect(getSavedFileInfo()).toBeNull();
    expect(getDownloadFailure()).toBeNull();
  });
});

describe('downloadFile', () => {
  it('on success saves the file and pushes /downSuccess', async () => {
    const navigate = vi.fn();
    const outcome = await act(() =>
      downloadFile(
        {
          fetch: () => Promise.resolve({ data: bytes('%PDF'), contentType: 'application/pdf' }),
          fallbackName: 'r.pdf',
          returnTo: '/x',
        },
        navigate,
      ),
    );
    expect(outcome).toBe('success');
    expect(navigate).toHaveBeenCalledWith(paths.downSuccess, { replace: undefined });
    expect(getSavedFileInfo()?.fileName).toBe('r.pdf');
  });

  it('on failure records the reason and pushes /downErr; the job can be retried in place', async () => {
    const navigate = vi.fn();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('http', '系统接口502异常', { code: 502 }))
      .mockResolvedValueOnce({ data: bytes('%PDF'), contentType: 'application/pdf' });
    expect(await act(() => downloadFile({ fetch, fallbackName: 'r.pdf', returnTo: '/x' }, navigate))).toBe(
      'failed',
    );
    expect(navigate).toHaveBeenCalledWith(paths.downErr, { replace: undefined });
    expect(getDownloadFailure()).toMatchObject({
      message: '系统接口502异常',
      kind: 'http',
      fileName: 'r.pdf',
      returnTo: '/x',
    });
    expect(canRetryInPlace()).toBe(true);

    expect(await act(() => retryDownload(navigate))).toBe('success');
    expect(navigate).toHaveBeenLastCalledWith(paths.downSuccess, { replace: true });
    expect(getDownloadFailure()).toBeNull();
  });

  it('after a lost session (401) goes nowhere: the session handler takes over', async () => {
    const navigate = vi.fn();
    const outcome = await act(() =>
      downloadFile(
        {
          fetch: () => Promise.reject(new ApiError('unauthorized', '无效的会话')),
          fallbackName: 'r.pdf',
          returnTo: '/x',
        },
        navigate,
      ),
    );
    expect(outcome).toBe('unauthorized');
    expect(navigate).not.toHaveBeenCalled();
    expect(getDownloadFailure()).toBeNull();
  });

  it('a retry request after a reload is taken once, by the page it belongs to', async () => {
    await act(() =>
      downloadFile(
        { fetch: () => Promise.reject(new Error('x')), fallbackName: 'r.pdf', returnTo: '/a?id=1' },
        vi.fn(),
      ),
    );
    const failure = sessionStorage.getItem('download:failure');
    clearDownloadState();
    sessionStorage.setItem('download:failure', failure ?? '');
    const navigate = vi.fn();
    await act(() => retryDownload(navigate));
    expect(navigate).toHaveBeenCalledWith('/a?id=1', { replace: true });
    expect(takeRetryRequest('/b')).toBe(false);
    expect(takeRetryRequest('/a?id=1')).toBe(true);
    expect(takeRetryRequest('/a?id=1')).toBe(false);
  });
});

describe('helpers', () => {
  it('formats sizes and recognises PDFs', () => {
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(12_595)).toBe('12.3 KB');
    expect(formatFileSize(1_468_006)).toBe('1.4 MB');
    expect(isPdfFile({ fileName: 'a.bin', contentType: 'application/pdf' })).toBe(true);
    expect(isPdfFile({ fileName: '报告.PDF', contentType: 'application/octet-stream' })).toBe(true);
    expect(isPdfFile({ fileName: 'a.txt', contentType: 'text/plain' })).toBe(false);
  });
});
