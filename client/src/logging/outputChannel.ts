// The extension's one log output channel. Created here (not in extension.ts) so every area
// asks for an area logger instead of creating channels of its own.
import * as vscode from 'vscode';
import { areaLogger, type Logger } from './logger';

export const LOG_CHANNEL_NAME = 'Svc Gateway Tools';

export interface ExtensionLog {
  /** The raw channel, for the language client's `outputChannel` option. */
  readonly channel: vscode.LogOutputChannel;
  /** A logger whose lines are prefixed with `[area]`. */
  forArea(area: string): Logger;
  /** Shows the channel; used when an error needs the user's attention. */
  reveal(): void;
}

export function createExtensionLog(context: vscode.ExtensionContext): ExtensionLog {
  const channel = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  context.subscriptions.push(channel);
  context.subscriptions.push(vscode.commands.registerCommand('svc.showLog', () => channel.show(true)));
  return {
    channel,
    forArea: (area) => areaLogger(channel, area),
    reveal: () => channel.show(true),
  };
}
