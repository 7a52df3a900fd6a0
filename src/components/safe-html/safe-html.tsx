import { Dialog } from 'antd-mobile';
import { useMemo, type MouseEvent } from 'react';
import { sanitizeHtml } from './sanitize-html';
import styles from './safe-html.module.css';

type SafeHtmlFormat = 'html' | 'text';

export interface SafeHtmlProps {
  /** HTML (sanitised here before rendering) or plain text, as `format` says. */
  content: string | null | undefined;
  /** Default 'html'. Plain text is rendered as text, never parsed. */
  format?: SafeHtmlFormat;
  className?: string;
}

/** An http(s) link to another site, or null (tel:, mailto:, the app's own pages open as they are). */
function externalUrl(link: HTMLAnchorElement | HTMLAreaElement): URL | null {
  const href = link.getAttribute('href');
  if (!href || !URL.canParse(href, window.location.href)) return null;
  const url = new URL(href, window.location.href);
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  return web && url.origin !== window.location.origin ? url : null;
}

/**
 * A link in server content that leads off the app opens only after the person has seen where to: a
 * message can look like the screening service and link to a look-alike site.
 */
function confirmExternalLink(event: MouseEvent<HTMLDivElement>): void {
  // An image map's <area> is a link too: a tap on its picture activates it.
  const link =
    event.target instanceof Element
      ? event.target.closest<HTMLAnchorElement | HTMLAreaElement>('a, area')
      : null;
  if (!link || !event.currentTarget.contains(link)) return;
  const url = externalUrl(link);
  if (!url) return;
  event.preventDefault();
  void Dialog.confirm({
    title: '即将离开本应用',
    content: `该链接将打开外部网站 ${url.host}，请确认是您信任的网站。`,
    confirmText: '继续访问',
    cancelText: '取消',
  }).then((confirmed) => {
    if (!confirmed) return;
    if (link.target === '_blank') window.open(url.href, '_blank', 'noopener,noreferrer');
    else window.location.assign(url.href);
  });
}

/** Rich content from the backend, rendered safely: the only place the app sets innerHTML. */
export function SafeHtml({ content, format = 'html', className }: SafeHtmlProps) {
  const html = useMemo(() => (format === 'html' ? sanitizeHtml(content) : ''), [content, format]);
  const classes = [styles.content, className].filter(Boolean).join(' ');
  if (format === 'text') {
    return <div className={`${classes} ${styles.text}`}>{content ?? ''}</div>;
  }
  return (
    // Only link activations (a tap, or Enter on a focused link) are looked at: see confirmExternalLink.
    <div
      className={classes}
      data-rich-content=""
      onClick={confirmExternalLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
