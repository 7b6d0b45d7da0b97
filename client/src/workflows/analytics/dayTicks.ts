// The chart's x axis for daily data: one tick per UTC day (or every n-th day when the range is
// long), labelled with the day ("Nov 18"), never uPlot's hour ticks (12am/12pm) between days.
// Free of the DOM and of `vscode`: the webview calls it, tests check it directly.

const DAY = 86_400;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Ticks at whole UTC days from `min` to `max` (seconds), every `step` days so at most `maxTicks` show. */
export function dayTicks(min: number, max: number, maxTicks: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) return [];
  const first = Math.ceil(min / DAY) * DAY;
  const days = Math.floor((max - first) / DAY) + 1;
  if (days <= 0) return [];
  const step = Math.max(1, Math.ceil(days / Math.max(1, maxTicks)));
  const ticks: number[] = [];
  for (let t = first; t <= max; t += step * DAY) ticks.push(t);
  return ticks;
}

/** "Nov 18" for a day's midnight (UTC); the year joins when the range spans more than one. */
export function dayLabel(seconds: number, withYear = false): string {
  const d = new Date(seconds * 1000);
  const label = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
  return withYear ? `${label}, ${d.getUTCFullYear()}` : label;
}

/** Labels for a set of ticks: the year is shown when the ticks span two years. */
export function dayLabels(ticks: readonly number[]): string[] {
  const years = new Set(ticks.map((t) => new Date(t * 1000).getUTCFullYear()));
  return ticks.map((t) => dayLabel(t, years.size > 1));
}

/** How many day labels fit across a chart `width` pixels wide (about 70 px a label). */
export function ticksThatFit(width: number): number {
  return Math.max(2, Math.floor(width / 70));
}
