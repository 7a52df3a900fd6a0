import DOMPurify, { type Config } from 'dompurify';
import { config } from '@/config/env';

/**
 * One DOMPurify instance for all rich content the backend sends (announcements, HTML messages).
 * Its own instance so the hooks below never leak into another caller's DOMPurify.
 *
 * Contract: HTML only (no SVG or MathML, whose images, filters and links load from anywhere); no
 * scripts, no event-handler attributes, no javascript:/vbscript: URLs (DOMPurify's defaults), no forms,
 * frames, embedded objects or <style> sheets; links only to https:, tel:, mailto: and the app's own pages
 * (LINK_PROTOCOLS); ids and names are prefixed (user-content-…) so they
 * cannot clobber the app's own (kept-alive pages stay in the DOM); links (<a>, and an image map's
 * <area>) get rel="noopener noreferrer"; images load only from the page's own origin, the
 * deployment's listed hosts (config.contentImageOrigins) or data: URLs, others become a 图片已屏蔽
 * placeholder; inline styles keep only an allowlist of looks (STYLE_RULES), read through the browser's
 * own CSS parser. The container clips whatever is left (safe-html.module.css).
 */
const purifier = DOMPurify(window);

const BLOCKED_IMAGE_ATTRIBUTE = 'data-blocked-image';
export const BLOCKED_IMAGE_TEXT = '图片已屏蔽';

const CONFIG: Config = {
  // SVG's <image>, <feImage> and xlink:href fetch from any host, past the image check below.
  USE_PROFILES: { html: true },
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
  ADD_ATTR: ['target', BLOCKED_IMAGE_ATTRIBUTE],
  // background: the legacy table attribute that loads an image.
  FORBID_ATTR: ['srcset', 'formaction', 'ping', 'background'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SANITIZE_NAMED_PROPS: true,
};

/** A value that substitutes something else at computed time (var(), env(), attr()): never kept. */
function isPlainValue(value: string): boolean {
  const lower = value.toLowerCase();
  return !['var(', 'env(', 'attr(', 'url(', 'image(', 'expression('].some((call) => lower.includes(call));
}

const oneOf =
  (...allowed: string[]) =>
  (value: string) =>
    allowed.includes(value.toLowerCase());

/** A length the browser has already parsed, e.g. '12px' or '1.5em', within [0, max] of its unit. */
function lengthWithin(limits: Readonly<Record<string, number>>, value: string): boolean {
  if (value === '0') return true;
  const unit = Object.keys(limits).find((candidate) => value.endsWith(candidate));
  if (!unit) return false;
  const number = Number(value.slice(0, -unit.length));
  return Number.isFinite(number) && number >= 0 && number <= limits[unit];
}

/** Font sizes from small print to large headings: nothing that fills the screen. */
const FONT_SIZE_LIMITS = { px: 32, rem: 2, em: 2, '%': 200 };
const FONT_SIZE_KEYWORDS = ['small', 'medium', 'large', 'x-large', 'smaller', 'larger'];
/** Margins and padding that space text, never push it over the app or off the page. */
const SPACING_LIMITS = { px: 48, rem: 3, em: 3 };

const spacing = (value: string) => lengthWithin(SPACING_LIMITS, value);
const margin = (value: string) => value === 'auto' || spacing(value);

/**
 * The inline styles rich content may keep, each with the values it may take. Read as the browser parsed
 * them (element.style), so escapes and comments are already resolved; everything else is dropped
 * (position, transform, sizes in vh, backgrounds with images, animations, …).
 */
const STYLE_RULES: ReadonlyArray<readonly [string, (value: string) => boolean]> = [
  ['color', isPlainValue],
  ['background-color', isPlainValue],
  [
    'font-weight',
    oneOf(
      'normal',
      'bold',
      'bolder',
      'lighter',
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
      '900',
    ),
  ],
  ['font-style', oneOf('normal', 'italic', 'oblique')],
  ['font-size', (value) => FONT_SIZE_KEYWORDS.includes(value) || lengthWithin(FONT_SIZE_LIMITS, value)],
  ['text-align', oneOf('left', 'right', 'center', 'justify', 'start', 'end')],
  ['text-decoration', isPlainValue],
  ...['top', 'right', 'bottom', 'left'].flatMap(
    (side) =>
      [
        [`margin-${side}`, margin],
        [`padding-${side}`, spacing],
      ] as const,
  ),
];

/** The allowed part of an element's inline style, serialised again by the browser; '' when none. */
function allowedStyle(style: CSSStyleDeclaration): string {
  const kept: string[] = [];
  for (const [property, allowed] of STYLE_RULES) {
    const value = style.getPropertyValue(property).trim();
    if (value && style.getPropertyPriority(property) === '' && allowed(value))
      kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

/**
 * Origins images may come from: the app's own and the deployment's list. Never the API's: an image
 * there (`<img src="…/DownloadCheckReport?reportId=1">`) would have every reader's phone call the API.
 */
function imageOrigins(): Set<string> {
  return new Set([window.location.origin, ...config.contentImageOrigins]);
}

function isAllowedMedia(src: string): boolean {
  if (!URL.canParse(src, window.location.href)) return false;
  const url = new URL(src, window.location.href);
  if (url.protocol === 'data:') return /^image\//i.test(url.pathname);
  return imageOrigins().has(url.origin);
}

/**
 * The links server content may hold, by what they open: a web page over HTTPS (SafeHtml asks before it
 * leaves the app), a phone call, an e-mail, and the app's own pages. Any other link (http:, ftp:, sms:,
 * an app's scheme) keeps its text and loses its address.
 */
const LINK_PROTOCOLS = new Set(['https:', 'tel:', 'mailto:']);

function isAllowedLink(href: string): boolean {
  if (!URL.canParse(href, window.location.href)) return false;
  const url = new URL(href, window.location.href);
  return LINK_PROTOCOLS.has(url.protocol) || url.origin === window.location.origin;
}

/** An image from a host not on the list, as a placeholder: nothing is requested from that host. */
function blockImage(image: Element): void {
  const placeholder = image.ownerDocument.createElement('span');
  placeholder.setAttribute(BLOCKED_IMAGE_ATTRIBUTE, '');
  placeholder.textContent = BLOCKED_IMAGE_TEXT;
  image.replaceWith(placeholder);
}

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof Element)) return;
  if (node.tagName === 'A' || node.tagName === 'AREA') {
    const href = node.getAttribute('href');
    if (href !== null && !isAllowedLink(href)) node.removeAttribute('href');
    if (node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
    const target = node.getAttribute('target');
    if (target !== null && target !== '_blank') node.removeAttribute('target');
  }
  if (node.hasAttribute(BLOCKED_IMAGE_ATTRIBUTE) && node.textContent !== BLOCKED_IMAGE_TEXT)
    node.removeAttribute(BLOCKED_IMAGE_ATTRIBUTE);
  if (node.hasAttribute('style')) {
    const style = (node as HTMLElement).style as CSSStyleDeclaration | undefined;
    const kept = style ? allowedStyle(style) : '';
    if (kept) node.setAttribute('style', kept);
    else node.removeAttribute('style');
  }
  if (node.tagName === 'IMG') {
    if (!isAllowedMedia(node.getAttribute('src') ?? '')) {
      blockImage(node);
      return;
    }
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    node.setAttribute('loading', 'lazy');
  }
  // Video, audio and their sources load from the same hosts as images, or not at all.
  for (const attribute of ['src', 'poster']) {
    const value = node.getAttribute(attribute);
    if (value !== null && !isAllowedMedia(value)) node.removeAttribute(attribute);
  }
});

/** Sanitised HTML, safe to put into the page with dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purifier.sanitize(html, CONFIG);
}
