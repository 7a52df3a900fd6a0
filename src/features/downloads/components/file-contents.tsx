import { useEffect, useState } from 'react';
import { ErrorState, InlineLoading } from '@/components/async-view';
import { PdfPageImages, PdfViewer } from '@/components/pdf-viewer';
import { readFileAsDataUrl, readFileBytes, readFileText, type KeptFile } from '@/lib/file-download';
import styles from '../downloads.module.css';

interface FileReading<T> {
  file: KeptFile;
  attempt: number;
  value?: T;
  error?: unknown;
}

/** Reads the file once per file and attempt: its bytes, a data: URL (image) or its text. */
function useFileReading<T>(file: KeptFile, read: (file: KeptFile) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<FileReading<T> | null>(null);
  useEffect(() => {
    let active = true;
    read(file).then(
      (value) => active && setState({ file, attempt, value }),
      (error: unknown) => active && setState({ file, attempt, error }),
    );
    return () => {
      active = false;
    };
  }, [file, attempt, read]);
  const current = state && state.file === file && state.attempt === attempt ? state : null;
  return { current, retry: () => setAttempt((value) => value + 1) };
}

/** An image attachment as a picture (a data: URL, which WeChat saves on a long press). */
export function ImageContents({ file }: { file: KeptFile }) {
  const { current, retry } = useFileReading(file, readFileAsDataUrl);
  if (!current) return <InlineLoading label="正在打开图片" />;
  if (current.value === undefined)
    return <ErrorState title="图片打开失败" error={current.error} onRetry={retry} />;
  return <img className={styles.picture} src={current.value} alt={file.fileName} />;
}

/** A plain-text attachment shown in the page (selectable, so it can be copied). */
export function TextContents({ file }: { file: KeptFile }) {
  const { current, retry } = useFileReading(file, readFileText);
  if (!current) return <InlineLoading label="正在打开文件" />;
  if (current.value === undefined)
    return <ErrorState title="文件打开失败" error={current.error} onRetry={retry} />;
  return (
    <pre className={styles.text} tabIndex={0} aria-label={`文件内容：${file.fileName}`}>
      {current.value}
    </pre>
  );
}

interface PdfContentsProps {
  file: KeptFile;
  asPictures: boolean;
  /** The pictures' page 1 is drawn. */
  onFirstPage?: () => void;
  /** The pictures cannot be drawn: the file does not open, or its page 1 does not draw. */
  onUnreadable?: (error: unknown) => void;
}

/**
 * A PDF in the page: as pictures (inside WeChat, where a long press keeps a picture but nothing keeps a
 * file) or in the zoomable viewer (elsewhere, where the file itself is saved).
 */
export function PdfContents({ file, asPictures, onFirstPage, onUnreadable }: PdfContentsProps) {
  const { current, retry } = useFileReading(file, readFileBytes);
  if (!current) return <InlineLoading label="正在打开文件" />;
  if (current.value === undefined)
    return <ErrorState title="文件打开失败" error={current.error} onRetry={retry} />;
  return asPictures ? (
    <PdfPageImages
      data={current.value}
      label={file.fileName}
      onFirstPage={onFirstPage}
      onUnreadable={onUnreadable}
    />
  ) : (
    <PdfViewer data={current.value} label={`已下载的文件：${file.fileName}`} />
  );
}
