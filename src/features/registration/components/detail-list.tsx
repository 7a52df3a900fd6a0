import type { ReactNode } from 'react';
import styles from './detail-list.module.css';

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** Large type, e.g. a tube code the user compares with the label on the tube. */
  emphasis?: boolean;
}

/** Label and value pairs, stacked so long values and large text wrap instead of overflowing. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className={styles.list}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row}>
          <dt className={styles.term}>{row.label}</dt>
          <dd className={row.emphasis ? `${styles.value} ${styles.emphasis}` : styles.value}>
            {row.value === '' || row.value === null || row.value === undefined ? '—' : row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
