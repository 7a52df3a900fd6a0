import { describe, expect, it } from 'vitest';
import { isTubeCode, normalizeTubeCode } from '@/lib/tube-code';

describe('tube code format', () => {
  it.each(['CT2026110001', 'TB-2024-001', 'TB-1', 'A1B2', '9'.repeat(32)])('accepts %s', (code) => {
    expect(isTubeCode(code)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['too short', 'CT1'],
    ['too long', '9'.repeat(33)],
    ['lower case (not normalised)', 'ct2026110001'],
    ['a leading hyphen', '-CT2026'],
    ['a trailing hyphen', 'CT2026-'],
    ['a double hyphen', 'CT--2026'],
    ['a space inside', 'CT 2026'],
    ['a web address', 'HTTPS://EVIL.EXAMPLE/'],
    ['Chinese text', '采样管编码'],
    ['a control character', 'CT2026\u0000001'],
  ])('refuses %s', (_label, code) => {
    expect(isTubeCode(code)).toBe(false);
  });

  it('normalises a scan or typing to the backend form', () => {
    expect(normalizeTubeCode('  ct2026110001 ')).toBe('CT2026110001');
    expect(isTubeCode(normalizeTubeCode(' tb-2024-001\n'))).toBe(true);
  });
});
