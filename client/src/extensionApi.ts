// What `activate` returns: the extension's parts that end-to-end tests (and other
// extensions) may drive. Each area adds its own member.
import type * as vscode from 'vscode';
import type { EnvironmentsArea } from './environments/register';
import type { ExplorerArea } from './explorer/register';
import type { ExtensionLog } from './logging/outputChannel';
import type { LanguageArea } from './language/startLanguageClient';
import type { ExamplesArea } from './workflows/examples/register';
import type { MigrateArea } from './workflows/migrate/register';
import type { AnalyticsArea } from './workflows/analytics/register';
import type { ResourcesArea } from './workflows/resources/register';
import type { SyncArea } from './workflows/sync/register';

export interface SvcExtensionApi {
  environments: EnvironmentsArea;
  explorer: ExplorerArea;
  /** Pull, push (pushDocument for other workflows) and the `svc:` edit-remote file system. */
  sync: SyncArea;
  /** The migration report panel (tests read its rows and press its buttons). */
  migrate: MigrateArea;
  /** The examples workflows (browse, readme, definition, create). */
  examples: ExamplesArea;
  /** Read-only details documents of keys, OAuth clients (secret masked) and webhooks. */
  resources: ResourcesArea;
  /** The OAuth client analytics panel (tests read what the webview reported). */
  analytics: AnalyticsArea;
  /** The language client and the kind status bar item. */
  language: LanguageArea;
  log: ExtensionLog;
  /** Where the log channel's file is written (tests read it to check for leaked secrets). */
  logUri: vscode.Uri;
  /** The extension's global storage; the user settings file is two folders up. */
  globalStorageUri: vscode.Uri;
}
