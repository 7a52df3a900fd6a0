import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml, sanitizeHtml } from '@/components/safe-html';
import { BLOCKED_IMAGE_TEXT } from '@/components/safe-html/sanitize-html';
import { stubLocation } from '../support/location-stub';

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
  {
    name: 'url() behind a CSS escape',
    html: '<p style="background:u\\72l(https://evil.example/t.png) red; background-image: u\\72 l(x)">x</p>',
    forbidden: /url|\\72|evil/i,
  },
  {
    name: 'transform overlay',
    html: '<div style="transform:translateY(-300px) scale(3)">假的通知</div>',
    forbidden: /transform|translate/i,
  },
  {
    name: 'full-screen block',
    html: '<div style="height:100vh;width:100vw;margin-top:-200px;padding:100vh 0 0">遮挡</div>',
    forbidden: /vh|vw|-200px/i,
  },
  {
    name: 'id and name clobbering',
    html: '<img name="getElementById" src="data:image/png;base64,iVBORw0KGgo="><a id="root">x</a><form name="cookie"></form>',
    forbidden: /(id|name)="(getElementById|root|cookie)"/i,
  },
  {
    name: 'tracking image from another host',
    html: '<img src="https://evil.example/track.gif?u=1"><table><tr><td background="https://evil.example/b.png">x</td></tr></table>',
    forbidden: /evil\.example/i,
  },
  {
    name: 'media from another host',
    html: '<video poster="https://evil.example/p.png" src="https://evil.example/v.mp4"></video>',
    forbidden: /evil\.example/i,
  },
];

const PIXEL = 'data:image/png;base64,iVBORw0KGgo=';

/**
 * Markup that reaches another host with no script at all: SVG and MathML images, filters and paint
 * fetched as the content is shown (jsdom has no Content-Security-Policy, so nothing else stops them
 * here), and links that would leave the app. Only an HTML link may keep such an address: a tap on it
 * asks first (see '<SafeHtml> links').
 */
const OFF_SITE_PAYLOADS: [string, string][] = [
  ['an SVG image (href)', '<svg><image href="https://evil.example/i.png" width="9" height="9"/></svg>'],
  ['an SVG image (xlink:href)', '<svg><image xlink:href="https://evil.example/i.png"/></svg>'],
  [
    'an feImage filter',
    '<svg><filter id="f"><feImage href="https://evil.example/f.png"/></filter><rect filter="url(#f)" width="9" height="9"/></svg>',
  ],
  [
    'an image in a pattern',
    '<svg><pattern id="p"><image href="https://evil.example/p.png"/></pattern><rect fill="url(#p)"/></svg>',
  ],
  ['an external paint server', '<svg><circle r="9" fill="url(https://evil.example/g.svg#g)"/></svg>'],
  ['an external use', '<svg><use href="https://evil.example/s.svg#a"/></svg>'],
  ['an SVG link', '<svg><a href="https://evil.example/login"><text y="9">重新登录</text></a></svg>'],
  [
    'an SVG xlink link',
    '<svg><a xlink:href="https://evil.example/login"><text y="9">重新登录</text></a></svg>',
  ],
  ['a MathML link', '<math href="https://evil.example/login"><mi>x</mi></math>'],
  ['a MathML glyph image', '<math><mglyph src="https://evil.example/g.png"/></math>'],
  [
    "an image map's area",
    `<img usemap="#user-content-m" src="${PIXEL}"><map name="m"><area shape="default" href="https://evil.example/login"></map>`,
  ],
];

/** Attributes that name another host, other than an HTML link's href (which asks before it leaves). */
function offSiteReferences(box: Element): string[] {
  const found: string[] = [];
  for (const element of box.querySelectorAll('*')) {
    const htmlLink =
      element.namespaceURI === 'http://www.w3.org/1999/xhtml' && ['A', 'AREA'].includes(element.tagName);
    for (const { name, value } of element.attributes)
      if (value.includes('evil.example') && !(htmlLink && name === 'href'))
        found.push(`${element.tagName}[${name}]`);
  }
  return found;
}

describe('sanitizeHtml', () => {
  it.each(OFF_SITE_PAYLOADS)('keeps HTML only: nothing of %s loads from another host', (_name, html) => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(html);
    expect(box.querySelector('svg, math')).toBeNull();
    expect(offSiteReferences(box)).toEqual([]);
  });

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

  it('gives images an alt (empty when missing) and lazy loading', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml('<img src="https://img.screening.test/files/a.png">');
    const image = box.querySelector('img')!;
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('keeps harmless inline styles within limits and drops every other one', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(
      '<p style="color:red;background-color:#fff8e1;font-weight:bold;font-style:italic;font-size:20px;' +
        'text-align:center;text-decoration:underline;margin:0 auto;padding:8px;position:absolute;' +
        'transform:rotate(3deg);height:100vh;animation:spin 1s">x</p>' +
        '<p style="font-size:200px;padding-top:500px;margin-left:-40px;color:var(--adm-color-primary)">y</p>' +
        '<p style="position:fixed">z</p>',
    );
    const [first, second, third] = box.querySelectorAll('p');
    expect(first.style.color).toBe('red');
    expect(first.style.backgroundColor).not.toBe('');
    expect(first.style.fontWeight).toBe('bold');
    expect(first.style.fontStyle).toBe('italic');
    expect(first.style.fontSize).toBe('20px');
    expect(first.style.textAlign).toBe('center');
    expect(first.style.textDecoration).toBe('underline');
    expect(first.style.marginLeft).toBe('auto');
    expect(first.style.paddingTop).toBe('8px');
    for (const dropped of ['position', 'transform', 'height', 'animation'])
      expect(first.style.getPropertyValue(dropped)).toBe('');
    expect(second.getAttribute('style')).toBeNull();
    expect(third.getAttribute('style')).toBeNull();
  });

  it('prefixes ids and names, so content cannot shadow the app’s elements or document properties', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(
      '<a id="root" href="#root">x</a><img name="cookie" src="data:image/png;base64,iVBORw0KGgo=">',
    );
    expect(box.querySelector('a')).toHaveAttribute('id', 'user-content-root');
    expect(box.querySelector('img')).toHaveAttribute('name', 'user-content-cookie');
  });

  it.each([
    ['a listed host', 'https://img.screening.test/banner.png'],
    ['the app itself', '/banner.png'],
    ['a data: picture', 'data:image/png;base64,iVBORw0KGgo='],
  ])('loads images from %s', (_label, src) => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(`<img src="${src}" alt="横幅">`);
    expect(box.querySelector('img')).toHaveAttribute('src', src);
  });

  it.each([
    ['another https host', 'https://evil.example/track.gif'],
    // Every reader's phone would call the API (a report's download, with their session).
    ['the API', 'https://api.screening.test:8686/api/v1/Sampling/DownloadCheckReport?reportId=1'],
    ['a listed host over http', 'http://img.screening.test/banner.png'],
    ['a data: page', 'data:text/html,<p>x</p>'],
  ])('shows 图片已屏蔽 instead of an image from %s, and never requests it', (_label, src) => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(`<p>前<img src="${src}" alt="横幅">后</p>`);
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe(`前${BLOCKED_IMAGE_TEXT}后`);
    expect(box.innerHTML).not.toContain(src.split(':')[1].slice(0, 12));
  });

  it.each([
    ['a web page over HTTPS', 'https://example.org/guide', true],
    ['a phone number', 'tel:021-54880000', true],
    ['an e-mail address', 'mailto:info@example.org', true],
    ["an app's page", '/checkUser', true],
    ['a place in the page', '#user-content-top', true],
    ['a web page over plain HTTP', 'http://example.org/guide', false],
    ['an FTP file', 'ftp://example.org/report.pdf', false],
    ['a text message', 'sms:10086?body=TD', false],
    ["another app's scheme", 'weixin://dl/business', false],
    ['a file on the phone', 'file:///sdcard/report.pdf', false],
  ])(
    'keeps the address of a link to %s only when it is https:, tel:, mailto: or the app',
    (_label, href, kept) => {
      const box = document.createElement('div');
      box.innerHTML = sanitizeHtml(
        `<a href="${href}">链接</a><map name="m"><area href="${href}" alt="区域"></map>`,
      );
      expect(box.querySelector('a')?.getAttribute('href')).toBe(kept ? href : null);
      expect(box.querySelector('area')?.getAttribute('href')).toBe(kept ? href : null);
      expect(box.querySelector('a')).toHaveTextContent('链接');
    },
  );

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

describe('<SafeHtml> links', () => {
  it.each([
    ['a link', '<a href="https://look-alike.example/report" target="_blank">查看报告</a>'],
    [
      "an image map's area",
      `<img usemap="#user-content-m" src="${PIXEL}" alt="报告"><map name="m">` +
        '<area shape="default" href="https://look-alike.example/report" target="_blank" alt="查看报告"></map>',
    ],
  ])('%s to another site asks first, and opens without the opener', async (_name, html) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { container } = render(<SafeHtml content={html} />);
    const links = container.querySelectorAll('a, area');
    expect(links).toHaveLength(1);
    const link = links[0];
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: '即将离开本应用' });
    expect(dialog).toHaveTextContent('即将离开本应用');
    expect(dialog).toHaveTextContent('该链接将打开外部网站 look-alike.example');
    expect(open).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '继续访问' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://look-alike.example/report', '_blank', 'noopener,noreferrer'),
    );
  });

  it('opens a link to another site only after a confirmation naming its host', async () => {
    const { assign } = stubLocation();
    // antd-mobile's closing mask leaves pointer-events: none on the page while it animates out.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <SafeHtml
        content={
          '<a href="https://look-alike.example/report">查看报告</a><a href="tel:021-54880000">电话</a>'
        }
      />,
    );
    await user.click(screen.getByRole('link', { name: '查看报告' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('该链接将打开外部网站 look-alike.example');
    expect(assign).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: '查看报告' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '继续访问' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://look-alike.example/report'));
    vi.unstubAllGlobals();
  });
});
