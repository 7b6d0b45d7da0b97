// Test-only export: the extension's parts that end-to-end tests drive and read. `activate`
// returns it only in ExtensionMode.Test (a test host), never to other extensions.
import type * as vscode from 'vscode';
import type { EnvironmentsArea } from '../environments/register';
import type { ExplorerArea } from '../explorer/register';
import type { LanguageArea } from '../language/startLanguageClient';
import type { ExtensionLog } from '../logging/outputChannel';
import type { AnalyticsArea } from '../workflows/analytics/register';
import type { ExamplesArea } from '../workflows/examples/register';
import type { MigrateArea } from '../workflows/migrate/register';
import type { ResourcesArea } from '../workflows/resources/register';
import type { SyncArea } from '../workflows/sync/register';
import { scriptedSyncUi, type SyncAnswers } from './scriptedSyncUi';

export interface SvcTestingApi {
  environments: EnvironmentsArea;
  explorer: ExplorerArea;
  /** Pull, push and the `svc:` edit-remote file system. */
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
  /** Runs `run` (a command, a save) with the questions of pull and push answered in advance; unanswered ones are asked. */
  withSyncAnswers<T>(answers: SyncAnswers, run: () => Thenable<T>): Promise<T>;
}

export function createTestingApi(parts: Omit<SvcTestingApi, 'withSyncAnswers'>): SvcTestingApi {
  return {
    ...parts,
    async withSyncAnswers(answers, run) {
      const restore = parts.sync.useUi((current) => scriptedSyncUi(answers, current));
      try {
        return await run();
      } finally {
        restore.dispose();
      }
    },
  };
}
