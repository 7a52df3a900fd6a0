import { describe, expect, it } from 'vitest';
import { isTubeCode, normalizeTubeCode, TUBE_CODE_MAX_LENGTH } from '@/lib/tube-code';

describe('tube code, by default: only what is clearly not a code is refused', () => {
  it.each([
    'CT2026110001',
    'TB-2024-001',
    'ct2026110001',
    'A1',
    'CT_2026/001',
    '采样管001',
    '9'.repeat(TUBE_CODE_MAX_LENGTH),
  ])('accepts %s', (code) => {
    expect(isTubeCode(code, false)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a space inside', 'CT 2026'],
    ['a tab inside', 'CT\t2026'],
    ['a web address', 'https://evil.example/'],
    ['a web address in capitals', 'HTTPS://EVIL.EXAMPLE/'],
    ['another scheme', 'weixin://dl/scan'],
    ['a control character', 'CT2026\u0000001'],
    ['over 64 characters', '9'.repeat(TUBE_CODE_MAX_LENGTH + 1)],
  ])('refuses %s', (_label, code) => {
    expect(isTubeCode(code, false)).toBe(false);
  });
});

describe('tube code with the strict switch (config/assumptions.ts strictTubeCode)', () => {
  it.each(['CT2026110001', 'TB-2024-001', 'TB-1', 'A1B2', '9'.repeat(32)])('accepts %s', (code) => {
    expect(isTubeCode(code, true)).toBe(true);
  });

  it.each([
    ['too short', 'CT1'],
    ['too long', '9'.repeat(33)],
    ['lower case', 'ct2026110001'],
    ['a leading hyphen', '-CT2026'],
    ['a double hyphen', 'CT--2026'],
    ['Chinese text', '采样管编码'],
  ])('refuses %s', (_label, code) => {
    expect(isTubeCode(code, true)).toBe(false);
  });
});

describe('a scanned or typed code is sent as the label has it', () => {
  it('loses only the surrounding spaces, never its case', () => {
    expect(normalizeTubeCode('  ct2026110001 \n')).toBe('ct2026110001');
    expect(normalizeTubeCode('CT2026110001')).toBe('CT2026110001');
  });

  it('is checked by the lenient rule unless the switch is on (the default build)', () => {
    expect(isTubeCode('ct-2026_001')).toBe(true);
  });
});
