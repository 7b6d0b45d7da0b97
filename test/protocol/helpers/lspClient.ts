// A minimal LSP client for protocol tests: spawns `dist/server.js --stdio`, answers the
// server's workspace/configuration and registration requests, records diagnostics and
// notifications, and lets tests wait for conditions (never fixed sleeps).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import type { Diagnostic, InitializeResult } from 'vscode-languageserver-protocol';

export const repoRoot = join(__dirname, '..', '..', '..');

export interface StartOptions {
  /** The `svc` settings section the client answers with. */
  settings?: Record<string, unknown>;
  workspaceFolder?: string;
  /** LSP `initializationOptions` (what our VS Code client sends: SvcInitializationOptions). */
  initializationOptions?: unknown;
  /** Another server bundle than this checkout's dist/server.js (the benchmark's baseline). */
  serverPath?: string;
  /** Node flags of the server process (the benchmark passes the client's, common/src/serverProcess.ts). */
  execArgv?: readonly string[];
}

export class LspClient {
  readonly diagnostics = new Map<string, { version?: number; diagnostics: Diagnostic[] }>();
  readonly notifications: Array<{ method: string; params: any }> = [];
  private readonly waiters = new Set<() => void>();
  private versions = new Map<string, number>();
  settings: Record<string, unknown>;
  /** The `json.validate` section (VS Code's JSON service); null = a client without one. */
  jsonValidate: Record<string, unknown> | null = null;
  initializeResult!: InitializeResult;

  private constructor(
    readonly process: ChildProcess,
    readonly connection: ProtocolConnection,
    options: StartOptions,
  ) {
    this.settings = options.settings ?? {};
  }

  static async start(options: StartOptions = {}): Promise<LspClient> {
    const server = options.serverPath ?? join(repoRoot, 'dist', 'server.js');
    if (!existsSync(server)) throw new Error('dist/server.js is missing: run `npm run build` first');
    const child = spawn(process.execPath, [...(options.execArgv ?? []), server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new LspClient(child, connection, options);
    connection.onRequest('workspace/configuration', (params: { items: Array<{ section?: string }> }) =>
      params.items.map((item) => (item.section === 'svc' ? client.settings : item.section === 'json.validate' ? client.jsonValidate : null)),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: Diagnostic[] }) => {
      client.diagnostics.set(p.uri, { version: p.version, diagnostics: p.diagnostics });
      client.wake();
    });
    for (const method of ['svc/documentKind', 'window/logMessage']) {
      connection.onNotification(method, (params: unknown) => {
        client.notifications.push({ method, params });
        client.wake();
      });
    }
    connection.listen();
    const folder = options.workspaceFolder;
    client.initializeResult = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folder ? pathUri(folder) : null,
      workspaceFolders: folder ? [{ uri: pathUri(folder), name: 'ws' }] : null,
      initializationOptions: options.initializationOptions,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { foldingRange: { rangeLimit: 5000 }, completion: { completionItem: { snippetSupport: true } } },
      },
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves with the first truthy value of `probe`, re-checked on every message; rejects after `timeoutMs`. */
  waitFor<T>(probe: () => T | undefined | false, what: string, timeoutMs = 10000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value) {
          this.waiters.delete(check);
          clearTimeout(timer);
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Diagnostics published for `uri` at `version` (or any version). */
  waitForDiagnostics(uri: string, version?: number, timeoutMs?: number): Promise<Diagnostic[]> {
    return this.waitFor(
      () => {
        const entry = this.diagnostics.get(uri);
        return entry && (version === undefined || entry.version === version) ? entry.diagnostics : undefined;
      },
      `diagnostics of ${uri}${version === undefined ? '' : ' v' + version}`,
      timeoutMs,
    );
  }

  open(uri: string, text: string, languageId = 'json'): void {
    this.versions.set(uri, 1);
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text (a full-content change); returns the new version. */
  change(uri: string, text: string): number {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return version;
  }

  /** An incremental edit: replace `length` characters at line/character with `text`. */
  edit(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }, text: string): number {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text }] });
    return version;
  }

  close(uri: string): void {
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.connection.sendNotification('exit');
    } catch {
      // the process may already be gone
    }
    this.connection.dispose();
    if (this.process.exitCode === null) this.process.kill();
  }
}

export function pathUri(path: string): string {
  return (
    'file://' +
    path
      .split('\\')
      .join('/')
      .replace(/^([A-Za-z]):/, '/$1:')
  );
}
