import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, metaContentSecurityPolicy } from '../../../scripts/csp.mjs';

describe('the Content-Security-Policy (scripts/csp.mjs)', () => {
  it('allows scripts from the app only, the API for calls, and no framing', () => {
    const policy = contentSecurityPolicy({ apiOrigin: 'https://api.example.cn:8686' });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self' https://api.example.cn:8686;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it('lets images come only from the app, data:/blob: pictures, the API and the listed image hosts', () => {
    const policy = contentSecurityPolicy({
      apiOrigin: 'https://api.example.cn:8686',
      imageOrigins: ['https://img.example.cn'],
    });
    expect(policy).toContain(
      "img-src 'self' data: blob: https://api.example.cn:8686 https://img.example.cn;",
    );
    expect(policy).not.toMatch(/img-src[^;]*https:(;| )/);
  });

  it('leaves out of the meta tag what browsers ignore there, and nothing else', () => {
    const header = contentSecurityPolicy({ apiOrigin: 'https://api.example.cn:8686' });
    const meta = metaContentSecurityPolicy({ apiOrigin: 'https://api.example.cn:8686' });
    expect(meta).not.toMatch(/frame-ancestors|report-uri|sandbox/);
    expect(header.replace("; frame-ancestors 'none'", '')).toBe(meta);
  });
});
