/**
 * "Today" for a merchant's counts is the day in Asia/Shanghai (issue 7). China keeps UTC+8
 * all year (no daylight saving since 1991), so the day starts at 16:00 UTC the day before.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function merchantDays(now: Date): { yesterday: Date; today: Date; tomorrow: Date } {
  const today = Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  return { yesterday: new Date(today - DAY_MS), today: new Date(today), tomorrow: new Date(today + DAY_MS) };
}
