// Push diagnostics: validation debounced per document (typing does not validate every
// keystroke), results dropped when the document moved on meanwhile, diagnostics cleared on
// close. After each validation the detected kind goes to the client (status bar item) and a
// user's file goes to the workspace index; when its listen paths or defined names change, the
// other open documents are revalidated so the duplicate-listen-path and link warnings appear and
// disappear on both sides.

import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '../../../common/src/kinds';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DocumentKindNotification, type DocumentKindParams } from '../../../common/src/protocol';
import type { LanguageService } from '../service/languageService';
import type { Logger } from './logger';
import type { SettingsCache } from './settings';

export const VALIDATION_DELAY_MS = 200;

export class DiagnosticsScheduler {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly sentKinds = new Map<string, string>();
  private readonly signatures = new Map<string, string>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly service: LanguageService,
    private readonly settings: SettingsCache,
    private readonly log: Logger,
    private readonly delayMs = VALIDATION_DELAY_MS,
    private readonly isUserFile: (uri: string) => Promise<boolean> = (uri) => Promise.resolve(uri.startsWith('file:')),
    /** Called when a document's names changed what other files show (code lenses). */
    private readonly onIndexChanged: () => void = () => undefined,
    /** More diagnostics for a document of a kind (the per-environment ones: environmentOverlays.ts). */
    private readonly extra: (document: TextDocument, kind: DocumentKind | undefined) => Diagnostic[] = () => [],
  ) {}

  /** Validates `document` after the debounce delay (a newer request for it replaces this one). */
  schedule(document: TextDocument, delayMs = this.delayMs): void {
    this.cancel(document.uri);
    const version = document.version;
    const timer = setTimeout(() => {
      this.pending.delete(document.uri);
      void this.run(document.uri, version);
    }, delayMs);
    this.pending.set(document.uri, timer);
  }

  /** Every open document again (settings changed, a workspace file changed). */
  scheduleAll(except?: string): void {
    for (const document of this.documents.all()) if (document.uri !== except) this.schedule(document);
  }

  cancel(uri: string): void {
    const timer = this.pending.get(uri);
    if (timer) clearTimeout(timer);
    this.pending.delete(uri);
  }

  /** A closed document: no pending work, no diagnostics left behind, no status bar entry. */
  closed(uri: string): void {
    this.cancel(uri);
    this.sentKinds.delete(uri);
    this.signatures.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private async run(uri: string, version: number): Promise<void> {
    const current = this.documents.get(uri);
    if (!current || current.version !== version) return; // closed or changed: a newer run is due
    try {
      const settings = await this.settings.get(uri);
      const latest = this.documents.get(uri);
      if (!latest || latest.version !== version) return;
      const detection = this.service.detectKind(latest, settings.associations);
      await this.updateWorkspaceIndex(latest, detection?.kind);
      if (this.documents.get(uri)?.version !== version) return;
      const diagnostics = [...this.service.validate(latest, settings), ...this.extraFor(latest, detection?.kind)];
      // Validation is synchronous today; the check keeps it right if it ever yields.
      if (this.documents.get(uri)?.version !== version) return;
      void this.connection.sendDiagnostics({ uri, version, diagnostics });
      this.notifyKind({
        uri,
        kind: detection?.kind,
        label: detection ? DOCUMENT_KIND_LABELS[detection.kind] : undefined,
        source: detection?.source,
      });
    } catch (error) {
      this.log.error('diagnostics', `validation of ${uri} failed`, error);
    }
  }

  private async updateWorkspaceIndex(document: TextDocument, kind: Parameters<LanguageService['workspace']['update']>[1]): Promise<void> {
    const index = this.service.workspace;
    // Only the user's own files count (not `.svc/` copies, remote, diff or untitled views).
    const mine = await this.isUserFile(document.uri);
    if (this.documents.get(document.uri)?.version !== document.version) return; // closed or changed meanwhile
    if (mine) index.update(this.service.parse(document), kind);
    else index.remove(document.uri);
    const signature = index.signature(document.uri);
    if ((this.signatures.get(document.uri) ?? '') !== signature) {
      this.signatures.set(document.uri, signature);
      this.scheduleAll(document.uri);
      this.onIndexChanged();
    }
  }

  private extraFor(document: TextDocument, kind: DocumentKind | undefined): Diagnostic[] {
    try {
      return this.extra(document, kind);
    } catch (error) {
      this.log.error('diagnostics', `per-environment validation of ${document.uri} failed`, error);
      return [];
    }
  }

  private notifyKind(params: DocumentKindParams): void {
    const key = `${params.kind}|${params.source}`;
    if (this.sentKinds.get(params.uri) === key) return;
    this.sentKinds.set(params.uri, key);
    void this.connection.sendNotification(DocumentKindNotification, params);
  }
}
