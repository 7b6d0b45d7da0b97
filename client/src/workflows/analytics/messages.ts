// Messages between the extension and the analytics webview (media/analytics/main.ts). Free
// of `vscode` and of the DOM, so both sides import the same types.
import type { AnalyticsSummary, SeriesPoint } from './aggregate';

/** Extension → webview. */
export interface ShowDataMessage {
  type: 'data';
  title: string;
  range: { start: string; end: string };
  points: SeriesPoint[];
  summary: AnalyticsSummary;
}

/** Webview → extension. */
export type WebviewMessage =
  { type: 'ready' } | { type: 'rendered'; points: number; width: number; xTicks?: string[] } | { type: 'exportCsv' } | { type: 'error'; message: string };
