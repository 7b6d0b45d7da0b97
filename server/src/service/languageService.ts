// The language service facade: one object binding every feature to one parse cache, one
// schema registry and one walker. The LSP layer, svc-lint, the benchmark and the tests all
// call this; nothing here knows about a connection. Each method takes a TextDocument and
// returns plain LSP types.

import type {
  CodeAction,
  CodeLens,
  DocumentLink,
  Location,
  SymbolInformation,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  FormattingOptions,
  Hover,
  Position,
  Range,
  TextEdit,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getSchemaRegistry, type SchemaRegistry } from '../schemas/registry';
import { quickFixes } from './codeActions/index';
import { complete } from './completion/completion';
import { detectKind, kindFromAssociations, YAML_KINDS, type Detection, type KindAssociations } from '../../../common/src/detection';
import { mayBeOurYaml } from './yaml/yamlParse';
import { DocumentCache, type SvcDocument } from './parser/document';
import { foldingRanges } from './folding/folding';
import { yamlFoldingRanges } from './yaml/yamlFolding';
import { unreadableYamlDiagnostics } from './yaml/yamlDiagnostics';
import { format } from './format/format';
import { formatInBackground, type Cancellation } from './format/backgroundFormat';
import { hover } from './hover/hover';
import { createSchemaWalker, type SchemaWalker } from './schema/schemaWalker';
import { documentSymbols } from './symbols/symbols';
import { validateAs, DEFAULT_VALIDATION_SETTINGS, type ValidationSettings } from './validation/index';
import { WorkspaceModel } from './index/workspaceModel';
import { definition, prepareRename, references, rename, type RenameCheck, type RenameResult } from './navigation/navigation';
import { codeLenses } from './navigation/lenses';
import { linkFixes } from './navigation/linkFixes';
import { documentLinks } from './navigation/links';
import { workspaceSymbols } from './navigation/workspaceSymbols';
import { accessHover, accessLenses } from './access/access';

export interface LanguageServiceOptions {
  registry?: SchemaRegistry;
  /** Listen paths of the workspace for the duplicate rule (the LSP layer feeds it). */
  workspace?: WorkspaceModel;
}

/** Per-document settings: `svc.validation.enable`, `svc.validation.maxFileSize`, `svc.files.associations`. */
export type DocumentSettings = Partial<ValidationSettings>;

export interface LanguageService {
  readonly registry: SchemaRegistry;
  readonly walker: SchemaWalker;
  readonly workspace: WorkspaceModel;
  /** The parsed document of this version (cached by uri+version). */
  parse(document: TextDocument): SvcDocument;
  detectKind(document: TextDocument, associations?: KindAssociations): Detection | undefined;
  validate(document: TextDocument, settings?: DocumentSettings): Diagnostic[];
  complete(document: TextDocument, position: Position, settings?: DocumentSettings): CompletionList;
  hover(document: TextDocument, position: Position, settings?: DocumentSettings): Hover | null;
  documentSymbols(document: TextDocument, settings?: DocumentSettings): DocumentSymbol[];
  /** Throws DocumentTooLargeToFormat above `maxSize` characters (the validation size limit). */
  format(document: TextDocument, options: FormattingOptions, range?: Range, maxSize?: number): TextEdit[];
  /** `format` off the thread for large documents (a worker), cancellable; resolves [] when cancelled. */
  formatInBackground(document: TextDocument, options: FormattingOptions, range: Range | undefined, maxSize: number, token?: Cancellation): Promise<TextEdit[]>;
  foldingRanges(document: TextDocument, limit?: number): FoldingRange[];
  codeActions(document: TextDocument, diagnostics: readonly Diagnostic[], range: Range, settings?: DocumentSettings): CodeAction[];
  /** Navigation over the workspace index (server/src/service/navigation). */
  definition(document: TextDocument, position: Position, settings?: DocumentSettings): Location[];
  references(document: TextDocument, position: Position, includeDeclaration: boolean, settings?: DocumentSettings): Location[];
  prepareRename(document: TextDocument, position: Position, settings?: DocumentSettings): RenameCheck;
  rename(document: TextDocument, position: Position, newName: string, settings?: DocumentSettings): RenameResult;
  codeLenses(document: TextDocument, settings?: DocumentSettings): CodeLens[];
  workspaceSymbols(query: string): SymbolInformation[];
  /** `gatewayUrl`: the active environment's gateway, for listen-path links. */
  documentLinks(document: TextDocument, gatewayUrl?: string, settings?: DocumentSettings): DocumentLink[];
  /** Drops what is cached for a closed document. */
  forget(uri: string): void;
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const registry = options.registry ?? getSchemaRegistry();
  const walker = createSchemaWalker(registry);
  const workspace = options.workspace ?? new WorkspaceModel();
  const cache = new DocumentCache();
  // Detection reads the whole value: remember it per parsed version and associations setting.
  const detections = new WeakMap<SvcDocument, { associations: KindAssociations; detection: Detection | undefined }>();

  const detect = (doc: SvcDocument, associations: KindAssociations): Detection | undefined => {
    const known = detections.get(doc);
    if (known && known.associations === associations) return known.detection;
    // Someone else's YAML file (CI, compose…) is not even parsed, unless an association names it.
    if (doc.isYaml && !mayBeOurYaml(doc.text) && !kindFromAssociations(doc.uri, associations)) {
      detections.set(doc, { associations, detection: undefined });
      return undefined;
    }
    let detection = doc.tooDeep ? undefined : detectKind(doc.uri, doc.value, associations);
    // An untitled YAML document has no file name to tell: its language does (see detectKind).
    if (detection && doc.isYaml && !YAML_KINDS.has(detection.kind)) detection = undefined;
    detections.set(doc, { associations, detection });
    return detection;
  };
  const kindOf = (document: TextDocument, settings?: DocumentSettings) => detect(cache.get(document), settings?.associations)?.kind;

  return {
    registry,
    walker,
    workspace,
    parse: (document) => cache.get(document),
    detectKind: (document, associations) => detect(cache.get(document), associations),
    validate(document, settings = {}) {
      // The detection cached for this version and setting (the LSP layer asked for it already).
      const options = { ...DEFAULT_VALIDATION_SETTINGS, ...settings };
      const doc = cache.get(document);
      const detection = options.validationEnabled ? detect(doc, options.associations) : undefined;
      if (detection) return validateAs(doc, detection, options, { registry, walker, workspace });
      // A YAML document naming our extensions that cannot be read far enough to tell its kind
      // (broken, or aliases past the limit): its YAML errors, so the user learns why.
      return options.validationEnabled && doc.isYaml && /x-svc-(api-gateway|streaming)/.test(doc.text) ? unreadableYamlDiagnostics(doc) : [];
    },
    complete: (document, position, settings) => complete(cache.get(document), position, kindOf(document, settings), walker),
    hover: (document, position, settings) => {
      const kind = kindOf(document, settings);
      return accessHover(cache.get(document), position, kind, workspace) ?? hover(cache.get(document), position, kind, walker);
    },
    documentSymbols: (document, settings) => documentSymbols(cache.get(document), kindOf(document, settings)),
    // YAML formatting is the YAML extension's (docs/yaml.md); our JSON formatter would rewrite it.
    format: (document, formatting, range, maxSize) => (cache.get(document).isYaml ? [] : format(cache.get(document), formatting, range, maxSize)),
    formatInBackground: (document, formatting, range, maxSize, token) =>
      cache.get(document).isYaml ? Promise.resolve([]) : formatInBackground(cache.get(document), formatting, range, maxSize, token),
    foldingRanges: (document, limit) => {
      const doc = cache.get(document);
      return doc.isYaml ? yamlFoldingRanges(doc, limit ?? 5000) : foldingRanges(doc, limit);
    },
    codeActions: (document, diagnostics, range, settings) => [
      ...quickFixes(cache.get(document), diagnostics, range, { associations: settings?.associations, walker, registry }),
      ...linkFixes(cache.get(document), diagnostics, range),
    ],
    definition: (document, position, settings) => definition(cache.get(document), kindOf(document, settings), position, workspace),
    references: (document, position, includeDeclaration, settings) =>
      references(cache.get(document), kindOf(document, settings), position, includeDeclaration, workspace),
    prepareRename: (document, position, settings) => prepareRename(cache.get(document), kindOf(document, settings), position),
    rename: (document, position, newName, settings) => rename(cache.get(document), kindOf(document, settings), position, newName, workspace),
    codeLenses: (document, settings) => {
      const kind = kindOf(document, settings);
      return [...accessLenses(cache.get(document), kind, workspace), ...codeLenses(cache.get(document), kind, workspace)];
    },
    workspaceSymbols: (query) => workspaceSymbols(query, workspace),
    documentLinks: (document, gatewayUrl, settings) => documentLinks(cache.get(document), kindOf(document, settings), gatewayUrl),
    forget: (uri) => cache.delete(uri),
  };
}
