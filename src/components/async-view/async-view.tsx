import { Button, DotLoading, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/http/errors';
import styles from './async-view.module.css';

/** A page or section that is still loading: a skeleton with a spoken status. */
export function PageLoading({ label = '加载中…' }: { label?: string }) {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}

export function InlineLoading({ label = '加载中' }: { label?: string }) {
  return (
    <div className={styles.center} role="status" aria-live="polite">
      <span>
        {label}
        <DotLoading />
      </span>
    </div>
  );
}

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}

/** A load that failed: what went wrong in plain words, and a retry. */
export function ErrorState({ error, onRetry, title = '加载失败' }: ErrorStateProps) {
  return (
    <div className={styles.center} role="alert">
      <p className={styles.message}>{title}</p>
      <p className={styles.hint}>{errorMessage(error)}</p>
      {onRetry && (
        <Button color="primary" fill="outline" onClick={onRetry}>
          重试
        </Button>
      )}
    </div>
  );
}

export interface EmptyStateProps {
  text?: string;
  hint?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ text = '暂无数据', hint, action }: EmptyStateProps) {
  return (
    <div className={styles.center}>
      <p className={styles.message}>{text}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {action}
    </div>
  );
}

export interface AsyncViewProps {
  loading: boolean;
  error?: unknown;
  /** True when the data loaded but there is nothing to show. */
  empty?: boolean;
  emptyText?: string;
  emptyHint?: ReactNode;
  emptyAction?: ReactNode;
  onRetry?: () => void;
  children?: ReactNode;
}

/**
 * The one way a page shows its loading, error and empty states. Data already on screen stays on
 * screen while a refresh runs; the error state shows only when there is nothing to show.
 */
export function AsyncView({
  loading,
  error,
  empty,
  emptyText,
  emptyHint,
  emptyAction,
  onRetry,
  children,
}: AsyncViewProps) {
  if (error && (empty ?? true)) return <ErrorState error={error} onRetry={onRetry} />;
  if (loading && (empty ?? true)) return <PageLoading />;
  if (empty) return <EmptyState text={emptyText} hint={emptyHint} action={emptyAction} />;
  return <>{children}</>;
}
