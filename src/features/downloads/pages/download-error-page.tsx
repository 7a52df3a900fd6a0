import { Button, Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/async-view';
import { PageShell, useGoBack } from '@/components/page-shell';
import { getDownloadFailure, type FileSource } from '@/lib/file-download';
import { failureTitle } from '../action-words';
import { displayFileName, fallbackFileName, fileSourceFromSearch, reportDateOf } from '../file-source';
import { startDownload } from '../start-download';
import content from '@/styles/content.module.css';
import styles from '../downloads.module.css';

/**
 * /downErr?report=<id> | ?attachment=<id>: what did not happen, in the words of the action taken (inside
 * WeChat a report's pictures were not made), why (the server's own message when it answered with a JSON
 * error instead of the file; a file whose pages could not be drawn, locked or damaged) and 重试, which
 * fetches it again from the id in the address, also after a reload. A file locked with a password gets
 * no 重试: fetching it again cannot help, and its message says whom to ask.
 */
export default function DownloadErrorPage() {
  const [search] = useSearchParams();
  const source = fileSourceFromSearch(search);
  if (!source) {
    return (
      <PageShell>
        <EmptyState text="没有下载失败的记录" hint="请回到报告或公告页面，重新点击下载。" />
      </PageShell>
    );
  }
  return <DownloadFailed key={`${source.kind}:${source.id}`} source={source} />;
}

function DownloadFailed({ source }: { source: FileSource }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState(() => getDownloadFailure(source));
  const [retrying, setRetrying] = useState(false);
  const [retried, setRetried] = useState(0);
  // Opened on its own (no record of the failure in this tab): the report's own date names the file.
  const [reportedAt, setReportedAt] = useState<string>();
  const named = Boolean(failure?.fileName);
  useEffect(() => {
    if (named || source.kind !== 'report') return;
    let shown = true;
    reportDateOf(source.id).then(
      (date) => shown && setReportedAt(date),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [named, source]);
  const fileName = named ? displayFileName(failure?.fileName, source) : fallbackFileName(source, reportedAt);
  const returnTo = failure?.returnTo;

  const retry = async () => {
    setRetrying(true);
    try {
      const outcome = await startDownload({ source, fallbackName: fileName, returnTo }, navigate, {
        replace: true,
        stayOnFailure: true,
      });
      if (outcome === 'failed') {
        setFailure(getDownloadFailure(source));
        setRetried((count) => count + 1);
      }
    } finally {
      setRetrying(false);
    }
  };

  const goBack = useGoBack(returnTo);
  const retryHelps = failure?.unreadable !== 'locked';
  let hint = '可以点击「重试」；如果多次失败，请稍后再试或联系工作人员。';
  if (failure?.kind === 'network' || failure?.kind === 'timeout') hint = '请检查网络后点击「重试」。';
  else if (!retryHelps) hint = '';

  return (
    <PageShell fallbackPath={returnTo}>
      <Result className={styles.result} status="error" title={failureTitle(source)} description={fileName} />
      <section className={content.panel} aria-labelledby="download-reason-heading">
        <h2 id="download-reason-heading" className={content.panelHeading}>
          失败原因
        </h2>
        <p className={styles.reason} role="alert" key={retried}>
          {failure?.message ?? '上次下载没有完成。'}
        </p>
        {hint && <p className={styles.hint}>{hint}</p>}
      </section>
      <div className={styles.actions}>
        {retryHelps && (
          <Button
            block
            size="large"
            color="primary"
            loading={retrying}
            disabled={retrying}
            onClick={() => void retry()}
          >
            重试
          </Button>
        )}
        <Button block size="large" onClick={goBack}>
          回到原页面
        </Button>
      </div>
    </PageShell>
  );
}
