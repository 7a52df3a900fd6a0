import { describe, expect, it } from 'vitest';
import {
  COLLECTED_AT_FUTURE_MESSAGE,
  COLLECTED_AT_REQUIRED_MESSAGE,
  derivedFromIdCard,
  OUTSIDE_SCREENING_AGE_NOTICE,
  validateCollectedAt,
  validateRegistrationIdCard,
} from '@/features/registration/registration-form-values';
import {
  ID_CARD_EMPTY_MESSAGE,
  ID_CARD_FUTURE_BIRTH_DATE_MESSAGE,
  ID_CARD_INVALID_MESSAGE,
  ID_CARD_TOO_OLD_MESSAGE,
} from '@/lib/id-card';
import { makeIdCard } from '@/mocks/id-card-generator';

const TODAY = new Date(2026, 10, 23); // 2026-11-23
const born = (birthDate: string) => makeIdCard('110105', birthDate, 7, '1');

describe('validateRegistrationIdCard (the entry form: spec check, then the lifespan rule)', () => {
  it.each([
    ['', ID_CARD_EMPTY_MESSAGE],
    [born('1990-01-01').slice(0, 17) + 'Y', ID_CARD_INVALID_MESSAGE],
    [born('2037-01-01'), ID_CARD_INVALID_MESSAGE],
    [born('2026-11-24'), ID_CARD_FUTURE_BIRTH_DATE_MESSAGE],
    [born('1905-11-23'), ID_CARD_TOO_OLD_MESSAGE],
    [born('2026-11-23'), null],
    [born('1966-01-01'), null],
  ])('%j -> %s', (idCard, expected) => {
    expect(validateRegistrationIdCard(idCard, TODAY)).toBe(expected);
  });
});

describe('derivedFromIdCard', () => {
  it('says the screening-age notice with the range from the programme constant', () => {
    expect(OUTSIDE_SCREENING_AGE_NOTICE).toBe('不在本次筛查年龄范围（50–74 岁），请核对');
  });

  it.each([
    ['1976-11-23', '50 岁', false, '50 today: the lower bound'],
    ['1976-11-24', '49 岁', true, '50 tomorrow'],
    ['1951-11-24', '74 岁', false, '75 tomorrow: the upper bound'],
    ['1951-11-23', '75 岁', true, '75 today'],
    ['1990-01-01', '36 岁', true, 'younger'],
    ['2026-11-23', '0 岁', true, 'born today'],
  ])('born %s: age %s, outside the screening ages: %s (%s)', (birthDate, age, outside) => {
    expect(derivedFromIdCard(born(birthDate), TODAY)).toEqual({
      birthDate,
      genderLabel: '男',
      age,
      outsideScreeningAge: outside,
    });
  });

  it.each([
    ['2026-11-24', 'born tomorrow'],
    ['2036-01-01', 'born in 2036 (the spec check accepts the year)'],
    ['1905-11-23', '121'],
  ])('shows nothing for a number the form rejects: born %s (%s), never a negative age', (birthDate) => {
    expect(derivedFromIdCard(born(birthDate), TODAY)).toEqual({
      birthDate: '',
      genderLabel: '',
      age: '',
      outsideScreeningAge: false,
    });
  });
});

const COLLECTION_NOW = new Date('2026-11-23T10:30:00+08:00');

describe('validateCollectedAt', () => {
  it.each([
    ['empty', '', COLLECTED_AT_REQUIRED_MESSAGE],
    ['null', null, COLLECTED_AT_REQUIRED_MESSAGE],
    ['not a date', 'yesterday', COLLECTED_AT_REQUIRED_MESSAGE],
    ['an hour ago', '2026-11-23T09:30:00+08:00', null],
    ['now', '2026-11-23T10:30:00+08:00', null],
    ['within the minute of slack', '2026-11-23T10:30:59+08:00', null],
    ['two minutes ahead', '2026-11-23T10:32:00+08:00', COLLECTED_AT_FUTURE_MESSAGE],
    ['tomorrow', '2026-11-24T10:30:00+08:00', COLLECTED_AT_FUTURE_MESSAGE],
  ])('%s → %s', (_, value, message) => {
    expect(validateCollectedAt(value, COLLECTION_NOW)).toBe(message);
  });

  it('says 请选择采集时间 and 采集时间不能晚于现在', () => {
    expect(COLLECTED_AT_REQUIRED_MESSAGE).toBe('请选择采集时间');
    expect(COLLECTED_AT_FUTURE_MESSAGE).toBe('采集时间不能晚于现在');
  });
});
