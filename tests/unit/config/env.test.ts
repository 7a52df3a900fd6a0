import { describe, expect, it } from 'vitest';
import { readConfig } from '@/config/env';

describe('VITE_CONTENT_IMAGE_ORIGINS', () => {
  it('keeps the https origins of the list and nothing else', () => {
    const { contentImageOrigins } = readConfig({
      MODE: 'production',
      VITE_CONTENT_IMAGE_ORIGINS:
        ' https://img.example.cn/path , http://plain.example.cn, javascript:alert(1), https://cdn.example.cn:8443,,',
    });
    expect(contentImageOrigins).toEqual(['https://img.example.cn', 'https://cdn.example.cn:8443']);
  });

  it('is empty when unset', () => {
    expect(readConfig({ MODE: 'production' }).contentImageOrigins).toEqual([]);
  });
});

describe('VITE_DEMO_STYLE', () => {
  it('is the minimal style when the demo runs and the variable says so', () => {
    const env = { MODE: 'development', VITE_DEMO: 'true', VITE_DEMO_STYLE: 'minimal' };
    expect(readConfig(env).demoStyle).toBe('minimal');
  });

  it('is the full style by default, and without the demo', () => {
    expect(readConfig({ MODE: 'development', VITE_DEMO: 'true' }).demoStyle).toBe('full');
    expect(
      readConfig({ MODE: 'development', VITE_DEMO: 'false', VITE_DEMO_STYLE: 'minimal' }).demoStyle,
    ).toBe('full');
  });
});
