// Request handlers: each translates LSP params to a language-service call and back, inside
// `runSafe` (catch, log with the area, cancellation, safe default). No logic lives here.

import { CodeActionKind, type CancellationToken, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../service/languageService';
import { DocumentTooLargeToFormat } from '../service/format/format';
import type { FormattingOptions, Range } from 'vscode-languageserver-types';
import type { Logger } from './logger';
import { runSafe } from './runner';
import type { SettingsCache } from './settings';
import type { SvcInitializationOptions } from '../../../common/src/protocol';
import { DEFAULT_VALIDATION_SETTINGS } from '../service/validation/types';

export interface FeatureDeps {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  service: LanguageService;
  settings: SettingsCache;
  log: Logger;
  /** The client's folding range limit (from its capabilities). */
  foldingRangeLimit: () => number | undefined;
}

/** Server capabilities for the features registered below. */
export const FEATURE_CAPABILITIES = {
  // `{` too: typed into an empty file it offers the whole-document templates without Ctrl+Space.
  completionProvider: { triggerCharacters: ['"', ':', ' ', '{'], resolveProvider: false },
  hoverProvider: true,
  documentSymbolProvider: { label: 'Svc' },
  documentFormattingProvider: true,
  documentRangeFormattingProvider: true,
  foldingRangeProvider: true,
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
};

/**
 * The capabilities for this client: without the outline when the editor's JSON language
 * features give json/jsonc documents theirs (two providers would show every symbol twice).
 */
export function featureCapabilities(options: SvcInitializationOptions | undefined): Partial<typeof FEATURE_CAPABILITIES> {
  if (options?.editorProvidesJsonOutline !== true) return FEATURE_CAPABILITIES;
  const { documentSymbolProvider: _theEditorsOutline, ...rest } = FEATURE_CAPABILITIES;
  return rest;
}

export function registerFeatures({ connection, documents, service, settings, log, foldingRangeLimit }: FeatureDeps): void {
  connection.onCompletion((params, token) =>
    runSafe(log, 'completion', token, null, async () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return null;
      return service.complete(document, params.position, await settings.get(document.uri));
    }),
  );

  connection.onHover((params, token) =>
    runSafe(log, 'hover', token, null, async () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return null;
      return service.hover(document, params.position, await settings.get(document.uri));
    }),
  );

  connection.onDocumentSymbol((params, token) =>
    runSafe(log, 'symbols', token, [], async () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      return service.documentSymbols(document, await settings.get(document.uri));
    }),
  );

  /** Formatting stops at the validation size limit, and says so (a format that does nothing would puzzle). */
  const formatBounded = async (document: TextDocument | undefined, token: CancellationToken, options: FormattingOptions, range?: Range) => {
    if (!document) return [];
    const { maxValidatedSize } = await settings.get(document.uri);
    try {
      // Large documents are formatted in a worker: other documents' requests are answered meanwhile.
      return await service.formatInBackground(document, options, range, maxValidatedSize ?? DEFAULT_VALIDATION_SETTINGS.maxValidatedSize, token);
    } catch (error) {
      if (!(error instanceof DocumentTooLargeToFormat)) throw error;
      void connection.window.showInformationMessage(error.message);
      return [];
    }
  };

  connection.onDocumentFormatting((params, token) =>
    runSafe(log, 'format', token, [], () => formatBounded(documents.get(params.textDocument.uri), token, params.options)),
  );

  connection.onDocumentRangeFormatting((params, token) =>
    runSafe(log, 'format', token, [], () => formatBounded(documents.get(params.textDocument.uri), token, params.options, params.range)),
  );

  connection.onFoldingRanges((params, token) =>
    runSafe(log, 'folding', token, [], () => {
      const document = documents.get(params.textDocument.uri);
      return document ? service.foldingRanges(document, foldingRangeLimit()) : [];
    }),
  );

  connection.onCodeAction((params, token) =>
    runSafe(log, 'codeActions', token, [], async () => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      return service.codeActions(document, params.context.diagnostics, params.range, await settings.get(document.uri));
    }),
  );
}
