// The analytics webview panel for one OAuth client and date range: chart and table drawn by
// the bundled webview script (dist/webview/analytics.js), CSV export through a save dialog.
// Its state (what was sent, what the webview reported back) is readable by tests.
import * as vscode from 'vscode';
import type { AnalyticsSeries } from './aggregate';
import { seriesToCsv } from './csv';
import type { ShowDataMessage, WebviewMessage } from './messages';
import { makeNonce } from '../../shared/nonce';
import { analyticsHtml } from './webviewHtml';

export interface AnalyticsPanelState {
  environment: string;
  clientId: string;
  start: string;
  end: string;
  series: AnalyticsSeries;
  /** Points the webview says it drew (undefined until it reports). */
  renderedPoints?: number;
  /** The x axis labels the chart drew last ("Nov 18", …). */
  renderedTicks?: string[];
  /** What the webview posted, as text ("rendered 7 points"), oldest first. */
  messages: string[];
  /** Where the last CSV export went. */
  exportedTo?: vscode.Uri;
}

export const ANALYTICS_VIEW_TYPE = 'svc.analytics';

export class AnalyticsPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  private readonly rendered = new vscode.EventEmitter<number>();
  /** Fires with the number of points each time the webview has drawn the chart. */
  readonly onDidRender = this.rendered.event;
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private subscriptions: vscode.Disposable[] = [];
  private isDisposed = false;

  constructor(
    extensionUri: vscode.Uri,
    public state: AnalyticsPanelState,
    private readonly onExportRequest: (panel: AnalyticsPanel) => void,
  ) {
    const assets = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.panel = vscode.window.createWebviewPanel(ANALYTICS_VIEW_TYPE, this.title(), vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [assets],
      // The data is re-sent on 'ready', so a hidden panel need not keep its DOM.
      retainContextWhenHidden: false,
    });
    const webview = this.panel.webview;
    webview.html = analyticsHtml(
      {
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(assets, 'analytics.js')).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(assets, 'analytics.css')).toString(),
      },
      makeNonce(),
      this.title(),
    );
    this.subscriptions.push(
      webview.onDidReceiveMessage((m: WebviewMessage) => this.receive(m)),
      this.panel.onDidDispose(() => this.dispose()),
    );
  }

  private title(): string {
    return `Analytics: ${this.state.clientId} (${this.state.start} – ${this.state.end})`;
  }

  /** Shows another client or range in the same panel. */
  update(state: AnalyticsPanelState): void {
    this.state = state;
    this.panel.title = this.title();
    this.panel.reveal();
    void this.send();
  }

  csv(): string {
    return seriesToCsv(this.state.series.points);
  }

  private send(): Thenable<boolean> {
    const message: ShowDataMessage = {
      type: 'data',
      title: this.title(),
      range: { start: this.state.start, end: this.state.end },
      points: this.state.series.points,
      summary: this.state.series.summary,
    };
    return this.panel.webview.postMessage(message);
  }

  private receive(message: WebviewMessage): void {
    switch (message.type) {
      case 'ready':
        void this.send();
        return;
      case 'rendered':
        this.state.renderedPoints = message.points;
        this.state.renderedTicks = message.xTicks;
        this.state.messages.push(`rendered ${message.points} points`);
        this.rendered.fire(message.points);
        return;
      case 'exportCsv':
        this.onExportRequest(this);
        return;
      case 'error':
        this.state.messages.push(`error: ${message.message}`);
        void vscode.window.showErrorMessage(`The analytics chart failed: ${message.message}`);
        return;
    }
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    for (const s of this.subscriptions) s.dispose();
    this.subscriptions = [];
    this.disposed.fire();
    this.disposed.dispose();
    this.rendered.dispose();
    this.panel.dispose();
  }
}
