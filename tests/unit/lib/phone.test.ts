import {
  NAME_REQUIRED_MESSAGE,
  PHONE_INVALID_MESSAGE,
  isValidPhone,
  normalizePhone,
  phoneDigits,
  phoneDigitsNote,
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
    ['0101234567', 'landline: 0 + 9 characters, too short'],
    ['010123456789012', 'landline: 0 + 14 characters, too long'],
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

describe('phoneDigits / validatePhone: separators removed before the spec’s check', () => {
  it.each([
    ['138-0013-8000', '13800138000'],
    ['138 0013 8000', '13800138000'],
    ['138-0013 8000', '13800138000'],
    ['+86 138-0013-8000', '8613800138000'],
    ['(010) 1234-5678', '01012345678'],
    ['0755-1234567', '07551234567'],
  ])('%j is accepted and kept as %j', (raw, digits) => {
    expect(phoneDigits(raw)).toBe(digits);
    expect(validatePhone(raw)).toBeNull();
    // What is sent passes the spec's own check as it is.
    expect(isValidPhone(digits)).toBe(true);
  });

  it.each([
    ['138-0013-8000', 'hyphens in a mobile number'],
    ['010-12345678901', 'landline: 0 + 13 digits and a hyphen'],
  ])('%j fails the spec’s rule as written (%s), its digits pass', (raw) => {
    expect(isValidPhone(raw)).toBe(false);
    expect(validatePhone(raw)).toBeNull();
  });

  it.each([
    ['138|0013|8000', 'a pipe stays and is refused'],
    ['138-0013-800', 'one digit short'],
    ['1-3-8', 'too few digits'],
  ])('%j is still refused (%s)', (raw) => {
    expect(validatePhone(raw)).toBe(PHONE_INVALID_MESSAGE);
  });

  it.each([
    ['138-0013-8000', '空格和横线会自动去掉：13800138000'],
    ['138 0013 8000', '空格和横线会自动去掉：13800138000'],
    ['13800138000', null],
    ['138-0013', null],
    ['', null],
  ])('the line under the field for %j: %j', (raw, note) => {
    expect(phoneDigitsNote(raw)).toBe(note);
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
