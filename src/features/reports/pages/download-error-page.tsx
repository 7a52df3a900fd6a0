import { hasInAppHistory } from '@/lib/history';
import { Button, Result } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { getDownloadFailure, retryDownload } from '@/lib/file-download';
import styles from './reports.module.css';

/**
 * /downErr: why the file did not arrive (the server's own message when it answered with a JSON error
 * instead of the file) and 重试. Shared by reports and announcement attachments.
 */
export default function DownloadErrorPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState(getDownloadFailure);
  const [retrying, setRetrying] = useState(false);
  const [retried, setRetried] = useState(0);

  if (!failure) {
    return (
      <PageShell>
        <EmptyState text="没有下载失败的记录" hint="请回到报告或公告页面，重新点击下载。" />
      </PageShell>
    );
  }

  const retry = async () => {
    setRetrying(true);
    try {
      const outcome = await retryDownload(navigate);
      if (outcome === 'failed') {
        setFailure(getDownloadFailure());
        setRetried((count) => count + 1);
      }
    } finally {
      setRetrying(false);
    }
  };

  const goBack = () => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(failure.returnTo, { replace: true });
  };

  return (
    <PageShell fallbackPath={failure.returnTo}>
      <Result
        className={styles.result}
        status="error"
        title="文件没有下载成功"
        description={failure.fileName}
      />
      <section className={styles.card} aria-labelledby="download-reason-heading">
        <h2 id="download-reason-heading" className={styles.cardHeading}>
          失败原因
        </h2>
        <p className={styles.reason} role="alert" key={retried}>
          {failure.message}
        </p>
        <p className={styles.hint}>
          {failure.kind === 'network' || failure.kind === 'timeout'
            ? '请检查网络后点击「重试」。'
            : '可以点击「重试」；如果多次失败，请稍后再试或联系工作人员。'}
        </p>
      </section>
      <div className={styles.actions}>
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
        <Button block size="large" onClick={goBack}>
          回到原页面
        </Button>
      </div>
    </PageShell>
  );
}
