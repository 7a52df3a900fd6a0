import styles from './unread-badge.module.css';

/** A red count next to a label; read out as "N 条未读". Nothing when there is nothing unread. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">条未读</span>
    </span>
  );
}
