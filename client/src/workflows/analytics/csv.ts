// CSV of the analytics table (RFC 4180: comma, CRLF, quotes doubled). Free of `vscode`.
import type { SeriesPoint } from './aggregate';

export const CSV_COLUMNS = ['day', 'hits', 'errors', 'success', 'latency_ms', 'max_latency_ms'] as const;

/** Quotes a field when it holds a comma, quote or line break; a leading = + - @ is prefixed so spreadsheets do not run it. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRows(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The table as the panel shows it, one line per day, header first. */
export function seriesToCsv(points: readonly SeriesPoint[]): string {
  return csvRows([[...CSV_COLUMNS], ...points.map((p) => [p.day, p.hits, p.errors, p.success, p.latency, p.maxLatency])]);
}
