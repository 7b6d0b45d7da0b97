// The Svc language server on a connection: capabilities, document sync, settings, debounced
// diagnostics, the workspace listen-path index and the feature handlers. `main.ts` only creates
// the connection and calls `startServer`.

import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentSymbolRequest,
  FileChangeType,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, type LanguageService } from '../service/languageService';
import { DiagnosticsScheduler } from './diagnostics';
import { environmentDiagnostics, openDocumentAtPath, overlayDefinition, overlayOf, overlaySettings } from './environmentOverlays';
import type { DocumentKind } from '../../../common/src/kinds';
import { featureCapabilities, registerFeatures } from './features';
import { NAVIGATION_CAPABILITIES, registerNavigation, type Navigation } from './navigationFeatures';
import type { SvcInitializationOptions } from '../../../common/src/protocol';
import { connectionLogger } from './logger';
import { SettingsCache } from './settings';
import { WorkspaceFiles } from './workspaceFiles';
import type { FilesExclude } from '../service/index/userFiles';

export interface ServerOptions {
  service?: LanguageService;
  /** Debounce of validation after an edit (ms). */
  validationDelayMs?: number;
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const log = connectionLogger(connection);
  const documents = new TextDocuments(TextDocument);
  const openDocumentAt = (file: string) => openDocumentAtPath(documents.all(), file);
  const openTextOf = (file: string) => openDocumentAt(file)?.getText();
  const settings = new SettingsCache(connection);
  let service: LanguageService | undefined = options.service;
  const getService = (): LanguageService => (service ??= createLanguageService());
  let diagnostics: DiagnosticsScheduler | undefined;
  let workspaceFiles: WorkspaceFiles | undefined;
  let folders: string[] = [];
  let foldingLimit: number | undefined;
  let dynamicConfiguration = false;
  let dynamicWatchers = false;
  /** The editor outlines JSON itself: our outline is registered for YAML documents only. */
  let yamlOnlyOutline = false;
  let navigation: Navigation | undefined;

  connection.onInitialize((params): InitializeResult => {
    const capabilities = params.capabilities;
    settings.supported = capabilities.workspace?.configuration === true;
    dynamicConfiguration = capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    dynamicWatchers = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    foldingLimit = capabilities.textDocument?.foldingRange?.rangeLimit;
    yamlOnlyOutline =
      (params.initializationOptions as SvcInitializationOptions | undefined)?.editorProvidesJsonOutline === true &&
      capabilities.textDocument?.documentSymbol?.dynamicRegistration === true;
    folders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (folders.length === 0 && params.rootUri) folders = [params.rootUri];
    // Schemas compile here, once, before the first request needs them.
    const svc = getService();
    const excludeFor = async (folder: string) =>
      settings.supported ? ((await connection.workspace.getConfiguration({ scopeUri: folder, section: 'files.exclude' })) as FilesExclude) : undefined;
    const isOpen = (uri: string) => documents.get(uri) !== undefined;
    const associationsFor = async (uri: string) => (await settings.get(uri)).associations;
    const files = new WorkspaceFiles(svc.workspace, isOpen, associationsFor, log, excludeFor);
    files.folders = folders;
    workspaceFiles = files;
    const canRefreshLenses = capabilities.workspace?.codeLens?.refreshSupport === true;
    const isUserFile = (uri: string) => files.isUserFile(uri);
    const refreshLenses = () => navigation?.refreshLenses();
    const perEnvironment = (document: TextDocument, kind: DocumentKind | undefined) => environmentDiagnostics(document, kind, folders, openTextOf);
    settings.adjust = (uri, s) => overlaySettings(uri, s, folders);
    diagnostics = new DiagnosticsScheduler(connection, documents, svc, settings, log, options.validationDelayMs, isUserFile, refreshLenses, perEnvironment);
    registerFeatures({ connection, documents, service: svc, settings, log, foldingRangeLimit: () => foldingLimit });
    const revalidate = () => diagnostics?.scheduleAll();
    navigation = registerNavigation({
      connection,
      documents,
      service: svc,
      settings,
      log,
      canRefreshLenses: () => canRefreshLenses,
      revalidate,
      overlayDefinition: (document, position) => overlayDefinition(document, position, folders),
    });
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        ...featureCapabilities(params.initializationOptions as SvcInitializationOptions | undefined),
        ...NAVIGATION_CAPABILITIES,
      },
      serverInfo: { name: 'svc-language-server' },
    };
  });

  connection.onInitialized(() => {
    if (dynamicConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'svc' });
    if (yamlOnlyOutline) void connection.client.register(DocumentSymbolRequest.type, { documentSelector: [{ language: 'yaml' }], label: 'Svc' });
    if (dynamicWatchers) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{json,yaml,yml}' }] });
    void workspaceFiles
      ?.scan(folders)
      .then((count) => {
        log.info('workspace', `indexed listen paths of ${count} workspace file(s)`);
        if (count > 0) diagnostics?.scheduleAll();
        navigation?.refreshLenses();
      })
      .catch((error) => log.error('workspace', 'scan failed', error));
  });

  connection.onDidChangeConfiguration(() => {
    settings.clear();
    workspaceFiles?.clearSettings();
    diagnostics?.scheduleAll();
    // `files.exclude` may have changed: what counts as the user's files too.
    void workspaceFiles?.scan(folders).then(
      () => diagnostics?.scheduleAll(),
      (error) => log.error('workspace', 'rescan failed', error),
    );
  });

  connection.onDidChangeWatchedFiles(async (params) => {
    try {
      for (const change of params.changes) {
        if (change.type === FileChangeType.Deleted) workspaceFiles?.removed(change.uri);
        else await workspaceFiles?.refresh(change.uri);
      }
      diagnostics?.scheduleAll();
      navigation?.refreshLenses();
    } catch (error) {
      log.error('workspace', 'file change handling failed', error);
    }
  });

  documents.onDidChangeContent((e) => {
    diagnostics?.schedule(e.document);
    // An overlay edited in the editor changes its definition's rendering: the open definition is
    // checked again at once (not only when the overlay is saved and the file watcher says so).
    const overlay = overlayOf(e.document.uri, folders);
    const definition = overlay && openDocumentAt(overlay.baseFile);
    if (definition) diagnostics?.schedule(definition);
  });
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    diagnostics?.closed(uri);
    settings.forget(uri);
    service?.forget(uri);
    // Back to what is on disk (or gone) for the workspace-wide rule.
    service?.workspace.remove(uri);
    void workspaceFiles?.refresh(uri).then(() => diagnostics?.scheduleAll());
  });

  documents.listen(connection);
  connection.listen();
}
