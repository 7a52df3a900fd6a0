import type { Breadcrumb, ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import {
  allowedMessage,
  collectPersonalValues,
  MASK,
  maskDeep,
  maskText,
  safeSelector,
  scrubBreadcrumb,
  scrubEvent,
  scrubSpan,
  withoutInstallId,
} from '@/lib/observability/scrub';
import { NETWORK_ERROR_MESSAGE, httpFailureMessage } from '@/lib/http/messages';
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
    // The security review's strings: encoded, glued to letters, grouped.
    [
      'a name typed beside an ID card glued to letters, a percent-encoded phone and a dotted one',
      '吕永强 idcard110101199003071234 tel%2013800138000 138.0013.8000',
      // The two phones, a space apart, are one run of 22 digits.
      `吕永强 idcard${MASK.idCard} tel ${MASK.number}`,
    ],
    ['an ID card in spaced groups', '身份证 110101 19900307 1234', `身份证 ${MASK.idCard}`],
    [
      'a percent-encoded ID card in a path',
      'GET /api/v1/Report/%31%31%30%31%30%31%31%39%39%30%30%33%30%37%31%32%33%34/pdf',
      `GET /api/v1/Report/${MASK.idCard}/pdf`,
    ],
    ['an ID card in dashed groups', '110101-1990-0307-123X', MASK.idCard],
    ['an ID card with %20 between its groups', '110101%2019900307%201234', MASK.idCard],
    ['a twice-encoded ID card', 'id%25201101011990030712%2534', `id ${MASK.idCard}`],
    ['a 15-digit ID card of the old format', 'old 110101900307123', `old ${MASK.idCard}`],
    ['a JSON-escaped ID card', '{\\"id\\":\\"\\u0031101011990030712 34\\"}', `{"id":"${MASK.idCard}"}`],
    ['full-width digits', '电话１３８００１３８０００', `电话${MASK.phone}`],
    ['a mobile glued to letters', 'mobile13800138000end', `mobile${MASK.phone}end`],
    ['a mobile in dotted groups', 'tel.138.0013.8000', `tel.${MASK.phone}`],
    ['a percent-encoded mobile', 'tel%2013800138000;', `tel ${MASK.phone};`],
    [
      'a 16-digit run (a timestamp is masked too: the shape decides)',
      'at 1795744370164000',
      `at ${MASK.idCard}`,
    ],
    // The second review's strings: any separator, one digit at a time, character references, a query
    // whose value starts with an encoded space.
    ['an ID card in groups separated by /', 'id 110101/19900307/1234', `id ${MASK.idCard}`],
    ['a mobile in groups separated by ,', '138,0013,8000', MASK.phone],
    ['a mobile in groups separated by :', 'tel:138:0013:8000', `tel:${MASK.phone}`],
    ['a mobile in groups separated by |', '138|0013|8000', MASK.phone],
    ['a mobile in groups separated by ~', '138~0013~8000', MASK.phone],
    ['a mobile with its prefix in brackets', 'tel (138)0013-8000', `tel (${MASK.phone}`],
    ['an ID card in groups separated by tabs', '110101\t19900307\t1234', MASK.idCard],
    ['a mobile spaced one digit at a time', 'tel 1 3 8 0 0 1 3 8 0 0 0', `tel ${MASK.phone}`],
    ['a mobile written with character references', '&#49;&#51;&#x38;00138000', MASK.phone],
    [
      'a query whose value starts with an encoded space',
      'https://h5.example.cn/infoSearch?name=%20%E5%BC%A0%E4%B8%89 failed',
      'https://h5.example.cn/infoSearch failed',
    ],
    [
      "a path's query whose value starts with an encoded space",
      'to /infoSearch?name=%20%E5%BC%A0%E4%B8%89',
      'to /infoSearch',
    ],
    [
      'a version, which is not one run',
      'Chrome/120.0.6099.109 MicroMessenger/8.0.40.2420',
      'Chrome/120.0.6099.109 MicroMessenger/8.0.40.2420',
    ],
    [
      'the text a JSON parse error quotes',
      'SyntaxError: Unexpected token \'a\', "{"name":"赵春梅","age":6"... is not valid JSON',
      `SyntaxError: Unexpected token 'a', ${MASK.json} is not valid JSON`,
    ],
  ])('masks %s', (_rule, text, masked) => {
    expect(maskText(text)).toBe(masked);
  });

  it.each([
    ['a browser version', 'Chrome/120.0.6099.109 Safari/537.36'],
    ['a WeChat version', 'MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI'],
    ['a ten-digit time in seconds', 'timestamp 1795744370'],
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

  it.each([
    ['free text', 'saving 吕永强 13912345678', MASK.message],
    ["one of the app's own messages", NETWORK_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE],
  ])(
    "keeps a console warning's level, and its text only when it is the app's own: %s",
    (_case, message, sent) => {
      expect(
        scrubBreadcrumb({
          category: 'console',
          level: 'warning',
          message,
          data: { arguments: [{ phone: '13912345678' }], logger: 'console' },
        }),
      ).toEqual({ category: 'console', level: 'warning', message: sent });
    },
  );

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

  it('drops the data of any other breadcrumb, and its message unless it is one of the app’s own', () => {
    expect(scrubBreadcrumb({ category: 'custom', message: 'm', data: { form: {}, x: 1 } })).toEqual({
      category: 'custom',
      message: MASK.message,
    });
  });
});

describe('scrubEvent', () => {
  const event = (fields: Partial<ErrorEvent>): ErrorEvent => ({ type: undefined, ...fields });

  it('keeps the tags and extras the app sets by their shape, and any other value only when it is one of the app’s messages', () => {
    const scrubbed = scrubEvent(
      event({
        tags: { 'api.endpoint': 'POST /api/v1/Sampling/BindSamplingTube', 'api.code': 9001, who: '张三' },
        extra: { expected: 'string', received: 'number', note: 'name zhangsan 13800138000' },
      }),
      {},
      [],
    );
    expect(scrubbed?.tags).toEqual({
      'api.endpoint': 'POST /api/v1/Sampling/BindSamplingTube',
      'api.code': 9001,
      who: MASK.message,
    });
    expect(scrubbed?.extra).toEqual({ expected: 'string', received: 'number', note: MASK.message });
  });

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

  it("sends WeChat's user agent without MMWEBID, the number that stays with the app's install", () => {
    const userAgent =
      'Mozilla/5.0 (Linux; Android 12; wv) Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5061 ' +
      'MMWEBSDK/20230405 MMWEBID/1234 MicroMessenger/8.0.35.2360(0x28002339) WeChat/arm64 NetType/WIFI';
    const scrubbed = scrubEvent(event({ request: { headers: { 'User-Agent': userAgent } } }), {}, []);
    expect(scrubbed?.request?.headers).toEqual({
      'User-Agent':
        'Mozilla/5.0 (Linux; Android 12; wv) Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5061 ' +
        'MMWEBSDK/20230405 MicroMessenger/8.0.35.2360(0x28002339) WeChat/arm64 NetType/WIFI',
    });
    expect(withoutInstallId('Mozilla/5.0 MicroMessenger/8.0.1 MMWEBID/98')).toBe(
      'Mozilla/5.0 MicroMessenger/8.0.1',
    );
  });

  it('sends no user', () => {
    expect(
      scrubEvent(event({ user: { ip_address: '10.0.0.1', username: '王医生' } }), {}, []),
    ).not.toHaveProperty('user');
  });

  it.each([
    [
      'a name, an ID card glued to letters and encoded phones',
      '吕永强 idcard110101199003071234 tel%2013800138000 138.0013.8000',
    ],
    ['an ID card in spaced groups', '身份证 110101 19900307 1234'],
    [
      'a percent-encoded ID card in a path',
      'GET /api/v1/x/%31%31%30%31%30%31%31%39%39%30%30%33%30%37%31%32%33%34',
    ],
    ['a name alone', '张秀英'],
  ])("sends an error's type and stack, never its free text: %s", (_case, text) => {
    const scrubbed = scrubEvent(
      event({
        exception: {
          values: [
            {
              type: 'TypeError',
              value: text,
              stacktrace: { frames: [{ filename: 'https://h5.example.cn/assets/index-1.js', lineno: 1 }] },
            },
            { type: 'Error', value: `Non-Error promise rejection captured with value: ${text}` },
          ],
        },
      }),
      {},
      [],
    );
    expect(scrubbed?.exception?.values).toEqual([
      {
        type: 'TypeError',
        value: MASK.message,
        stacktrace: { frames: [{ filename: 'https://h5.example.cn/assets/index-1.js', lineno: 1 }] },
      },
      { type: 'Error', value: MASK.message },
    ]);
  });

  it.each([
    ["the app's own message", NETWORK_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE],
    ['an HTTP failure of the app', httpFailureMessage(502), '系统接口502异常'],
    [
      'a chunk a deploy removed',
      'Failed to fetch dynamically imported module: https://h5.example.cn/assets/page-1.js?x=13800138000',
      'Failed to fetch dynamically imported module: https://h5.example.cn/assets/page-1.js',
    ],
    [
      'a chunk a deploy removed, as Firefox words it, by its path',
      'error loading dynamically imported module: /h5/assets/page-1.mjs',
      'error loading dynamically imported module: /h5/assets/page-1.mjs',
    ],
    [
      'a chunk a deploy removed, as Safari words it',
      'Importing a module script failed.',
      'Importing a module script failed.',
    ],
    // The review's finding: the chunk message's shape let any word through in place of the address.
    [
      'a chunk message naming a person',
      'Failed to fetch dynamically imported module: 欧阳娜娜',
      MASK.message,
    ],
    [
      'a chunk message with a word after the address',
      'Failed to fetch dynamically imported module: https://h5.example.cn/assets/page-1.js 欧阳娜娜',
      MASK.message,
    ],
    [
      'a chunk message naming a file that is not a script',
      'Failed to fetch dynamically imported module: https://h5.example.cn/欧阳娜娜',
      MASK.message,
    ],
    ['an error type named after data', '张秀英', MASK.message],
  ])('keeps a message on the allowlist: %s', (_case, text, sent) => {
    expect(allowedMessage(text)).toBe(sent);
  });

  it('names an error type that is not an identifier Error', () => {
    const scrubbed = scrubEvent(event({ exception: { values: [{ type: '张秀英', value: 'x' }] } }), {}, []);
    expect(scrubbed?.exception?.values?.[0]).toEqual({ type: 'Error', value: MASK.message });
  });

  it.each([
    ['API business failure: POST /api/v1/ScreeningRegister/Submit (4001)'],
    ['Contract difference: POST /api/v1/ScreeningRegister/Search records[].phone'],
    ['Offline queue: bind refused (business 5001)'],
  ])("keeps the message of the app's own report %s", (message) => {
    expect(scrubEvent(event({ message }), {}, [])?.message).toBe(message);
  });

  it('sends any other captured message as a placeholder', () => {
    expect(scrubEvent(event({ message: 'registered 张秀英' }), {}, [])?.message).toBe(MASK.message);
  });

  it("sends the SDK's own hex ids as they are, even where they hold a run of digits", () => {
    const ids = {
      event_id: '02d3bad56b110105196203044688d6f9',
      contexts: { trace: { trace_id: '1101051962030446881380013800d6f9', span_id: '13800138000d6f9a' } },
    };
    expect(scrubEvent(event(ids), {}, [])).toMatchObject(ids);
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
    expect(scrubbed?.exception?.values?.[0].value).toBe(MASK.message);
    expect(scrubbed?.breadcrumbs).toEqual([{ category: 'console', level: 'error', message: MASK.message }]);
  });

  it('drops an ApiError: the client reports the failure itself, without its (server-written) text', () => {
    const error = new ApiError('business', '赵春梅已登记', { code: 4001 });
    expect(scrubEvent(event({ message: 'x' }), { originalException: error }, [])).toBeNull();
  });
});

describe('safeSelector', () => {
  it.each([
    [
      "the review's LCP element",
      'article._card_1x2y3[aria-label="张秀英的筛查情况"] > dl._facts_9a8b7 > dd',
      'article._card_1x2y3 > dl._facts_9a8b7 > dd',
    ],
    ['a title', 'span[title="吕永强 13800138000"]', 'span'],
    ['an alt', 'img[alt="张秀英的报告"]', 'img'],
    ['a name and a type', 'input[type="text"][name="idCard"]', 'input'],
    ['an id', 'section#user-content-zhang.adm-list', 'section.adm-list'],
    ["a class that is not the app's", 'p.zhangxiuying._row_abc12', 'p._row_abc12'],
    ['a label holding the separator', 'button[aria-label="删除 > 张秀英"] > span', 'button > ? > span'],
    ['a label holding a tag-like word', 'li[aria-label="x > zhang.san"]', 'li > ?'],
    ["Sentry's unknown element", '<unknown>', '?'],
  ])("keeps tag names and the app's classes only: %s", (_case, selector, kept) => {
    expect(safeSelector(selector)).toBe(kept);
  });
});

describe('scrubSpan', () => {
  const span = (name: string, attributes: Record<string, unknown>) => ({
    trace_id: '02d3bad56b110105196203044688d6f9',
    span_id: '13800138000d6f9a',
    name,
    attributes,
  });

  it('keeps web vitals and describes their elements without attribute values', () => {
    const scrubbed = scrubSpan(
      span('Largest contentful paint', {
        'sentry.op': 'ui.webvital.lcp',
        'sentry.segment.name': '/checkUser',
        'browser.web_vital.lcp.value': 812,
        'browser.web_vital.lcp.element': 'article._card_1x2y3[aria-label="张秀英的筛查情况"] > dl',
        'browser.web_vital.inp.target': { value: 'button[aria-label="删除张秀英"]', type: 'string' },
        'browser.web_vital.cls.source.1': 'img[alt="吕永强"]',
        'network.type': 'WIFI',
      }),
    );
    expect(scrubbed).toEqual(
      span('Largest contentful paint', {
        'sentry.op': 'ui.webvital.lcp',
        'sentry.segment.name': '/checkUser',
        'browser.web_vital.lcp.value': 812,
        'browser.web_vital.lcp.element': 'article._card_1x2y3 > dl',
        'browser.web_vital.inp.target': { value: 'button', type: 'string' },
        'browser.web_vital.cls.source.1': 'img',
        'network.type': 'WIFI',
      }),
    );
  });

  it("leaves out attributes not on the allowlist (a component name, a user, a URL, the LCP element's id)", () => {
    expect(
      scrubSpan(
        span('/infoSearch', {
          'sentry.op': 'pageload',
          'browser.web_vital.lcp.id': 'user-content-zhangxiuying',
          'ui.component_name': 'ZhangXiuYing',
          'user.name': '张秀英',
          'url.full': 'https://h5.example.cn/infoSearch?keyword=张秀英',
        }),
      ).attributes,
    ).toEqual({ 'sentry.op': 'pageload' });
  });

  it.each([
    ['an element description', 'div[aria-label="张秀英"]', 'ui.interaction.click'],
    ['a name', '张秀英', 'ui.interaction.click'],
  ])('names a span by its op when its name is %s', (_case, name, op) => {
    expect(scrubSpan(span(name, { 'sentry.op': op })).name).toBe(op);
  });

  it('masks a personal value in any kept attribute', () => {
    expect(scrubSpan(span('/infoEnter', { 'sentry.note': 'x 吕永强' }), ['吕永强']).attributes).toEqual({
      'sentry.note': `x ${MASK.personal}`,
    });
  });
});
