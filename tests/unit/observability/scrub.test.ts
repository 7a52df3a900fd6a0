import type { Breadcrumb, ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import {
  collectPersonalValues,
  MASK,
  maskDeep,
  maskText,
  scrubBreadcrumb,
  scrubEvent,
} from '@/lib/observability/scrub';
import { ApiError } from '@/lib/http';
import { setToken } from '@/lib/token';

/** Each rule of the scrubber (src/lib/observability/scrub.ts) on the text it is for, and on what it must leave. */
describe('maskText', () => {
  it.each([
    ['an ID-card number', '身份证 110105196203044688 已登记', `身份证 ${MASK.idCard} 已登记`],
    ['an ID-card number ending in X', 'id=11010519620304468X;', `id=${MASK.idCard};`],
    ['an ID-card number ending in x', '11010519620304468x', MASK.idCard],
    ['an ID-card number beside Chinese text', '号码110105196203044688有误', `号码${MASK.idCard}有误`],
    ['a mobile number', '电话 13912345678', `电话 ${MASK.phone}`],
    ['a mobile number with +86', 'call +8613912345678.', `call ${MASK.phone}.`],
    ['a mobile number with spaces', '139 1234 5678', MASK.phone],
    ['a mobile number with hyphens', '(139-1234-5678)', `(${MASK.phone})`],
    ['a landline', '座机 010-12345678', `座机 ${MASK.phone}`],
    ['a landline without its hyphen', '075512345678', MASK.phone],
    [
      'a query string',
      'GET https://api.example.cn/api/v1/x?idCard=1&name=a',
      'GET https://api.example.cn/api/v1/x',
    ],
    ['a fragment', 'https://h5.example.cn/infoDetail#id=3', 'https://h5.example.cn/infoDetail'],
    ["a path's query", 'navigated to /login?redirect=%2FinfoDetail%3Fid%3D3', 'navigated to /login'],
    ['a data: picture', 'img data:image/png;base64,iVBORw0KGgo= failed', `img ${MASK.dataUrl} failed`],
    ['a blob: URL', 'blob:https://h5.example.cn/4b1f-77', MASK.dataUrl],
    [
      'the text a JSON parse error quotes',
      'SyntaxError: Unexpected token \'a\', "{"name":"赵春梅","age":6"... is not valid JSON',
      `SyntaxError: Unexpected token 'a', ${MASK.json} is not valid JSON`,
    ],
  ])('masks %s', (_rule, text, masked) => {
    expect(maskText(text)).toBe(masked);
  });

  it.each([
    ['a longer run of digits (a timestamp in ms)', 'at 1795744370164000'],
    ['an 18-character run inside a hex trace id', 'trace 02d3bad56b110105196203044688d6f9'],
    ['a ten-digit time in seconds', 'timestamp 1795744370'],
    ['a 13-digit timestamp', 'since 1795744370164'],
    ['a date', 'collected 2026-11-26'],
    ['a path with no query', 'GET /api/v1/Sampling/BindSamplingTube'],
    ['a question in Chinese', '是否继续?'],
    ['the word metadata:', 'metadata: none'],
  ])('leaves %s', (_rule, text) => {
    expect(maskText(text)).toBe(text);
  });

  it('masks every occurrence of a personal value, longest first', () => {
    expect(maskText('赵春梅 and 赵春梅的家 by 赵春梅', ['赵春梅的家', '赵春梅'])).toBe(
      `${MASK.personal} and ${MASK.personal} by ${MASK.personal}`,
    );
  });
});

describe('collectPersonalValues', () => {
  it('takes what form fields hold, what storage keeps and the token', () => {
    document.body.innerHTML = `
      <input value="赵春梅" /><input value="1962-03-04" /><textarea>北京市东城区某街道</textarea>
      <input value="女" /><input value="139 1234 5678" /><input value="work" />`;
    localStorage.setItem('draft', JSON.stringify({ person: { name: '钱夏', address: '上海市' }, code: '1' }));
    localStorage.setItem('plain', '孙秋');
    setToken('token-0123456789abcdef');

    const values = collectPersonalValues();
    for (const value of [
      '赵春梅',
      '1962-03-04',
      '北京市东城区某街道',
      '139 1234 5678',
      '钱夏',
      '上海市',
      '孙秋',
      'token-0123456789abcdef',
    ])
      expect(values).toContain(value);
    // One character of Chinese, a short code, a word: nothing a report needs hidden.
    for (const value of ['女', '1', 'work']) expect(values).not.toContain(value);
    document.body.innerHTML = '';
  });
});

describe('maskDeep', () => {
  it.each([
    'body',
    'request_body',
    'cookies',
    'Authorization',
    'token',
    'password',
    'accountPwd',
    'query_string',
    'http.query',
    'url.query',
    'formData',
    'localStorage',
    'sessionStorage',
    'arguments',
    '__serialized__',
  ])('drops a value kept under %s, at any depth', (key) => {
    expect(maskDeep({ extra: { nested: [{ [key]: 'kept?', other: 'yes' }] } })).toEqual({
      extra: { nested: [{ other: 'yes' }] },
    });
  });

  it('masks every string at any depth, and leaves numbers and booleans', () => {
    expect(maskDeep({ a: ['13912345678', { b: '赵春梅' }], n: 13, ok: true }, ['赵春梅'])).toEqual({
      a: [MASK.phone, { b: MASK.personal }],
      n: 13,
      ok: true,
    });
  });
});

describe('scrubBreadcrumb', () => {
  it.each([
    [
      'a tap (its element description carries labels)',
      { category: 'ui.click', message: 'button[aria-label="赵春梅"]' },
    ],
    ['a key press', { category: 'ui.input', message: 'input#name' }],
    ['a console line below a warning', { category: 'console', level: 'log', message: 'hello' }],
    ['a debug console line', { category: 'console', level: 'debug', message: 'hello' }],
  ] as [string, Breadcrumb][])('drops %s', (_rule, breadcrumb) => {
    expect(scrubBreadcrumb(breadcrumb)).toBeNull();
  });

  it("keeps a console warning's text, masked, without its arguments", () => {
    expect(
      scrubBreadcrumb({
        category: 'console',
        level: 'warning',
        message: 'saving 13912345678',
        data: { arguments: [{ phone: '13912345678' }], logger: 'console' },
      }),
    ).toEqual({ category: 'console', level: 'warning', message: `saving ${MASK.phone}` });
  });

  it("keeps a request's method, path and status, and nothing else", () => {
    expect(
      scrubBreadcrumb({
        category: 'xhr',
        type: 'http',
        data: {
          method: 'GET',
          url: 'https://api.example.cn/api/v1/PageCheckReport?idCard=110105196203044688',
          status_code: 200,
          request_body_size: 120,
          body: '{"name":"赵春梅"}',
        },
      }),
    ).toEqual({
      category: 'xhr',
      type: 'http',
      data: { method: 'GET', url: 'https://api.example.cn/api/v1/PageCheckReport', status_code: 200 },
    });
  });

  it("keeps a route change's paths without their queries", () => {
    expect(
      scrubBreadcrumb({
        category: 'navigation',
        data: { from: '/infoSearch?keyword=赵春梅', to: '/infoDetail?id=3' },
      }),
    ).toEqual({ category: 'navigation', data: { from: '/infoSearch', to: '/infoDetail' } });
  });

  it('drops the data of any other breadcrumb', () => {
    expect(scrubBreadcrumb({ category: 'custom', message: 'm', data: { form: {}, x: 1 } })).toEqual({
      category: 'custom',
      message: 'm',
    });
  });
});

describe('scrubEvent', () => {
  const event = (fields: Partial<ErrorEvent>): ErrorEvent => ({ type: undefined, ...fields });

  it("keeps of the request only the page's address without its query and the User-Agent", () => {
    const scrubbed = scrubEvent(
      event({
        request: {
          url: 'https://h5.example.cn/infoDetail?id=3',
          query_string: 'id=3',
          data: { name: '赵春梅' },
          cookies: { session: 'x' },
          headers: {
            'User-Agent': 'MicroMessenger NetType/4G',
            Referer: 'https://h5.example.cn/infoSearch?keyword=x',
          },
        },
      }),
      {},
      [],
    );
    expect(scrubbed?.request).toEqual({
      url: 'https://h5.example.cn/infoDetail',
      headers: { 'User-Agent': 'MicroMessenger NetType/4G' },
    });
  });

  it('sends no user', () => {
    expect(
      scrubEvent(event({ user: { ip_address: '10.0.0.1', username: '王医生' } }), {}, []),
    ).not.toHaveProperty('user');
  });

  it("masks the exception's text and what personal values turn up elsewhere", () => {
    const scrubbed = scrubEvent(
      event({
        exception: { values: [{ type: 'Error', value: '保存赵春梅失败: 110105196203044688' }] },
        message: '赵春梅',
        tags: { note: '赵春梅' },
        extra: { detail: { who: '赵春梅' } },
        breadcrumbs: [
          { category: 'console', level: 'error', message: '赵春梅' },
          { category: 'ui.click', message: 'button' },
        ],
      }),
      {},
      ['赵春梅'],
    );
    expect(JSON.stringify(scrubbed)).not.toContain('赵春梅');
    expect(scrubbed?.exception?.values?.[0].value).toBe(`保存${MASK.personal}失败: ${MASK.idCard}`);
    expect(scrubbed?.breadcrumbs).toEqual([{ category: 'console', level: 'error', message: MASK.personal }]);
  });

  it('drops an ApiError: the client reports the failure itself, without its (server-written) text', () => {
    const error = new ApiError('business', '赵春梅已登记', { code: 4001 });
    expect(scrubEvent(event({ message: 'x' }), { originalException: error }, [])).toBeNull();
  });
});
