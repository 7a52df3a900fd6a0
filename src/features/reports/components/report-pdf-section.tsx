import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ErrorState, InlineLoading } from '@/components/async-view';
import { PdfViewer } from '@/components/pdf-viewer';
import { displayFileName } from '@/features/downloads';
import type { CheckReport } from '@/types/api';
import type { ReportPdf } from '../use-report-pdf';
import styles from './report-pdf-section.module.css';

/**
 * "查看报告": shows the report's PDF in the page. The page fetches it while the person reads
 * (useReportPdf), so the tap mostly waits for the drawing; the bytes stay while the page is open, so
 * closing and reopening the viewer does not fetch again.
 */
export function ReportPdfSection({
  report,
  pdf,
}: {
  report: Pick<CheckReport, 'id' | 'fileName'>;
  pdf: ReportPdf;
}) {
  const [open, setOpen] = useState(false);

  const show = () => {
    setOpen(true);
    pdf.get().catch(() => undefined); // a failure is shown below, with 重试
  };
  const retry = () => void pdf.get().catch(() => undefined);

  let body = null;
  if (open) {
    if (pdf.file)
      body = (
        <PdfViewer
          data={pdf.file.data}
          label={`报告原件：${displayFileName(report.fileName, { kind: 'report', id: report.id })}`}
        />
      );
    else if (pdf.error) body = <ErrorState title="报告获取失败" error={pdf.error} onRetry={retry} />;
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
