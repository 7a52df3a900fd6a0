import { FUTURE_TIME_TEXT, INVALID_TIME_TEXT, JUST_NOW_TEXT, TIME_AGO_UNITS, timeAgo } from '@/lib/time-ago';

const NOW = new Date(2026, 10, 23, 12, 0, 0).getTime();
const secondsAgo = (seconds: number) => NOW - seconds * 1000;

describe('timeAgo', () => {
  it('uses the spec unit table', () => {
    expect(TIME_AGO_UNITS.map((unit) => [unit.label, unit.seconds])).toEqual([
      ['年', 31536000],
      ['个月', 2592000],
      ['天', 86400],
      ['小时', 3600],
      ['分钟', 60],
      ['秒', 1],
    ]);
  });

  it.each([
    [0, JUST_NOW_TEXT],
    [0.999, JUST_NOW_TEXT],
    [1, '1秒前'],
    [10, '10秒前'],
    [59, '59秒前'],
    [59.999, '59秒前'],
    [60, '1分钟前'],
    [119, '1分钟前'],
    [300, '5分钟前'],
    [3599, '59分钟前'],
    [3600, '1小时前'],
    [86399, '23小时前'],
    [86400, '1天前'],
    [3 * 86400, '3天前'],
    [2591999, '29天前'],
    [2592000, '1个月前'],
    [31535999, '12个月前'],
    [31536000, '1年前'],
    [3 * 31536000 + 5, '3年前'],
  ])('%d s ago -> %s', (seconds, expected) => {
    expect(timeAgo(secondsAgo(seconds), NOW)).toBe(expected);
  });

  it.each([
    [new Date(secondsAgo(300)), '5分钟前'],
    ['2026-11-23 11:55:00', '5分钟前'], // the backend's format, read as local time
    ['2026/11/23 11:55:00', '5分钟前'],
    ['2026-11-20T12:00:00', '3天前'],
    [new Date(secondsAgo(3600)).toISOString(), '1小时前'],
  ])('accepts %j -> %s', (input, expected) => {
    expect(timeAgo(input, NOW)).toBe(expected);
  });

  it.each([['not a date'], [''], [Number.NaN], [new Date('garbage')], [null], [undefined]])(
    'unparsable %j -> 无效时间',
    (input) => {
      expect(timeAgo(input, NOW)).toBe(INVALID_TIME_TEXT);
    },
  );

  it.each([[NOW + 1], [NOW + 86400 * 1000], ['2026-11-23 12:00:01']])('future %j -> 未来', (input) => {
    expect(timeAgo(input, NOW)).toBe(FUTURE_TIME_TEXT);
  });

  it('exports the spec texts', () => {
    expect([JUST_NOW_TEXT, INVALID_TIME_TEXT, FUTURE_TIME_TEXT]).toEqual(['刚刚', '无效时间', '未来']);
  });

  describe('with the default now', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
    });
    afterEach(() => vi.useRealTimers());

    it('measures from Date.now()', () => {
      expect(timeAgo(secondsAgo(120))).toBe('2分钟前');
    });
  });
});
