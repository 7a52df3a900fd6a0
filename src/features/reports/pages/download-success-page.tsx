import { hasInAppHistory } from '@/lib/history';
import { Button, Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, InlineLoading } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { PdfViewer } from '@/components/pdf-viewer';
import { formatFileSize, getSavedFileInfo, isPdfFile, readSavedFileBytes } from '@/lib/file-download';
import { getSessionAudience } from '@/lib/session';
import { isWeChat } from '@/lib/wechat';
import styles from './reports.module.css';

interface Bytes {
  data?: ArrayBuffer | null;
  error?: unknown;
}

/**
 * /downSuccess: the file arrived. WeChat cannot save a file from a web page (`<a download>` is blocked),
 * so this page names the file, explains how to keep or send it from WeChat, and can show it again here.
 * Shared by reports and announcement attachments (see '@/lib/file-download').
 */
export default function DownloadSuccessPage() {
  const navigate = useNavigate();
  const [info] = useState(getSavedFileInfo);
  const [viewing, setViewing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [bytes, setBytes] = useState<Bytes | null>(null);
  const inWeChat = isWeChat();
  // Check users sign in through WeChat only, so "在浏览器打开" cannot lead them to the file.
  const checkUser = getSessionAudience() === 'check';
  const viewable = info !== null && isPdfFile(info);

  useEffect(() => {
    if (!viewing) return;
    let active = true;
    readSavedFileBytes().then(
      (data) => {
        if (active) setBytes({ data });
      },
      (error: unknown) => {
        if (active) setBytes({ error });
      },
    );
    return () => {
      active = false;
    };
  }, [viewing, attempt]);

  const goBack = () => {
    if (hasInAppHistory()) void navigate(-1);
    else if (info?.returnTo) void navigate(info.returnTo, { replace: true });
  };

  if (!info) {
    return (
      <PageShell>
        <EmptyState text="没有下载记录" hint="请回到报告或公告页面，重新点击下载。" />
      </PageShell>
    );
  }

  let viewer = null;
  if (viewing) {
    if (!bytes) viewer = <InlineLoading label="正在打开文件" />;
    else if (bytes.error)
      viewer = (
        <ErrorState title="文件打开失败" error={bytes.error} onRetry={() => setAttempt((n) => n + 1)} />
      );
    else if (!bytes.data)
      viewer = <EmptyState text="文件已失效" hint="页面刷新后文件不再保存在本页，请返回重新下载。" />;
    else viewer = <PdfViewer data={bytes.data} label={`已下载的文件：${info.fileName}`} />;
  }

  return (
    <PageShell fallbackPath={info.returnTo}>
      <Result
        className={styles.result}
        status="success"
        title="文件已下载"
        description="文件已保存在本页，可按下面的方法保存到手机或发送给他人。"
      />

      <section className={styles.card} aria-labelledby="download-file-heading">
        <h2 id="download-file-heading" className={styles.cardHeading}>
          文件信息
        </h2>
        <dl className={styles.details}>
          <div>
            <dt>文件名</dt>
            <dd className={styles.fileName}>{info.fileName}</dd>
          </div>
          <div>
            <dt>大小</dt>
            <dd>{formatFileSize(info.size)}</dd>
          </div>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="download-howto-heading">
        <h2 id="download-howto-heading" className={styles.cardHeading}>
          {inWeChat ? '在微信里如何保存文件' : '如何保存文件'}
        </h2>
        {inWeChat && !checkUser && (
          <ol className={styles.steps}>
            <li>
              点击屏幕右上角的「<span aria-label="更多">···</span>」，选择「在浏览器打开」。
            </li>
            <li>在浏览器中登录并回到原页面，再次点击下载，文件会保存到手机的「下载」或「文件」里。</li>
            <li>保存后，可在浏览器或文件管理里选择「分享」，把文件发送给受检者或医生。</li>
            <li>也可以点击下面的「在本页查看」，直接在微信里查看文件内容。</li>
          </ol>
        )}
        {inWeChat && checkUser && (
          <ol className={styles.steps}>
            <li>点击下面的「在本页查看」，在微信里查看报告全文，可截屏保存。</li>
            <li>需要发给家人或医生时，可发送截屏；如需纸质报告，请联系您登记的社区卫生服务中心。</li>
            <li>
              本服务需微信授权，右上角「<span aria-label="更多">···</span>
              」中的「在浏览器打开」无法登录，请在微信内查看。
            </li>
          </ol>
        )}
        {!inWeChat && (
          <ol className={styles.steps}>
            <li>点击下面的「在本页查看」查看文件内容。</li>
            <li>如需保存，可使用浏览器菜单中的「下载」或「分享」功能。</li>
          </ol>
        )}
      </section>

      <div className={styles.actions}>
        {viewable && (
          <Button
            block
            size="large"
            color="primary"
            aria-expanded={viewing}
            onClick={() => setViewing((value) => !value)}
          >
            {viewing ? '收起文件' : '在本页查看'}
          </Button>
        )}
        {viewer}
        <Button block size="large" onClick={goBack}>
          回到原页面
        </Button>
      </div>
    </PageShell>
  );
}
