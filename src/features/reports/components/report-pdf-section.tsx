import { useRequest } from 'ahooks';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ErrorState, InlineLoading } from '@/components/async-view';
import { PdfViewer, preparePdfJs } from '@/components/pdf-viewer';
import { downloadCheckReport } from '@/api/sampling';
import { whenIdle } from '@/lib/when-idle';
import type { CheckReport } from '@/types/api';
import styles from './report-pdf-section.module.css';

/**
 * "查看报告": fetches the PDF (DownloadCheckReport, arraybuffer) only when asked and shows it in the page.
 * pdf.js and its worker load while the person reads the detail (once the browser is idle), so the tap
 * waits for the PDF's bytes and the drawing only. The bytes are kept while the page is open, so closing
 * and reopening the viewer does not fetch again.
 */
export function ReportPdfSection({ report }: { report: Pick<CheckReport, 'id' | 'fileName'> }) {
  const [open, setOpen] = useState(false);
  const pdf = useRequest(
    async () => (await downloadCheckReport({ reportId: report.id }, { silent: true })).data,
    { manual: true, refreshDeps: [report.id], onError: () => undefined /* shown below, not logged */ },
  );

  useEffect(() => whenIdle(preparePdfJs), []);

  const show = () => {
    setOpen(true);
    if (!pdf.data && !pdf.loading) pdf.run();
    preparePdfJs(); // at once if the idle time has not come yet
  };

  let body = null;
  if (open) {
    if (pdf.data) body = <PdfViewer data={pdf.data} label={`报告原件：${report.fileName}`} />;
    else if (pdf.error && !pdf.loading)
      body = <ErrorState title="报告获取失败" error={pdf.error} onRetry={pdf.run} />;
    else body = <InlineLoading label="正在获取报告" />;
  }

  return (
    <div className={styles.section}>
      <Button
        block
        color="primary"
        fill={open ? 'outline' : 'solid'}
        size="large"
        aria-expanded={open}
        onClick={open ? () => setOpen(false) : show}
      >
        {open ? '收起报告' : '查看报告'}
      </Button>
      {body}
    </div>
  );
}
