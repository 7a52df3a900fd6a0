import { useMemo } from 'react';
import { confirmExternalLink } from '@/components/external-link';
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
