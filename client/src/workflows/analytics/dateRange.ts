// The date range of the analytics endpoint (spec endpoint 21): dates typed as YYYY-MM-DD,
// defaulting to the last 7 days, checked before anything is sent. Free of `vscode`.
import type { DayRange } from '../../../../api/src';

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The longest range asked for at once: more is slow to page through and unreadable as a chart. */
export const MAX_RANGE_DAYS = 366;

export const formatDay = (d: CalendarDay): string => `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The calendar day of `date` in UTC (the records' id.year/month/day are UTC). */
export function dayOf(date: Date): CalendarDay {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const epochDay = (d: CalendarDay) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** The default range: the 7 days ending today (today included). */
export function lastSevenDays(now = new Date()): { start: string; end: string } {
  const end = dayOf(now);
  const start = dayOf(new Date(Date.UTC(end.year, end.month - 1, end.day - 6)));
  return { start: formatDay(start), end: formatDay(end) };
}

/** Parses YYYY-MM-DD into a real calendar day; undefined for anything else (2024-02-30 too). */
export function parseDay(text: string): CalendarDay | undefined {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** The input box's check of one date. */
export function validateDay(text: string): string | undefined {
  return parseDay(text) ? undefined : `'${text.trim()}' is not a date: write YYYY-MM-DD, e.g. ${lastSevenDays().end}.`;
}

export type RangeResult = { ok: true; range: DayRange; start: CalendarDay; end: CalendarDay; days: number } | { ok: false; message: string };

/** Both dates valid, start not after end, at most MAX_RANGE_DAYS days. */
export function parseRange(startText: string, endText: string): RangeResult {
  const start = parseDay(startText);
  if (!start) return { ok: false, message: validateDay(startText)! };
  const end = parseDay(endText);
  if (!end) return { ok: false, message: validateDay(endText)! };
  const days = epochDay(end) - epochDay(start) + 1;
  if (days < 1) return { ok: false, message: `The start ${formatDay(start)} is after the end ${formatDay(end)}.` };
  if (days > MAX_RANGE_DAYS) return { ok: false, message: `The range has ${days} days; ask for at most ${MAX_RANGE_DAYS}.` };
  return { ok: true, range: { start, end }, start, end, days };
}

/** Every day from start to end inclusive, for a chart without gaps on days without traffic. */
export function daysBetween(start: CalendarDay, end: CalendarDay): CalendarDay[] {
  const out: CalendarDay[] = [];
  for (let n = epochDay(start); n <= epochDay(end); n++) out.push(dayOf(new Date(n * 86_400_000)));
  return out;
}
