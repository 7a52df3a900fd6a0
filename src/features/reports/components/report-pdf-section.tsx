import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ErrorState, InlineLoading } from '@/components/async-view';
import { PdfViewer } from '@/components/pdf-viewer';
import { displayFileName } from '@/features/downloads';
import type { CheckReport } from '@/types/api';
import type { ReportPdf } from '../use-report-pdf';

/**
 * 报告原件: the report's PDF in the page, below the page's one action (保存报告图片 / 下载报告). The
 * page fetches it while the person reads (useReportPdf) and it is drawn as soon as it is there; a
 * failure is shown with 重试. With Save-Data on nothing is fetched before the person asks for it.
 */
export function ReportPdfSection({
  report,
  pdf,
}: {
  report: Pick<CheckReport, 'id' | 'fileName'>;
  pdf: ReportPdf;
}) {
  const [asked, setAsked] = useState(false);
  const fetchNow = () => void pdf.get().catch(() => undefined); // a failure is shown below, with 重试

  if (pdf.file)
    return (
      <PdfViewer
        data={pdf.file.data}
        label={`报告原件：${displayFileName(report.fileName, { kind: 'report', id: report.id })}`}
      />
    );
  if (pdf.error) return <ErrorState title="报告获取失败" error={pdf.error} onRetry={fetchNow} />;
  if (pdf.waitsToBeAsked && !asked) {
    return (
      <Button
        block
        fill="outline"
        size="large"
        onClick={() => {
          setAsked(true);
          fetchNow();
        }}
      >
        显示报告原件
      </Button>
    );
  }
  return <InlineLoading label="正在获取报告" />;
}
