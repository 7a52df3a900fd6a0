import { readKeys } from '@/api/read-keys';
import { Button, Result } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, InlineLoading } from '@/components/async-view';
import { PageShell, useGoBack } from '@/components/page-shell';
import { checkFirstPage } from '@/components/pdf-viewer';
import { paths, withQuery } from '@/config/paths';
import {
  fileKind,
  fileTypeLabel,
  formatFileSize,
  getFileRecord,
  getKeptFile,
  keepFile,
  markSavedToDevice,
  readFileBytes,
  saveFileToDevice,
  type FileKind,
  type FileSource,
  type KeptFile,
} from '@/lib/file-download';
import { errorMessage } from '@/lib/http/errors';
import { getSessionAudience } from '@/lib/session';
import { isWeChat } from '@/lib/wechat/environment';
import { ImageContents, PdfContents, TextContents } from '../components/file-contents';
import { displayFileName, fetchFileSource, fileSourceFromSearch, fileSourceQuery } from '../file-source';
import { recordFailure } from '../start-download';
import content from '@/styles/content.module.css';
import { skipToken, useQuery } from '@tanstack/react-query';
import styles from '../downloads.module.css';

/**
 * /downSuccess?report=<id> | ?attachment=<id>: the file that was downloaded, and how to keep it on this
 * platform (docs/behaviour.md "Downloads"):
 * - outside WeChat the file was saved with an anchor download; 再次保存 saves it again. A PDF is opened
 *   to see that it reads here: one that does not (locked, damaged) is said to be saved, and that it
 *   cannot be opened here, with no tick;
 * - inside WeChat, which blocks file downloads, a PDF's pages and an image are shown as pictures to keep
 *   with a long press, text is shown in the page; staff can also 在浏览器打开 this address, sign in, come
 *   back here and save the file itself (check users sign in through WeChat only). A PDF is called got
 *   only once its page 1 is drawn; one whose pages cannot be drawn goes to /downErr, which says why.
 * After a reload, or in another browser, the bytes are fetched again from the id in the address.
 */
export default function DownloadSuccessPage() {
  const [search] = useSearchParams();
  const source = fileSourceFromSearch(search);
  if (!source) {
    return (
      <PageShell>
        <EmptyState text="没有下载记录" hint="请回到报告或公告页面，重新点击下载。" />
      </PageShell>
    );
  }
  return <DownloadedFile key={`${source.kind}:${source.id}`} source={source} />;
}

/** Whether a PDF reads here: being drawn, page 1 drawn, or why not. */
type PdfReading = { drawn: boolean; error?: unknown };

/** Outside WeChat, whether the saved PDF opens and its page 1 draws here (null while it is being found out). */
function usePdfCheck(file: KeptFile | null, enabled: boolean): PdfReading | null {
  const [reading, setReading] = useState<{ file: KeptFile; result: PdfReading } | null>(null);
  useEffect(() => {
    if (!file || !enabled) return;
    let active = true;
    readFileBytes(file)
      .then(checkFirstPage)
      .then(
        () => active && setReading({ file, result: { drawn: true } }),
        (error: unknown) => active && setReading({ file, result: { drawn: false, error } }),
      );
    return () => {
      active = false;
    };
  }, [file, enabled]);
  return reading?.file === file ? reading.result : null;
}

function DownloadedFile({ source }: { source: FileSource }) {
  const navigate = useNavigate();
  const [record] = useState(() => getFileRecord(source));
  const [kept] = useState(() => getKeptFile(source));
  const [saved, setSaved] = useState(record?.savedToDevice ?? false);
  const returnTo = record?.returnTo;

  // The fetched bytes are kept (for 再次保存, and a reload in WeChat) as part of the read.
  const refetch = useQuery({
    queryKey: [...readKeys.files, source, record?.fileName, returnTo],
    queryFn:
      kept === null
        ? ({ signal }) =>
            fetchFileSource(source, { signal, silent: true }).then((fetched) =>
              keepFile(source, fetched, displayFileName(record?.fileName, source), returnTo),
            )
        : skipToken,
    meta: { silent: true },
  });
  const file = kept ?? refetch.data ?? null;
  const inWeChat = isWeChat();
  const isPdf = file !== null && fileKind(file) === 'pdf';
  const checked = usePdfCheck(file, isPdf && !inWeChat);
  // Inside WeChat the pictures say whether the PDF reads: page 1 drawn, or off to /downErr.
  const [pictured, setPictured] = useState(false);
  const onUnreadable = useCallback(
    (error: unknown) => {
      if (!file) return;
      recordFailure(source, error, file.fileName, returnTo);
      void navigate(withQuery(paths.downErr, fileSourceQuery(source)), { replace: true });
    },
    [file, source, returnTo, navigate],
  );
  const onFirstPage = useCallback(() => setPictured(true), []);

  const goBack = useGoBack(returnTo);
  const back = (
    <Button block size="large" onClick={goBack}>
      回到原页面
    </Button>
  );

  if (!file) {
    return (
      <PageShell fallbackPath={returnTo}>
        {refetch.error && !refetch.isFetching ? (
          <ErrorState title="文件获取失败" error={refetch.error} onRetry={() => void refetch.refetch()} />
        ) : (
          <InlineLoading label="正在获取文件" />
        )}
        <div className={styles.actions}>{back}</div>
      </PageShell>
    );
  }

  const save = () => {
    if (!saveFileToDevice(file)) return;
    markSavedToDevice(source);
    setSaved(true);
  };
  const kind = fileKind(file);
  // Outside WeChat the bytes are the person's either way; whether they read here is said beside them.
  const unreadableHere = isPdf && !inWeChat && checked !== null && !checked.drawn;
  const readsHere = !isPdf || (inWeChat ? pictured : checked?.drawn === true);
  let browserStatus: 'success' | 'info' | 'warning' | 'waiting' = saved ? 'success' : 'info';
  if (unreadableHere) browserStatus = 'warning';
  else if (!readsHere) browserStatus = 'waiting';

  return (
    <PageShell fallbackPath={returnTo}>
      {inWeChat ? (
        <Result
          className={styles.result}
          status={readsHere ? 'success' : 'waiting'}
          title={readsHere ? '文件已获取' : '正在生成图片'}
          description={readsHere ? WECHAT_DESCRIPTIONS[kind] : '第 1 页生成后，长按图片即可保存或发送。'}
        />
      ) : (
        <Result
          className={styles.result}
          status={browserStatus}
          title={saved ? '文件已保存' : '文件已准备好'}
          description={
            saved
              ? '已保存到手机的「下载」里（iPhone 在「文件」App 的「下载」中）。没有找到时，请点击「再次保存」。'
              : '点击「保存到手机」，文件会保存到手机的「下载」里。'
          }
        />
      )}
      {unreadableHere && (
        <section className={content.panel} aria-labelledby="download-unreadable-heading">
          <h2 id="download-unreadable-heading" className={content.panelHeading}>
            本页无法打开这份文件
          </h2>
          <p className={styles.reason} role="alert">
            {errorMessage(checked.error)}
          </p>
        </section>
      )}

      <section className={content.panel} aria-labelledby="download-file-heading">
        <h2 id="download-file-heading" className={content.panelHeading}>
          文件信息
        </h2>
        <dl className={content.facts}>
          <div>
            <dt>文件名</dt>
            <dd className={styles.fileName}>{file.fileName}</dd>
          </div>
          <div>
            <dt>类型</dt>
            <dd>{fileTypeLabel(file)}</dd>
          </div>
          <div>
            <dt>大小</dt>
            <dd>{formatFileSize(file.size)}</dd>
          </div>
        </dl>
      </section>

      {!inWeChat && (
        <div className={styles.actions}>
          <Button block size="large" color="primary" onClick={save}>
            {saved ? '再次保存' : '保存到手机'}
          </Button>
        </div>
      )}

      {!unreadableHere && (
        <FileView
          file={file}
          kind={kind}
          inWeChat={inWeChat}
          onFirstPage={onFirstPage}
          onUnreadable={onUnreadable}
        />
      )}

      {inWeChat && <WeChatSaveSteps kind={kind} />}

      <div className={styles.actions}>{back}</div>
    </PageShell>
  );
}

const WECHAT_DESCRIPTIONS: Record<FileKind, string> = {
  pdf: '文件的每一页都显示在下面，长按图片即可保存或发送。',
  image: '图片显示在下面，长按即可保存或发送。',
  text: '文件内容显示在下面。',
  other: '微信里无法打开这类文件，请按下面的方法保存。',
};

interface FileViewProps {
  file: KeptFile;
  kind: FileKind;
  inWeChat: boolean;
  /** A PDF's pictures: page 1 drawn, or the file unreadable. */
  onFirstPage: () => void;
  onUnreadable: (error: unknown) => void;
}

/** The file in the page, where this platform can show it. */
function FileView({ file, kind, inWeChat, onFirstPage, onUnreadable }: FileViewProps) {
  const [viewing, setViewing] = useState(false);
  if (kind === 'other') return null;
  if (kind === 'pdf' && !inWeChat) {
    return (
      <div className={styles.actions}>
        <Button block size="large" aria-expanded={viewing} onClick={() => setViewing((value) => !value)}>
          {viewing ? '收起文件' : '在本页查看'}
        </Button>
        {viewing && <PdfContents file={file} asPictures={false} />}
      </div>
    );
  }
  const pictures = kind === 'pdf' || kind === 'image';
  return (
    <section className={content.panel} aria-labelledby="download-view-heading">
      <h2 id="download-view-heading" className={content.panelHeading}>
        文件内容
      </h2>
      {inWeChat && pictures && <p className={styles.keepHint}>长按图片，可保存到手机或发送给朋友</p>}
      {kind === 'pdf' && (
        <PdfContents file={file} asPictures onFirstPage={onFirstPage} onUnreadable={onUnreadable} />
      )}
      {kind === 'image' && <ImageContents file={file} />}
      {kind === 'text' && <TextContents file={file} />}
    </section>
  );
}

/**
 * Inside WeChat: how to get the file itself. Staff can open this address in a system browser and sign
 * in with their account, which brings them back here to save it. Check users sign in through WeChat
 * authorization only, which a system browser cannot do, so they keep the pictures.
 */
function WeChatSaveSteps({ kind }: { kind: FileKind }) {
  const checkUser = getSessionAudience() === 'check';
  return (
    <section className={content.panel} aria-labelledby="download-howto-heading">
      <h2 id="download-howto-heading" className={content.panelHeading}>
        {checkUser ? '保存与纸质报告' : '保存原文件（在浏览器中）'}
      </h2>
      {checkUser ? (
        <ul className={styles.steps}>
          {kind === 'pdf' && <li>长按每一页图片，选择「保存图片」或「发送给朋友」。</li>}
          <li>本服务需微信授权，在浏览器中无法登录，请在微信里查看和保存。</li>
          <li>如需纸质报告，请联系您登记的社区卫生服务中心。</li>
        </ul>
      ) : (
        <ol className={styles.steps}>
          <li>
            点击屏幕右上角的「<span aria-label="更多">···</span>」，选择「在浏览器打开」。
          </li>
          <li>在浏览器中用工作账号登录，登录后会回到本页。</li>
          <li>点击「保存到手机」，文件会保存到手机的「下载」里，可从那里发送给受检者或医生。</li>
        </ol>
      )}
    </section>
  );
}
