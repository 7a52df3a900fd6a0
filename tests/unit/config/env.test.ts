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
