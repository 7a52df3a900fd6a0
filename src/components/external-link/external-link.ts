import { Dialog } from 'antd-mobile';
import type { MouseEvent } from 'react';

/** An http(s) link to another site, or null (tel:, mailto:, the app's own pages open as they are). */
function externalUrl(link: HTMLAnchorElement | HTMLAreaElement): URL | null {
  const href = link.getAttribute('href');
  if (!href || !URL.canParse(href, window.location.href)) return null;
  const url = new URL(href, window.location.href);
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  return web && url.origin !== window.location.origin ? url : null;
}

/**
 * The click handler of content the app did not write (a message's HTML, a report's PDF links): a link
 * in it that leads off the app opens only after the person has seen where to, since such content can
 * look like the screening service and link to a look-alike site. Only link activations (a tap, or
 * Enter on a focused link) are looked at.
 */
export function confirmExternalLink(event: MouseEvent<HTMLElement>): void {
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
    // antd-mobile's dialog has no accessible name of its own.
    'aria-label': '即将离开本应用',
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
