import { hasInAppHistory } from '@/lib/history';
import { homePathFor } from '@/config/audience';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useRouteMeta } from '@/lib/route-meta';
import { sessionHomePath } from '@/lib/session';
import styles from './page-shell.module.css';

export interface PageShellProps {
  /** Defaults to the route's title. */
  title?: string;
  /** Show the back button (default true). */
  back?: boolean;
  /** Where Back goes when there is no in-app history (e.g. the page was opened from a link). */
  fallbackPath?: string;
  /** Right side of the header. */
  extra?: ReactNode;
  /** Sticky bottom bar, typically the page's main action. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * Back inside the app: the previous entry when there is one, else `fallbackPath` in place of this one.
 * The default is the home of the route's group, or of the signed-in person on the pages both groups
 * open (messages, downloads). The header's 返回 and a page's own 回到原页面 use it.
 */
export function useGoBack(fallbackPath?: string): () => void {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  return () => {
    if (hasInAppHistory()) void navigate(-1);
    else {
      const home = meta?.audience === 'signed-in' ? sessionHomePath() : homePathFor(meta?.audience);
      void navigate(fallbackPath ?? home, { replace: true });
    }
  };
}

/** The frame every page uses: header with back and title, content, optional sticky footer. */
export function PageShell({ title, back = true, fallbackPath, extra, footer, children }: PageShellProps) {
  const meta = useRouteMeta();
  const heading = title ?? meta?.title ?? '';
  const goBack = useGoBack(fallbackPath);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {back ? (
          <button type="button" className={styles.back} onClick={goBack} aria-label="返回">
            ‹ 返回
          </button>
        ) : (
          <span className={styles.extra} />
        )}
        <h1 className={styles.title}>{heading}</h1>
        <span className={styles.extra}>{extra}</span>
      </header>
      <main className={styles.body}>{children}</main>
      {footer && <footer className={styles.footer}>{footer}</footer>}
    </div>
  );
}
