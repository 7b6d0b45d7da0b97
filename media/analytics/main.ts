// The analytics webview: draws hits, errors and latency per day with uPlot (bundled by
// esbuild into dist/webview/analytics.js), fills the table, and tells the extension what it
// drew ("rendered N points") so tests and the extension know the chart exists. Colours come
// from VS Code's theme variables, read at draw time so a theme change redraws correctly.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './analytics.css';
import type { ShowDataMessage, WebviewMessage } from '../../client/src/workflows/analytics/messages';
import type { SeriesPoint } from '../../client/src/workflows/analytics/aggregate';
import { dayLabels, dayTicks, ticksThatFit } from '../../client/src/workflows/analytics/dayTicks';

declare function acquireVsCodeApi(): { postMessage(message: WebviewMessage): void };

const vscode = acquireVsCodeApi();
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
let chart: uPlot | undefined;
let last: ShowDataMessage | undefined;
/** The x axis labels uPlot drew last (reported back to the extension). */
let drawnTicks: string[] = [];

const themeColour = (name: string, fallback: string) => getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
const fmt = (n: number | null, digits = 0) => (n === null ? '—' : n.toLocaleString(undefined, { maximumFractionDigits: digits }));

function chartOptions(width: number): uPlot.Options {
  const fg = themeColour('--vscode-foreground', '#888');
  const grid = themeColour('--vscode-editorWidget-border', 'rgba(128,128,128,0.3)');
  const axis = (scale: string, side: 0 | 1 | 2 | 3, label: string): uPlot.Axis => ({
    scale,
    side,
    label,
    stroke: fg,
    grid: { stroke: grid, width: 1, show: side === 3 },
    ticks: { stroke: grid, width: 1 },
  });
  return {
    width,
    height: 300,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    scales: { x: { time: true }, count: { auto: true }, ms: { auto: true } },
    series: [
      { label: 'Day', value: (_u, ts) => (ts == null ? '—' : new Date(ts * 1e3).toISOString().slice(0, 10)) },
      { label: 'Hits', scale: 'count', stroke: themeColour('--vscode-charts-blue', '#3794ff'), width: 2, points: { show: true } },
      { label: 'Errors', scale: 'count', stroke: themeColour('--vscode-charts-red', '#f14c4c'), width: 2, points: { show: true } },
      {
        label: 'Latency (ms)',
        scale: 'ms',
        stroke: themeColour('--vscode-charts-yellow', '#cca700'),
        width: 2,
        dash: [6, 4],
        spanGaps: false,
        points: { show: true },
      },
    ],
    axes: [
      {
        stroke: fg,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
        // Daily data: a tick per day (uPlot's own time ticks would fall at 12am/12pm).
        splits: (u, _i, min, max) => dayTicks(min, max, ticksThatFit(u.bbox.width / devicePixelRatio)),
        values: (_u, splits) => (drawnTicks = dayLabels(splits)),
      },
      axis('count', 3, 'Requests'),
      axis('ms', 1, 'Latency (ms)'),
    ],
    legend: { show: true },
  };
}

function chartData(points: SeriesPoint[]): uPlot.AlignedData {
  return [points.map((p) => p.time), points.map((p) => p.hits), points.map((p) => p.errors), points.map((p) => p.latency)];
}

function renderTable(points: SeriesPoint[]): void {
  const table = $<HTMLTableElement>('table');
  const head = ['Day', 'Hits', 'Errors', 'Success', 'Latency (ms)', 'Max latency (ms)'];
  table.tHead!.replaceChildren(row(head, 'th'));
  table.tBodies[0].replaceChildren(
    ...points.map((p) => row([p.day, fmt(p.hits), fmt(p.errors), fmt(p.success), fmt(p.latency, 2), fmt(p.maxLatency, 2)], 'td')),
  );
}

function row(cells: string[], tag: 'th' | 'td'): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const text of cells) {
    const cell = document.createElement(tag);
    cell.textContent = text;
    tr.append(cell);
  }
  return tr;
}

function render(message: ShowDataMessage): void {
  last = message;
  const { points, summary } = message;
  $('title').textContent = message.title;
  document.title = message.title;
  $('summary').textContent =
    `${fmt(summary.hits)} hits, ${fmt(summary.errors)} errors, ` +
    `mean latency ${fmt(summary.latency, 2)} ms over ${points.length} days (${summary.records} records, UTC days)`;
  $('empty').hidden = summary.hits > 0;
  $<HTMLButtonElement>('export').disabled = false;
  const host = $('chart');
  chart?.destroy();
  renderTable(points);
  // uPlot draws after the constructor returns: report once the first draw (with its axis labels) happened.
  let reported = false;
  const options = chartOptions(Math.max(320, host.clientWidth));
  options.hooks = {
    draw: [
      () => {
        if (reported) return;
        reported = true;
        vscode.postMessage({ type: 'rendered', points: points.length, width: host.clientWidth, xTicks: drawnTicks });
      },
    ],
  };
  chart = new uPlot(options, chartData(points), host);
}

window.addEventListener('message', (event: MessageEvent<ShowDataMessage>) => {
  if (event.data?.type !== 'data') return;
  try {
    render(event.data);
  } catch (err) {
    vscode.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});

$('export').addEventListener('click', () => vscode.postMessage({ type: 'exportCsv' }));

// Redraw on resize and on theme change (VS Code swaps the body's class), keeping the data.
new ResizeObserver(() => chart?.setSize({ width: Math.max(320, $('chart').clientWidth), height: 300 })).observe($('chart'));
new MutationObserver(() => last && render(last)).observe(document.body, { attributes: true, attributeFilter: ['class'] });

vscode.postMessage({ type: 'ready' });
