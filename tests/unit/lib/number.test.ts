import { toNumberIfNumeric } from '@/lib/number';

describe('toNumberIfNumeric', () => {
  it.each([
    ['1', 1],
    ['0', 0],
    ['-3', -3],
    ['+7', 7],
    ['3.14', 3.14],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['007', 7],
    [' 42 ', 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('numeric string %j -> %d', (value, expected) => {
    expect(toNumberIfNumeric(value)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['12abc'],
    ['1,000'],
    ['1_000'],
    ['0x10'],
    ['0b1'],
    ['Infinity'],
    ['NaN'],
    ['1.2.3'],
    ['-'],
    ['9007199254740993'], // a long id: as a number it would become ...992
  ])('non-numeric or unsafe string %j is unchanged', (value) => {
    expect(toNumberIfNumeric(value)).toBe(value);
  });

  it.each([[5], [null], [undefined], [true], [{ a: 1 }], [[1]]])(
    'non-string %j is returned as is',
    (value) => {
      expect(toNumberIfNumeric(value)).toBe(value);
    },
  );
});
