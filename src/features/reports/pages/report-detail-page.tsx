import { Button } from 'antd-mobile';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncView, EmptyState } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { fallbackFileName, startDownload } from '@/features/downloads';
import { maskIdCard } from '@/lib/id-card';
import { useAudience } from '@/lib/route-meta';
import type { CheckReport } from '@/types/api';
import { ReportNextStep } from '../components/report-next-step';
import { ReportPdfSection } from '../components/report-pdf-section';
import { TubeProgress } from '../components/tube-progress';
import { fetchCheckReport } from '../report-lookup';
import { useReportPdf } from '../use-report-pdf';
import { audiencePages } from '@/config/audience';
import content from '@/styles/content.module.css';
import { useApiRequest } from '@/lib/use-api-request';

function formatDateTime(value: string | undefined): string {
  const date = dayjs(value);
  return value && date.isValid() ? date.format('YYYY-MM-DD HH:mm') : '—';
}

/**
 * /repoetDetail, /checkUserRepoetDetail (`?id=`): the result in plain words and what to do next, the
 * tube's progress, the PDF in the page ("查看报告") and the WeChat-safe download ("下载报告").
 */
export default function ReportDetailPage() {
  const audience = useAudience();
  const routes = audiencePages(audience);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const here = `${location.pathname}${location.search}`;
  const [downloading, setDownloading] = useState(false);

  const {
    data: report,
    loading,
    error,
    refresh,
  } = useApiRequest(() => fetchCheckReport(id, { silent: true }), {
    ready: id !== '',
    refreshDeps: [id],
  });
  const pdf = useReportPdf(report?.id);
  const { get: getPdf } = pdf;

  const download = useCallback(
    async (target: CheckReport) => {
      setDownloading(true);
      try {
        const source = { kind: 'report', id: target.id } as const;
        await startDownload(
          { source, fallbackName: fallbackFileName(source, target.reportedAt), returnTo: here },
          navigate,
          // The request 查看报告 and the page's reading time share: fetched once.
          { fetchFile: getPdf },
        );
      } finally {
        setDownloading(false);
      }
    },
    [here, navigate, getPdf],
  );

  if (!id) {
    return (
      <PageShell fallbackPath={routes.reportList}>
        <EmptyState
          text="没有指定要查看的报告"
          hint="请从报告列表中选择一份报告。"
          action={
            <Button color="primary" onClick={() => void navigate(routes.reportList)}>
              返回报告列表
            </Button>
          }
        />
      </PageShell>
    );
  }

  return (
    <PageShell
      fallbackPath={routes.reportList}
      footer={
        report && (
          <Button
            block
            color="primary"
            size="large"
            loading={downloading}
            disabled={downloading}
            onClick={() => void download(report)}
          >
            下载报告
          </Button>
        )
      }
    >
      <AsyncView loading={loading || (!report && !error)} error={error} empty={!report} onRetry={refresh}>
        {report && (
          <>
            <ReportNextStep report={report} />

            <section className={content.panel} aria-labelledby="report-info-heading">
              <h3 id="report-info-heading" className={content.panelHeading}>
                报告信息
              </h3>
              <dl className={content.facts}>
                <div>
                  <dt>受检者</dt>
                  <dd>{report.personName}</dd>
                </div>
                <div>
                  <dt>身份证号</dt>
                  <dd>{maskIdCard(report.idCard)}</dd>
                </div>
                <div>
                  <dt>采样管编码</dt>
                  <dd>{report.tubeCode}</dd>
                </div>
                <div>
                  <dt>检测项目</dt>
                  <dd>{report.testItem}</dd>
                </div>
                <div>
                  <dt>采样时间</dt>
                  <dd>{formatDateTime(report.sampledAt)}</dd>
                </div>
                <div>
                  <dt>报告时间</dt>
                  <dd>{formatDateTime(report.reportedAt)}</dd>
                </div>
                <div>
                  <dt>检测机构</dt>
                  <dd>{report.institution}</dd>
                </div>
              </dl>
            </section>

            <section className={content.panel} aria-labelledby="report-tube-heading">
              <h3 id="report-tube-heading" className={content.panelHeading}>
                采样管进度
              </h3>
              <TubeProgress tubeCode={report.tubeCode} />
            </section>

            <section className={content.panel} aria-labelledby="report-file-heading">
              <h3 id="report-file-heading" className={content.panelHeading}>
                报告原件
              </h3>
              <ReportPdfSection key={report.id} report={report} pdf={pdf} />
            </section>
          </>
        )}
      </AsyncView>
    </PageShell>
  );
}
