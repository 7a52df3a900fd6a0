import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AsyncView, EmptyState } from '@/components/async-view';
import { PageShell } from '@/components/page-shell';
import { fallbackFileName, reportAction, startDownload } from '@/features/downloads';
import { formatDateTime } from '@/lib/date-time';
import { formatMaskedIdCard } from '@/lib/id-card';
import { useAudience } from '@/lib/route-meta';
import type { CheckReport } from '@/types/api';
import { ReportNextStep } from '../components/report-next-step';
import { ReportPdfSection } from '../components/report-pdf-section';
import { TubeProgress } from '../components/tube-progress';
import { reportQuery } from '../report-lookup';
import { useReportPdf } from '../use-report-pdf';
import { audiencePages } from '@/config/audience';
import content from '@/styles/content.module.css';
import choices from '../components/choices.module.css';
import { useQuery } from '@tanstack/react-query';

/** A display-only text a server left out shows as —. */
function orDash(value: string): string {
  return value || '—';
}

/**
 * /repoetDetail, /checkUserRepoetDetail (`?id=`): the result in plain words and what to do next, the
 * report's facts, the tube's progress (left out without a tube code) and the PDF in the page, with one
 * action that fits the platform: inside WeChat, which blocks file downloads, 保存报告图片 (the PDF's
 * pages as pictures to long-press, on /downSuccess); elsewhere 下载报告, which saves the file. Both go
 * through startDownload (DownloadCheckReport, then /downSuccess or /downErr).
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

  const { data: report, isPending, error, refetch } = useQuery(reportQuery(id));
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
          // The request the PDF in the page already made: fetched once.
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
            {reportAction().label}
          </Button>
        )
      }
    >
      <AsyncView loading={isPending} error={error} empty={!report} onRetry={() => void refetch()}>
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
                  <dd>{orDash(report.personName)}</dd>
                </div>
                <div>
                  <dt>身份证号</dt>
                  <dd>{report.idCard ? formatMaskedIdCard(report.idCard) : '—'}</dd>
                </div>
                <div>
                  <dt>采样管编码</dt>
                  <dd>{orDash(report.tubeCode)}</dd>
                </div>
                <div>
                  <dt>检测项目</dt>
                  <dd>{orDash(report.testItem)}</dd>
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
                  <dd>{orDash(report.institution)}</dd>
                </div>
              </dl>
            </section>

            {report.tubeCode && <TubeProgress tubeCode={report.tubeCode} />}

            <section className={content.panel} aria-labelledby="report-file-heading">
              <h3 id="report-file-heading" className={content.panelHeading}>
                报告原件
              </h3>
              <ReportPdfSection key={report.id} report={report} pdf={pdf} />
            </section>

            {/* The home may open a person's only report at once: the other ways to look stay one tap away. */}
            <Link className={choices.choice} to={routes.reportSearchType}>
              <span className={choices.choiceTitle}>查询其他报告</span>
            </Link>
          </>
        )}
      </AsyncView>
    </PageShell>
  );
}
