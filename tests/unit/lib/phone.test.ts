import {
  NAME_REQUIRED_MESSAGE,
  PHONE_INVALID_MESSAGE,
  isValidPhone,
  normalizePhone,
  validateName,
  validatePhone,
} from '@/lib/phone';

describe('normalizePhone', () => {
  it.each([
    ['138 0013 8000', '13800138000'],
    ['+86 138-0013-8000', '86138-0013-8000'],
    ['(010) 1234-5678', '0101234-5678'],
    ['１３８', ''], // full-width digits are not \d
    ['138|0013|8000', '138|0013|8000'], // the pipe is kept (spec §5)
    ['tel:13800138000.', '13800138000'],
    ['', ''],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });
});

describe('isValidPhone / validatePhone', () => {
  it.each([
    ['13800138000', 'mobile'],
    ['19912345678', 'mobile starting 19'],
    ['8613800138000', '86 prefix'],
    ['+8613800138000', '+86 prefix'],
    ['+86 138 0013 8000', '+86 prefix with spaces'],
    ['86 138 0013 8000', '86 prefix with spaces'],
    [' 138 0013 8000 ', 'spaces around and inside'],
    ['(+86)13800138000', 'brackets stripped'],
    ['010-12345678', 'Beijing landline'],
    ['0755-1234567', 'landline with a 7-digit number'],
    ['0755-12345678', 'landline with a 4-digit area code'],
    ['01012345678', 'landline without hyphen (0 + 10 digits)'],
    ['010-1234567890', '0 + 13 digits or hyphens, the longest landline'],
    ['0 10-1234 5678', 'landline with spaces'],
  ])('%j is valid (%s)', (raw) => {
    expect(isValidPhone(raw)).toBe(true);
    expect(validatePhone(raw)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['   ', 'white space only'],
    ['1380013800', 'mobile one digit short'],
    ['138001380001', 'mobile one digit long'],
    ['23800138000', 'mobile not starting with 1'],
    ['85 13800138000', 'country code other than 86'],
    ['+8713800138000', '+87 prefix'],
    ['861380013800', '86 prefix, mobile one digit short'],
    ['0086 13800138000', '0086 prefix is not in the rule'],
    ['138-0013-8000', 'hyphens in a mobile number'],
    ['0101234567', 'landline: 0 + 9 characters, too short'],
    ['010-12345678901', 'landline: 0 + 14 characters, too long'],
    ['138|0013|8000', 'pipes are kept by the normalizer and match neither pattern'],
    ['010|12345678', 'pipe in a landline'],
    ['一三八', 'no digits at all'],
  ])('%j is invalid (%s)', (raw) => {
    expect(isValidPhone(raw)).toBe(false);
    expect(validatePhone(raw)).toBe(PHONE_INVALID_MESSAGE);
  });

  it('exports the spec messages', () => {
    expect(PHONE_INVALID_MESSAGE).toBe('请填写正确的电话');
    expect(NAME_REQUIRED_MESSAGE).toBe('请填写姓名');
  });
});

describe('validateName', () => {
  it.each([
    ['', NAME_REQUIRED_MESSAGE],
    ['   ', NAME_REQUIRED_MESSAGE],
    ['\u3000', NAME_REQUIRED_MESSAGE], // ideographic space from a Chinese keyboard
    ['张三', null],
    [' 李四 ', null],
    ['A', null],
  ])('%j -> %j', (raw, expected) => {
    expect(validateName(raw)).toBe(expected);
  });
});
