export { SafeHtml, type SafeHtmlFormat, type SafeHtmlProps } from './safe-html';
export { sanitizeHtml } from './sanitize-html';
