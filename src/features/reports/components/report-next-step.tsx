import { labelOf, REPORT_RESULT_LABELS, type CheckReport } from '@/types/api';
import { nextStepFor, telHref } from '../report-advice';
import { ReadAloud } from './read-aloud';
import { ReportResultTag } from './report-result-tag';
import styles from './report-next-step.module.css';

/**
 * The result in plain words, what to do next and whom to call; the report's own advice in full below.
 * The result and the next steps can be read aloud (ReadAloud) where the phone has a Chinese voice.
 * Display-only fields a server left out leave their line or section out.
 */
export function ReportNextStep({ report }: { report: CheckReport }) {
  const next = nextStepFor(report);
  const positive = report.result === 'positive';
  // Display-only fields a server may leave out: the line holds what there is, or is left out.
  const meta = [report.personName, report.testItem].filter(Boolean).join(' · ');
  return (
    <>
      <section
        className={`${styles.result} ${positive ? styles.positive : styles.negative}`}
        aria-labelledby="report-result-heading"
      >
        <p className={styles.caption}>
          检测结果
          <ReportResultTag className={styles.tag} result={report.result} />
        </p>
        <h2 id="report-result-heading" className={styles.headline}>
          {next.headline}
        </h2>
        {meta && <p className={styles.meta}>{meta}</p>}
        <ReadAloud
          className={styles.readAloud}
          text={`检测结果：${labelOf(REPORT_RESULT_LABELS, report.result)}。${next.headline}。下一步怎么做：${next.steps.join('')}`}
        />
      </section>

      <section className={styles.block} aria-labelledby="report-next-heading">
        <h3 id="report-next-heading" className={styles.heading}>
          下一步怎么做
        </h3>
        <ol className={styles.steps}>
          {next.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {positive && (
          <div className={styles.contact}>
            {report.institution && <p className={styles.contactLine}>报告出具机构：{report.institution}</p>}
            {next.phones.map((phone) => (
              <a key={phone} className={styles.call} href={telHref(phone)}>
                拨打预约电话 {phone}
              </a>
            ))}
          </div>
        )}
      </section>

      {report.advice && (
        <section className={styles.block} aria-labelledby="report-advice-heading">
          <h3 id="report-advice-heading" className={styles.heading}>
            医生建议
          </h3>
          <p className={styles.advice}>{report.advice}</p>
          {report.doctor && <p className={styles.doctor}>报告医生：{report.doctor}</p>}
        </section>
      )}
    </>
  );
}
