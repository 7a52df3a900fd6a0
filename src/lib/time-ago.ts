import dayjs from 'dayjs';

/** Spec §9, largest first. A month is 30 days and a year 365 days. */
export const TIME_AGO_UNITS = [
  { label: '年', seconds: 31_536_000 },
  { label: '个月', seconds: 2_592_000 },
  { label: '天', seconds: 86_400 },
  { label: '小时', seconds: 3_600 },
  { label: '分钟', seconds: 60 },
  { label: '秒', seconds: 1 },
] as const;

export const JUST_NOW_TEXT = '刚刚';
export const INVALID_TIME_TEXT = '无效时间';
export const FUTURE_TIME_TEXT = '未来';

/**
 * '5分钟前': the largest unit whose whole count is at least 1; '刚刚' under one second; '未来' for a
 * time after `now`; '无效时间' when the input cannot be read as a time.
 * Strings go through dayjs, which reads the backend's 'YYYY-MM-DD HH:mm:ss' as local time on every
 * webview (iOS Safari's Date cannot parse it). Numbers are epoch milliseconds.
 */
export function timeAgo(input: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (input === null || input === undefined || input === '') return INVALID_TIME_TEXT;
  const time = dayjs(input);
  if (!time.isValid()) return INVALID_TIME_TEXT;
  const elapsedSeconds = (now - time.valueOf()) / 1000;
  if (elapsedSeconds < 0) return FUTURE_TIME_TEXT;
  for (const unit of TIME_AGO_UNITS) {
    const count = Math.floor(elapsedSeconds / unit.seconds);
    if (count >= 1) return `${count}${unit.label}前`;
  }
  return JUST_NOW_TEXT;
}
