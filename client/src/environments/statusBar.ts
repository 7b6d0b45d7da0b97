// The status bar item: the active environment and its health; clicking switches.
import * as vscode from 'vscode';
import type { EnvironmentService } from './environmentService';
import { HEALTH_ICONS, HEALTH_WORDS } from './health';

export class EnvironmentStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly environments: EnvironmentService) {
    this.item = vscode.window.createStatusBarItem('svc.environment', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Svc Environment';
    this.item.command = 'svc.switchEnvironment';
    this.subscriptions.push(
      this.item,
      environments.onDidChange(() => this.update()),
      environments.onDidChangeHealth(() => this.update()),
    );
    this.update();
    this.item.show();
  }

  update(): void {
    const env = this.environments.active();
    if (!env) {
      this.item.text = '$(server-environment) Svc: no environment';
      this.item.tooltip = 'No Svc environment. Click to add one.';
      this.item.command = 'svc.addEnvironment';
      this.item.backgroundColor = undefined;
      return;
    }
    const health = this.environments.health(env.name);
    const notStarted = env.source === 'builtin' && !this.environments.sandbox.isRunning && health.state === 'unknown';
    this.item.command = 'svc.switchEnvironment';
    this.item.text = `$(server-environment) ${env.name} $(${HEALTH_ICONS[health.state]})`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(`**Svc environment:** `).appendText(env.name);
    tooltip.appendMarkdown('\n\n').appendText(notStarted ? 'Starts on first use (open the Svc Gateway view).' : env.dashboardUrl);
    tooltip.appendMarkdown(`\n\n$(${HEALTH_ICONS[health.state]}) ${HEALTH_WORDS[health.state]}: `).appendText(health.message);
    if (health.hint) tooltip.appendMarkdown('\n\n').appendText(health.hint);
    tooltip.appendMarkdown('\n\nClick to switch environments.');
    this.item.tooltip = tooltip;
    this.item.backgroundColor =
      health.state === 'auth' || health.state === 'unreachable' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
