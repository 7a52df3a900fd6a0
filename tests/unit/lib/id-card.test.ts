import {
  ID_CARD_BIRTH_DATE_WARNING,
  ID_CARD_EMPTY_MESSAGE,
  ID_CARD_FORMAT_WARNING,
  ID_CARD_FUTURE_BIRTH_DATE_MESSAGE,
  ID_CARD_INVALID_MESSAGE,
  ID_CARD_TOO_OLD_MESSAGE,
  ageFromIdCard,
  cleanIdCardInput,
  formatIdCardGroups,
  birthDateFromIdCard,
  genderFromIdCard,
  formatMaskedIdCard,
  maskIdCard,
  maskText,
  normalizeIdCard,
  parseIdCard,
  validateIdCard,
  validateIdCardLifespan,
} from '@/lib/id-card';

// Check characters below were computed independently (Python, spec §5 weights and table) and the
// first is the widely published sample number.
const TODAY = new Date(2026, 10, 23); // 2026-11-23: the birth year may be at most 2036

describe('validateIdCard (strict entry check)', () => {
  it.each([
    ['11010519491231002X', 'widely published sample, check character X'],
    ['11010519491231002x', 'lower-case x is upper-cased first'],
    ['  11010519491231002X  ', 'surrounding white space is trimmed'],
    ['440304198506150015', 'male, digit check character'],
    ['440304198506150023', 'female, digit check character'],
  ])('accepts %s (%s)', (idCard) => {
    expect(validateIdCard(idCard, TODAY)).toBeNull();
  });

  it.each([
    ['110105200002291235', '2000-02-29: 2000 is a leap year'],
    ['110105202402291233', '2024-02-29: 2024 is a leap year'],
    ['110105190001011231', 'year 1900, the lower bound'],
    ['110105203601011235', 'year 2036 = 2026 + 10, the upper bound'],
  ])('accepts the boundary %s (%s)', (idCard) => {
    expect(validateIdCard(idCard, TODAY)).toBeNull();
  });

  it.each([
    ['', ID_CARD_EMPTY_MESSAGE, 'empty'],
    ['   ', ID_CARD_EMPTY_MESSAGE, 'white space only'],
    ['\t\n', ID_CARD_EMPTY_MESSAGE, 'tab and newline only'],
    ['110105491231002', ID_CARD_INVALID_MESSAGE, '15-digit first-generation number'],
    ['11010519491231002', ID_CARD_INVALID_MESSAGE, '17 characters'],
    ['11010519491231002X1', ID_CARD_INVALID_MESSAGE, '19 characters'],
    ['1101051949123100XX', ID_CARD_INVALID_MESSAGE, 'X before the last place'],
    ['11010519491231002Y', ID_CARD_INVALID_MESSAGE, 'letter other than X'],
    ['110105 19491231002X', ID_CARD_INVALID_MESSAGE, 'inner space'],
    ['110105194912310021', ID_CARD_INVALID_MESSAGE, 'wrong check character (X expected)'],
    ['440304198506150016', ID_CARD_INVALID_MESSAGE, 'wrong check digit (5 expected)'],
    ['110105199001011230', ID_CARD_INVALID_MESSAGE, 'check digit 0 where 2 is expected'],
    ['110105199002301231', ID_CARD_INVALID_MESSAGE, 'February 30 (check character correct)'],
    ['11010519901301123X', ID_CARD_INVALID_MESSAGE, 'month 13 (check character correct)'],
    ['110105194901000026', ID_CARD_INVALID_MESSAGE, 'day 00'],
    ['110105194912000021', ID_CARD_INVALID_MESSAGE, 'December 00'],
    ['110105194912320025', ID_CARD_INVALID_MESSAGE, 'December 32'],
    ['110105202302291236', ID_CARD_INVALID_MESSAGE, '2023-02-29: 2023 is not a leap year'],
    ['110105189912311237', ID_CARD_INVALID_MESSAGE, 'year 1899, below 1900'],
    ['110105203701011232', ID_CARD_INVALID_MESSAGE, 'year 2037, beyond 2026 + 10'],
  ])('rejects %j with %s (%s)', (idCard, message) => {
    expect(validateIdCard(idCard, TODAY)).toBe(message);
  });

  describe('year bound from the current date by default', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(TODAY);
    });
    afterEach(() => vi.useRealTimers());

    it.each([
      ['110105203601011235', null],
      ['110105203701011232', ID_CARD_INVALID_MESSAGE],
    ])('%s -> %s', (idCard, expected) => {
      expect(validateIdCard(idCard)).toBe(expected);
    });
  });

  it('normalizeIdCard trims and upper-cases', () => {
    expect(normalizeIdCard(' 11010519491231002x ')).toBe('11010519491231002X');
  });
});

describe('validateIdCardLifespan (beyond the spec: born by today, at most 120)', () => {
  it('has the field messages agreed for the form', () => {
    expect(ID_CARD_FUTURE_BIRTH_DATE_MESSAGE).toBe('身份证号中的出生日期晚于今天，请核对');
    expect(ID_CARD_TOO_OLD_MESSAGE).toBe('身份证号中的年龄超过 120 岁，请核对');
  });

  it.each<[string, string | null, string]>([
    ['110105202611230015', null, 'born today (age 0)'],
    ['11010520261122001X', null, 'born yesterday'],
    ['110105202611240010', ID_CARD_FUTURE_BIRTH_DATE_MESSAGE, 'born tomorrow'],
    ['110105202711230012', ID_CARD_FUTURE_BIRTH_DATE_MESSAGE, 'born a year from today'],
    ['110105203601010013', ID_CARD_FUTURE_BIRTH_DATE_MESSAGE, 'year 2036: the spec check accepts it'],
    ['440304198506150015', null, 'an ordinary adult'],
    ['11010519061123001X', null, '120 today'],
    ['110105190511240018', null, '120, the 121st birthday is tomorrow'],
    ['110105190511230012', ID_CARD_TOO_OLD_MESSAGE, '121 today'],
    ['11010519000101001X', ID_CARD_TOO_OLD_MESSAGE, 'year 1900: the spec check accepts it'],
  ])('%s on 2026-11-23 -> %s (%s)', (idCard, expected) => {
    expect(validateIdCardLifespan(idCard, TODAY)).toBe(expected);
  });

  it.each<[string, string, string | null, string]>([
    ['110105190402290016', '2024-02-29', null, '120 on Feb 29 of a leap year'],
    ['110105190402290016', '2025-02-28', null, 'still 120 on Feb 28 of a common year'],
    ['110105190402290016', '2025-03-01', ID_CARD_TOO_OLD_MESSAGE, '121 on Mar 1'],
    ['110105202802290010', '2028-02-28', ID_CARD_FUTURE_BIRTH_DATE_MESSAGE, 'born tomorrow'],
    ['110105202802290010', '2028-02-29', null, 'born today'],
  ])('leap day: %s on %s -> %s (%s)', (idCard, today, expected) => {
    const [year, month, day] = today.split('-').map(Number);
    expect(validateIdCardLifespan(idCard, new Date(year, month - 1, day))).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['11010520261124001', '17 characters'],
    ['110105202611240011', 'born tomorrow, wrong check character'],
    ['110105203701011232', 'year 2037, beyond the spec bound'],
    ['110105189912311237', 'year 1899, below the spec bound'],
  ])('leaves %j to the spec check (%s): null here', (idCard) => {
    expect(validateIdCard(idCard, TODAY)).not.toBeNull();
    expect(validateIdCardLifespan(idCard, TODAY)).toBeNull();
  });

  it('trims and upper-cases like the entry check', () => {
    expect(validateIdCardLifespan(' 110105202611240010 ', TODAY)).toBe(ID_CARD_FUTURE_BIRTH_DATE_MESSAGE);
    expect(validateIdCardLifespan('11010519061123001x', TODAY)).toBeNull();
  });

  describe('with the default today', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(TODAY);
    });
    afterEach(() => vi.useRealTimers());

    it.each([
      ['110105202611230015', null],
      ['110105202611240010', ID_CARD_FUTURE_BIRTH_DATE_MESSAGE],
      ['110105190511230012', ID_CARD_TOO_OLD_MESSAGE],
    ])('%s -> %s', (idCard, expected) => {
      expect(validateIdCardLifespan(idCard)).toBe(expected);
    });
  });
});

describe('parseIdCard and the loose helpers', () => {
  it.each([
    ['11010519491231002X', { birthDate: '1949-12-31', gender: 'female', genderLabel: '女', age: 76 }],
    ['11010519491231002x', { birthDate: '1949-12-31', gender: 'female', genderLabel: '女', age: 76 }],
    ['440304198506150015', { birthDate: '1985-06-15', gender: 'male', genderLabel: '男', age: 41 }],
    ['440304198506150023', { birthDate: '1985-06-15', gender: 'female', genderLabel: '女', age: 41 }],
    // The loose helpers do not test the check character.
    ['440304198506150016', { birthDate: '1985-06-15', gender: 'male', genderLabel: '男', age: 41 }],
  ])('%s -> %o', (idCard, expected) => {
    expect(parseIdCard(idCard, TODAY)).toEqual(expected);
  });

  it.each([
    ['110105200011220017', 26, 'birthday yesterday'],
    ['110105200011230012', 26, 'birthday today'],
    ['110105200011240018', 25, 'birthday tomorrow'],
    ['110105200012010011', 25, 'birthday next month'],
    ['110105200010310010', 26, 'birthday last month'],
  ])('age of %s on 2026-11-23 is %i (%s)', (idCard, age) => {
    expect(ageFromIdCard(idCard, TODAY)).toBe(age);
  });

  it.each([
    ['110105202611230015', 0, 'born today'],
    ['110105202611240010', 0, 'born tomorrow'],
    ['110105203601010013', 0, 'born in 2036'],
  ])('age of %s on 2026-11-23 is %i, never negative (%s)', (idCard, age) => {
    expect(ageFromIdCard(idCard, TODAY)).toBe(age);
    expect(parseIdCard(idCard, TODAY)?.age).toBe(age);
  });

  it.each([
    [new Date(2025, 1, 28), 24, 'Feb 28 of a common year: the Feb 29 birthday has not passed'],
    [new Date(2025, 2, 1), 25, 'Mar 1 of a common year'],
    [new Date(2028, 1, 29), 28, 'Feb 29 of a leap year'],
  ])('a 2000-02-29 birthday on %s gives %i (%s)', (today, age) => {
    expect(ageFromIdCard('110105200002290021', today)).toBe(age);
  });

  it.each([
    ['1', 'male'],
    ['3', 'male'],
    ['5', 'male'],
    ['7', 'male'],
    ['9', 'male'],
    ['0', 'female'],
    ['2', 'female'],
    ['4', 'female'],
    ['6', 'female'],
    ['8', 'female'],
  ])('17th digit %s -> %s', (digit, gender) => {
    expect(genderFromIdCard(`1101051990010112${digit}0`)).toBe(gender);
  });

  it('birthDateFromIdCard pads month and day', () => {
    expect(birthDateFromIdCard('320102199003070033')).toBe('1990-03-07');
  });

  describe('with the default today', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(TODAY);
    });
    afterEach(() => vi.useRealTimers());

    it('ageFromIdCard and parseIdCard use the current date', () => {
      expect(ageFromIdCard('110105200011240018')).toBe(25);
      expect(parseIdCard('110105200011230012')?.age).toBe(26);
    });
  });

  it.each([
    ['', 'empty'],
    ['110105491231002', '15 digits'],
    ['11010519491231002', '17 characters'],
    ['11010519491231002XX', '19 characters'],
    [' 11010519491231002X', 'leading space (the loose helpers do not trim)'],
    ['11010519491231002Y', 'letter other than X'],
    ['1101051949123100X2', 'X before the last place'],
  ])('format %j (%s): null and the format warning', (idCard) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseIdCard(idCard, TODAY)).toBeNull();
    expect(birthDateFromIdCard(idCard)).toBeNull();
    expect(genderFromIdCard(idCard)).toBeNull();
    expect(ageFromIdCard(idCard, TODAY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledWith(ID_CARD_FORMAT_WARNING);
  });

  it.each([
    ['110105199002301231', 'February 30'],
    ['11010519901301123X', 'month 13'],
    ['110105199000011230', 'month 00'],
    ['110105202302291236', 'Feb 29 of a common year'],
    ['110105194912320025', 'December 32'],
  ])('birth date of %s (%s): null and the birth-date warning', (idCard) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseIdCard(idCard, TODAY)).toBeNull();
    expect(warn).toHaveBeenCalledExactlyOnceWith(ID_CARD_BIRTH_DATE_WARNING);
  });

  it('the warning never contains the number (personal data)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    parseIdCard('110105199002301231', TODAY);
    parseIdCard('11010519900230123', TODAY);
    for (const call of warn.mock.calls) expect(call.join(' ')).not.toContain('1101051990');
  });
});

describe('masking', () => {
  it.each([
    ['abcdef', 1, 3, '*', 'a**def'],
    ['abcdef', 0, 6, '*', '******'],
    ['abcdef', 2, 4, '#', 'ab##ef'],
    ['abcdef', 3, 3, '*', 'abcdef'],
    ['abcdef', 4, 2, '*', 'abcdef'],
    ['abcdef', -2, 2, '*', '**cdef'],
    ['abcdef', 4, 99, '*', 'abcd**'],
    ['', 0, 3, '*', ''],
    ['张三丰', 1, 2, '*', '张*丰'],
    ['𠮷野家', 0, 1, '*', '*野家'],
  ])('maskText(%j, %i, %i, %j) -> %j', (value, start, end, mask, expected) => {
    expect(maskText(value, start, end, mask)).toBe(expected);
  });

  it('maskText masks with * by default', () => {
    expect(maskText('13800138000', 3, 7)).toBe('138****8000');
  });

  it.each([
    ['110105194912311234', '110105********1234'],
    ['11010519491231002X', '110105********002X'],
    ['110105491231002', '110105*****1002'],
    ['12345678901', '123456*8901'],
    ['1234567890', '1234567890'],
    ['1234', '1234'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('maskIdCard(%j) -> %j', (idCard, expected) => {
    expect(maskIdCard(idCard)).toBe(expected);
  });
});

describe('typing and showing a number (6-8-4 groups)', () => {
  it.each([
    ['110101 19900307 1234', '110101199003071234'],
    ['110101-19900307-1234', '110101199003071234'],
    [' 1101 0119 9003 0712 34 ', '110101199003071234'],
    ['110101\u00a019900307\t1234', '110101199003071234'],
    ['110101\u3000199003071234', '110101199003071234'],
    ['110101\uff0d19900307\u20141234', '110101199003071234'],
    ['11010519491231002x', '11010519491231002X'],
    ['1101011990030712345', '1101011990030712345'],
    ['', ''],
  ])('cleanIdCardInput(%j) -> %j (dropped, never cut)', (raw, expected) => {
    expect(cleanIdCardInput(raw)).toBe(expected);
  });

  it.each([
    ['', ''],
    ['1', '1'],
    ['110101', '110101'],
    ['1101011', '110101 1'],
    ['11010119900307', '110101 19900307'],
    ['110101199003071', '110101 19900307 1'],
    ['110101199003071234', '110101 19900307 1234'],
    ['11010519491231002x', '110105 19491231 002X'],
    ['110101 19900307 1234', '110101 19900307 1234'],
    ['1101011990030712345', '110101 19900307 12345'],
    ['110105********1234', '110105 ******** 1234'],
  ])('formatIdCardGroups(%j) -> %j', (value, expected) => {
    expect(formatIdCardGroups(value)).toBe(expected);
  });

  it('shows a masked number in the same groups (formatMaskedIdCard)', () => {
    expect(formatMaskedIdCard('11010519491231002X')).toBe('110105 ******** 002X');
  });
});
