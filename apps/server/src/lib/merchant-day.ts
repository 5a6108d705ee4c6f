/**
 * The merchant's day: Asia/Shanghai, UTC+8 all year, so a day runs 86,400 s from 16:00 UTC.
 * Days are numbered from the epoch in that time zone and named YYYY-MM-DD. The dashboard's cards
 * and the reports' aggregates count by it.
 */
export const SHANGHAI_OFFSET_S = 8 * 60 * 60;
const DAY_S = 86_400;

/** The merchant's day number of an instant. */
export function shanghaiDay(at: Date): number {
  return Math.floor((Math.floor(at.getTime() / 1000) + SHANGHAI_OFFSET_S) / DAY_S);
}

/** The first instant of a day number. */
export function dayStart(day: number): Date {
  return new Date((day * DAY_S - SHANGHAI_OFFSET_S) * 1000);
}

/** A day number's name, YYYY-MM-DD. */
export function dayName(day: number): string {
  return new Date(day * DAY_S * 1000).toISOString().slice(0, 10);
}

/** The name of the merchant's day of an instant. */
export function merchantDayOf(at: Date): string {
  return dayName(shanghaiDay(at));
}
