// Navigation handlers: definition, references, rename, code lenses, workspace symbols and
// document links, each translating to one language-service call inside `runSafe`. The active
// environment (name, gateway URL, the ids its tree loaded) arrives by notification: the URL is
// kept here, the ids go to the index for the link diagnostics.

import { ResponseError, ErrorCodes, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Location, Position } from 'vscode-languageserver-types';
import { ActiveEnvironmentNotification, type ActiveEnvironmentParams } from '../../../common/src/protocol';
import type { LanguageService } from '../service/languageService';
import type { Logger } from './logger';
import { runSafe } from './runner';
import type { SettingsCache } from './settings';

export const NAVIGATION_CAPABILITIES = {
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  codeLensProvider: { resolveProvider: false },
  workspaceSymbolProvider: true,
  documentLinkProvider: { resolveProvider: false },
};

export interface NavigationDeps {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  service: LanguageService;
  settings: SettingsCache;
  log: Logger;
  /** Whether the client can refresh code lenses on request (workspace/codeLens/refresh). */
  canRefreshLenses: () => boolean;
  /** Called when the active environment changed what diagnostics say. */
  revalidate: () => void;
  /** An overlay's member → the definition member it changes; undefined for other documents. */
  overlayDefinition?: (document: TextDocument, position: Position) => Location[] | undefined;
}

export interface Navigation {
  /** Asks the client to fetch code lenses again (the index changed), at most every 300 ms. */
  refreshLenses(): void;
}

export function registerNavigation({
  connection,
  documents,
  service,
  settings,
  log,
  canRefreshLenses,
  revalidate,
  overlayDefinition,
}: NavigationDeps): Navigation {
  let gatewayUrl: string | undefined;

  const withDocument =
    <T>(uri: string, fallback: T, work: (document: TextDocument, s: Awaited<ReturnType<SettingsCache['get']>>) => T) =>
    async () => {
      const document = documents.get(uri);
      return document ? work(document, await settings.get(uri)) : fallback;
    };

  connection.onDefinition((params, token) =>
    runSafe(
      log,
      'definition',
      token,
      [],
      withDocument(params.textDocument.uri, [] as Location[], (d, s) => overlayDefinition?.(d, params.position) ?? service.definition(d, params.position, s)),
    ),
  );
  connection.onReferences((params, token) =>
    runSafe(
      log,
      'references',
      token,
      [],
      withDocument(params.textDocument.uri, [], (d, s) => service.references(d, params.position, params.context.includeDeclaration, s)),
    ),
  );
  connection.onPrepareRename((params, token) =>
    runSafe(log, 'rename', token, null, async () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return null;
      const check = service.prepareRename(document, params.position, await settings.get(document.uri));
      if ('error' in check) return new ResponseError(ErrorCodes.InvalidRequest, check.error);
      return check;
    }),
  );
  connection.onRenameRequest((params, token) =>
    runSafe(log, 'rename', token, null, async () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return null;
      const result = service.rename(document, params.position, params.newName, await settings.get(document.uri));
      // The message reaches the user as VS Code's rename error.
      return 'error' in result ? new ResponseError(ErrorCodes.InvalidRequest, result.error) : result.edit;
    }),
  );
  connection.onCodeLens((params, token) =>
    runSafe(
      log,
      'codeLens',
      token,
      [],
      withDocument(params.textDocument.uri, [], (d, s) => service.codeLenses(d, s)),
    ),
  );
  connection.onWorkspaceSymbol((params, token) => runSafe(log, 'workspaceSymbols', token, [], () => service.workspaceSymbols(params.query)));
  connection.onDocumentLinks((params, token) =>
    runSafe(
      log,
      'links',
      token,
      [],
      withDocument(params.textDocument.uri, [], (d, s) => service.documentLinks(d, gatewayUrl, s)),
    ),
  );

  connection.onNotification(ActiveEnvironmentNotification, (params: ActiveEnvironmentParams | null) => {
    try {
      const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
      gatewayUrl = text(params?.gatewayUrl);
      const ids = (list: unknown) => (Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : undefined);
      const environment = text(params?.environment);
      const api = ids(params?.apiIds);
      const policy = ids(params?.policyIds);
      const active = environment !== undefined || gatewayUrl !== undefined || api !== undefined || policy !== undefined;
      service.workspace.setRemoteNames(
        active ? { environment, names: { ...(api && { api }), ...(policy && { policy }) }, partial: params?.apiIdsPartial === true ? ['api'] : [] } : undefined,
      );
      revalidate();
    } catch (error) {
      log.error('navigation', 'bad active environment notification', error);
    }
  });

  let timer: NodeJS.Timeout | undefined;
  return {
    refreshLenses() {
      if (!canRefreshLenses() || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        connection.sendRequest('workspace/codeLens/refresh').catch((error) => log.error('codeLens', 'refresh failed', error));
      }, 300);
    },
  };
}
