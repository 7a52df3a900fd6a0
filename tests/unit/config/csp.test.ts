import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineScripts,
  metaContentSecurityPolicy,
  scriptHash,
} from '../../../scripts/csp.mjs';

describe('the Content-Security-Policy (scripts/csp.mjs)', () => {
  it('allows scripts from the app only (and its wasm decoders), the API for calls, and no framing', () => {
    const policy = contentSecurityPolicy({ apiOrigin: 'https://api.example.cn:8686' });
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("connect-src 'self' https://api.example.cn:8686;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it('lets workers start only from the app’s own files, never from a blob: URL', () => {
    expect(contentSecurityPolicy({ apiOrigin: 'https://api.example.cn:8686' })).toContain(
      "worker-src 'self';",
    );
  });

  it('lets images come only from the app, data:/blob: pictures, the API and the listed image hosts', () => {
    const policy = contentSecurityPolicy({
      apiOrigin: 'https://api.example.cn:8686',
      imageOrigins: ['https://img.example.cn'],
    });
    expect(policy).toContain("img-src 'self' data: blob: https://img.example.cn;");
    expect(policy).not.toMatch(/img-src[^;]*https:(;| )/);
  });

  it("lets error reports go to the Sentry DSN's origin only when a DSN is set", () => {
    const api = 'https://api.example.cn:8686';
    expect(contentSecurityPolicy({ apiOrigin: api })).toContain(`connect-src 'self' ${api};`);
    expect(contentSecurityPolicy({ apiOrigin: api, sentryDsn: '' })).toContain(`connect-src 'self' ${api};`);
    const withReports = contentSecurityPolicy({
      apiOrigin: api,
      sentryDsn: 'https://key@sentry.example.cn/3',
    });
    expect(withReports).toContain(`connect-src 'self' ${api} https://sentry.example.cn;`);
    expect(
      metaContentSecurityPolicy({ apiOrigin: api, sentryDsn: 'https://key@sentry.example.cn:9000/3' }),
    ).toContain(`connect-src 'self' ${api} https://sentry.example.cn:9000;`);
    // Nowhere else: images, scripts and frames stay as they were.
    expect(withReports.replace(' https://sentry.example.cn', '')).toBe(
      contentSecurityPolicy({ apiOrigin: api }),
    );
  });

  it('leaves out of the meta tag what browsers ignore there, and nothing else', () => {
    const header = contentSecurityPolicy({ apiOrigin: 'https://api.example.cn:8686' });
    const meta = metaContentSecurityPolicy({ apiOrigin: 'https://api.example.cn:8686' });
    expect(meta).not.toMatch(/frame-ancestors|report-uri|sandbox/);
    expect(header.replace("; frame-ancestors 'none'", '')).toBe(meta);
  });

  it('allows inline scripts by their SHA-256 only, never unsafe-inline', () => {
    // SHA-256 of no bytes, the standard's test vector.
    expect(scriptHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    const script = '(function(){location.replace("https://open.weixin.qq.com/")})();';
    for (const policy of [
      contentSecurityPolicy({ inlineScripts: [script] }),
      metaContentSecurityPolicy({ inlineScripts: [script] }),
    ]) {
      expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' ${scriptHash(script)};`);
      // WebAssembly only: neither inline scripts nor eval.
      const sources = /script-src ([^;]*)/.exec(policy)![1].split(' ');
      expect(sources.filter((source) => source.includes('unsafe'))).toEqual(["'wasm-unsafe-eval'"]);
    }
    expect(contentSecurityPolicy()).toContain("script-src 'self' 'wasm-unsafe-eval';");
  });

  it.each([
    ['an inline script', '<head><script>a()</script></head>', ['a()']],
    ['a script file', '<script type="module" crossorigin src="/assets/index.js"></script>', []],
    ['both', '<script defer src="/x.js"></script><script>\nb()\n</script>', ['\nb()\n']],
    ['none', '<style>p{}</style>', []],
  ])('reads the inline scripts of a page to hash: %s', (_label, html, expected) => {
    expect(inlineScripts(html)).toEqual(expected);
  });
});
