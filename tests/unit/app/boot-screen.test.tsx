import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { BootScreen } from '@/app/boot-screen';

/** The markup between index.html's `<div id="root">` and its closing tag, whitespace between tags dropped. */
function indexHtmlBootScreen(): string {
  const html = readFileSync('index.html', 'utf8');
  const inner = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
  return inner.replace(/>\s+</g, '><').trim();
}

describe('BootScreen (the router\'s fallback while the first page loads)', () => {
  it('is index.html\'s first screen, so nothing changes on screen when React takes over', () => {
    expect(indexHtmlBootScreen()).toContain('肠道健康筛查');
    expect(renderToStaticMarkup(<BootScreen />)).toBe(indexHtmlBootScreen());
  });
});
