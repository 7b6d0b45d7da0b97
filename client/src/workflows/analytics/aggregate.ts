// Analytics records → a time series per day (hits, errors, latency) and the table the panel
// shows. Free of `vscode`: the webview gets the result as data, and tests check it directly.
import type { AnalyticsRecord } from '../../../../api/src';
import { daysBetween, formatDay, type CalendarDay } from './dateRange';

export interface SeriesPoint {
  /** YYYY-MM-DD (UTC day of the records). */
  day: string;
  /** Seconds since the epoch at 00:00 UTC of the day: the chart's x value. */
  time: number;
  hits: number;
  errors: number;
  success: number;
  /** Mean latency in ms weighted by hits; null on a day without hits (a gap, not a zero). */
  latency: number | null;
  /** Highest max_latency of the day's records; null without hits. */
  maxLatency: number | null;
}

export interface AnalyticsSummary {
  records: number;
  hits: number;
  errors: number;
  /** Hits-weighted mean over the whole range; null without hits. */
  latency: number | null;
}

export interface AnalyticsSeries {
  points: SeriesPoint[];
  summary: AnalyticsSummary;
  /** Records skipped because their day is missing or outside the range. */
  skipped: number;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The record's day as YYYY-MM-DD from id.year/month/day, else from last_hit; undefined if neither. */
export function recordDay(record: AnalyticsRecord): string | undefined {
  const id = record.id;
  if (id && Number.isInteger(id.year) && Number.isInteger(id.month) && Number.isInteger(id.day)) {
    return formatDay({ year: id.year!, month: id.month!, day: id.day! });
  }
  if (typeof record.last_hit === 'string') {
    const t = Date.parse(record.last_hit);
    if (!Number.isNaN(t)) return new Date(t).toISOString().slice(0, 10);
  }
  return undefined;
}

/**
 * One point per day from `start` to `end` (days without records have zero hits and no
 * latency). Errors are `error`; success falls back to hits − errors when a record lacks it.
 */
export function aggregateByDay(records: readonly AnalyticsRecord[], start: CalendarDay, end: CalendarDay): AnalyticsSeries {
  const points = daysBetween(start, end).map((d): SeriesPoint & { latencyWeight: number } => ({
    day: formatDay(d),
    time: Date.UTC(d.year, d.month - 1, d.day) / 1000,
    hits: 0,
    errors: 0,
    success: 0,
    latency: null,
    maxLatency: null,
    latencyWeight: 0,
  }));
  const byDay = new Map(points.map((p) => [p.day, p]));
  let skipped = 0;
  for (const record of records) {
    const day = recordDay(record);
    const point = day ? byDay.get(day) : undefined;
    if (!point) {
      skipped++;
      continue;
    }
    const hits = num(record.hits);
    const errors = num(record.error);
    point.hits += hits;
    point.errors += errors;
    point.success += typeof record.success === 'number' ? record.success : Math.max(0, hits - errors);
    if (hits > 0 && typeof record.latency === 'number') {
      point.latency = (point.latency ?? 0) + record.latency * hits;
      point.latencyWeight += hits;
    }
    if (typeof record.max_latency === 'number') point.maxLatency = Math.max(point.maxLatency ?? 0, record.max_latency);
  }
  let weighted = 0;
  let weight = 0;
  const out = points.map(({ latencyWeight, ...p }) => {
    if (latencyWeight > 0 && p.latency !== null) {
      weighted += p.latency;
      weight += latencyWeight;
      return { ...p, latency: round2(p.latency / latencyWeight) };
    }
    return { ...p, latency: null };
  });
  const summary: AnalyticsSummary = {
    records: records.length - skipped,
    hits: out.reduce((n, p) => n + p.hits, 0),
    errors: out.reduce((n, p) => n + p.errors, 0),
    latency: weight > 0 ? round2(weighted / weight) : null,
  };
  return { points: out, summary, skipped };
}
