import DOMPurify, { type Config } from 'dompurify';

/**
 * One DOMPurify instance for all rich content the backend sends (announcements, HTML messages).
 * Its own instance so the hooks below never leak into another caller's DOMPurify.
 *
 * Contract: no scripts, no event-handler attributes, no javascript:/vbscript: URLs (DOMPurify's
 * defaults), no forms, frames, embedded objects or <style> sheets; links get rel="noopener noreferrer";
 * images get an alt (empty when the author gave none) and lazy loading; inline styles keep their
 * looks but cannot position content over the app.
 */
const purifier = DOMPurify(window);

const CONFIG: Config = {
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'base',
    'meta',
    'link',
  ],
  ADD_ATTR: ['target'],
  FORBID_ATTR: ['srcset', 'formaction', 'ping'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** CSS properties an inline style may not set: they could cover the page or pull in remote content. */
const BLOCKED_STYLE_PROPERTIES = ['position', 'z-index', 'behavior', '-moz-binding'];

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof Element)) return;
  if (node.tagName === 'A') {
    if (node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
    const target = node.getAttribute('target');
    if (target !== null && target !== '_blank') node.removeAttribute('target');
  }
  if (node.tagName === 'IMG') {
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    node.setAttribute('loading', 'lazy');
  }
  if (node instanceof HTMLElement && node.hasAttribute('style')) {
    for (const property of BLOCKED_STYLE_PROPERTIES) node.style.removeProperty(property);
    const css = node.getAttribute('style') ?? '';
    if (/url\s*\(|expression\s*\(/i.test(css) || css.trim() === '') node.removeAttribute('style');
  }
});

/** Sanitised HTML, safe to put into the page with dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purifier.sanitize(html, CONFIG);
}
