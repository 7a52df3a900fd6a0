import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';

/** Runs after `vite build` (production mode) in scripts/test-all.mjs. */
const dist = 'dist';
const assets = join(dist, 'assets');
const jsFiles = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
const read = (file: string) => readFileSync(join(assets, file), 'utf8');
const allJs = jsFiles.map(read).join('\n');

describe('production build', () => {
  it('exists', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    expect(jsFiles.length).toBeGreaterThan(5);
  });

  it.each([
    ['vConsole', /vConsole|VConsole|__vconsole/],
    ['msw', /mockServiceWorker|setupWorker|MSW_COOKIE_STORE|\[MSW\]/],
    ['demo database', /demo-db-v1/],
    ['demo seed data', /张秀英|王医生/],
    ['demo accounts', /accountPwd\s*[:=]\s*["']123456/],
  ])('contains no %s', (_name, pattern) => {
    const offenders = jsFiles.filter((file) => pattern.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it('ships no service worker or demo files', () => {
    expect(existsSync(join(dist, 'mockServiceWorker.js'))).toBe(false);
  });

  it('calls the configured API host', () => {
    expect(allJs).toContain('https://api.example.invalid:8686');
  });

  it('keeps the debug guard (production only)', () => {
    expect(allJs).toMatch(/debugger/);
  });

  it.each(jsFiles)('%s parses as ES2018 (Chrome 69 / iOS 13 webviews)', (file) => {
    // Chrome 69 lacks optional chaining, nullish coalescing, class fields and numeric separators.
    expect(() => parse(read(file), { ecmaVersion: 2018, sourceType: 'module' })).not.toThrow();
  });
});

describe('production configuration', () => {
  it('refuses to build without the API base URL, naming the variable', () => {
    const env = { ...process.env, VITE_API_BASE_URL: '', VITE_WECHAT_APP_ID: 'wx1', VITE_AES_KEY: 'k' };
    const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', 'dist-config-check'], { env, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('VITE_API_BASE_URL');
  });
});
