import type { ReactNode } from 'react';

/**
 * The first screen of index.html, as a component: shown while the first page's code loads, and by
 * the error boundary. It uses only index.html's inline styles (the `boot-*` classes), so it looks the
 * same before React takes over and still shows when the app's stylesheet failed to load.
 */
export function BootScreen({
  title = '肠道健康筛查',
  text = '正在加载…',
  children,
}: {
  title?: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="boot" aria-busy={children ? undefined : true}>
      <div className="boot-bar" />
      <div className="boot-main">
        <p className="boot-name">{title}</p>
        <p className="boot-text">{text}</p>
        {children}
      </div>
    </div>
  );
}
