import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useQuery } from '@tanstack/react-query';
import { pendingRegistrationsQuery } from '../pending-registrations';
import styles from './pending-registrations-line.module.css';

/**
 * 待提交登记 on the work home, as one line (how many, and the newest one's name) that opens the list,
 * so the home's actions stay on the first screen however many there are. Nothing while there are none.
 */
export function PendingRegistrationsLine() {
  const { data, error, isFetching, refetch } = useQuery(pendingRegistrationsQuery());

  if (error && !data)
    return (
      <div className={styles.line} role="alert">
        <span className={styles.text}>待提交登记加载失败</span>
        <Button size="small" color="primary" fill="none" loading={isFetching} onClick={() => void refetch()}>
          重试
        </Button>
      </div>
    );
  if (!data || data.records.length === 0) return null;
  return (
    <Link className={styles.line} to={paths.pendingRegistrations}>
      <span className={styles.text}>
        待提交登记 {data.total ?? data.records.length} 条
        <span className={styles.latest}>最新：{data.records[0].name}</span>
      </span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}
