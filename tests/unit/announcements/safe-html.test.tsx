import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml, sanitizeHtml } from '@/components/safe-html';

declare global {
  interface Window {
    __xss?: number;
  }
}

afterEach(() => {
  delete window.__xss;
});

/** Payloads from the OWASP XSS filter evasion cheat sheet and DOMPurify's own tests, kept to what HTML allows here. */
const PAYLOADS: { name: string; html: string; forbidden: RegExp }[] = [
  { name: 'script element', html: '<p>公告</p><script>window.__xss = 1</script>', forbidden: /<script/i },
  {
    name: 'script with src',
    html: '<script src="https://evil.example/x.js"></script>',
    forbidden: /<script/i,
  },
  { name: 'img onerror', html: '<img src="x" onerror="window.__xss = 1">', forbidden: /onerror/i },
  { name: 'svg onload', html: '<svg onload="window.__xss = 1"><circle r="1"/></svg>', forbidden: /onload/i },
  { name: 'body onload', html: '<body onload="window.__xss=1">正文</body>', forbidden: /onload/i },
  {
    name: 'javascript: link',
    html: '<a href="javascript:window.__xss=1">点我</a>',
    forbidden: /javascript:/i,
  },
  {
    name: 'javascript: link, mixed case and entities',
    html: '<a href="JaVaScRiPt&#58;window.__xss=1">点我</a>',
    forbidden: /javascript/i,
  },
  {
    name: 'javascript: link with whitespace',
    html: '<a href=" &#14; javascript:window.__xss=1">点我</a>',
    forbidden: /javascript/i,
  },
  { name: 'vbscript: link', html: '<a href="vbscript:msgbox(1)">点我</a>', forbidden: /vbscript/i },
  {
    name: 'data: html link',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">点我</a>',
    forbidden: /data:text\/html/i,
  },
  {
    name: 'iframe srcdoc',
    html: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
    forbidden: /iframe|srcdoc/i,
  },
  {
    name: 'iframe javascript src',
    html: '<iframe src="javascript:parent.__xss=1"></iframe>',
    forbidden: /iframe/i,
  },
  { name: 'object data', html: '<object data="javascript:window.__xss=1"></object>', forbidden: /<object/i },
  { name: 'embed', html: '<embed src="javascript:window.__xss=1">', forbidden: /<embed/i },
  {
    name: 'form action',
    html: '<form action="javascript:window.__xss=1"><button>提交</button></form>',
    forbidden: /<form|<button/i,
  },
  {
    name: 'button formaction',
    html: '<button formaction="javascript:window.__xss=1">提交</button>',
    forbidden: /formaction/i,
  },
  {
    name: 'details ontoggle',
    html: '<details open ontoggle="window.__xss=1"><summary>x</summary></details>',
    forbidden: /ontoggle/i,
  },
  { name: 'style element', html: '<style>body{display:none}</style><p>x</p>', forbidden: /<style/i },
  {
    name: 'meta refresh',
    html: '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
    forbidden: /<meta/i,
  },
  { name: 'base href', html: '<base href="javascript:/">', forbidden: /<base/i },
  {
    name: 'math mglyph mXSS',
    html: '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
    forbidden: /onerror/i,
  },
  {
    name: 'noscript mXSS',
    html: '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
    forbidden: /onerror/i,
  },
  {
    name: 'inline style url()',
    html: '<p style="background:url(javascript:window.__xss=1)">x</p>',
    forbidden: /url\(/i,
  },
  {
    name: 'fixed overlay',
    html: '<div style="position:fixed;inset:0;z-index:9999">假的登录框</div>',
    forbidden: /position|z-index/i,
  },
];

describe('sanitizeHtml', () => {
  it.each(PAYLOADS)('neutralises $name', ({ html, forbidden }) => {
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(forbidden);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it.each(PAYLOADS)('runs nothing when $name is rendered', async ({ html }) => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { container } = render(<SafeHtml content={html} />);
    // Give event handlers (img onerror, svg onload) a chance to fire if any survived.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.__xss).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    expect(container.querySelector('script, iframe, object, embed, form, style')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
    }
  });

  it('keeps ordinary rich text: headings, lists, emphasis, tel and https links, images', () => {
    const clean = sanitizeHtml(
      '<h3>参加方式</h3><ol><li><strong>登记</strong></li></ol><a href="tel:021-54880000">电话</a>' +
        '<a href="https://example.org/guide">指南</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="横幅">',
    );
    const box = document.createElement('div');
    box.innerHTML = clean;
    expect(box.querySelector('h3')?.textContent).toBe('参加方式');
    expect(box.querySelector('ol li strong')?.textContent).toBe('登记');
    expect(box.querySelector('a[href="tel:021-54880000"]')).not.toBeNull();
    expect(box.querySelector('a[href="https://example.org/guide"]')).not.toBeNull();
    expect(box.querySelector('img')?.getAttribute('alt')).toBe('横幅');
  });

  it('gives every link rel="noopener noreferrer" and drops targets other than _blank', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(
      '<a href="https://example.org" target="_blank">a</a><a href="https://example.org" target="_top">b</a>',
    );
    const [first, second] = box.querySelectorAll('a');
    expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first).toHaveAttribute('target', '_blank');
    expect(second).toHaveAttribute('rel', 'noopener noreferrer');
    expect(second).not.toHaveAttribute('target');
  });

  it('gives images an alt (empty when missing) and lazy loading, and keeps harmless inline styles', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(
      '<img src="https://example.org/a.png" style="width:100%;height:auto"><p style="color:red;position:absolute">x</p>',
    );
    const image = box.querySelector('img')!;
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image.style.width).toBe('100%');
    expect(box.querySelector('p')!.style.color).toBe('red');
    expect(box.querySelector('p')!.style.position).toBe('');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});

describe('<SafeHtml format="text">', () => {
  it('shows markup as text and never parses it', () => {
    const { container, getByText } = render(
      <SafeHtml format="text" content={'<img src=x onerror="window.__xss=1">\n第二行'} />,
    );
    expect(getByText(/<img src=x onerror/)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(window.__xss).toBeUndefined();
  });
});
