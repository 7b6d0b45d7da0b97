// LSP glue of environments (docs/language-server.md, "Per environment"): finds the overlays
// `environments/<E>/<P>` of a definition, or the definition of an overlay, on disk under the
// workspace folder that holds the document: the rendered documents' diagnostics (the check is
// service/environments/renderedDiagnostics.ts), an overlay read by its definition's schema, and
// go-to-definition from an overlay member to the definition member it changes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getLocation } from 'jsonc-parser';
import type { Diagnostic, Location, Position } from 'vscode-languageserver-types';
import { TextDocument as TextDocumentImpl, type TextDocument } from 'vscode-languageserver-textdocument';
import { detectKind, pathOfUri } from '../../../common/src/detection';
import type { DocumentSettings } from '../service/languageService';
import { locatePointers } from '../service/parser/jsonLocator';
import type { DocumentKind } from '../../../common/src/kinds';
import { definitionDiagnostics, overlayDiagnostics, type EnvironmentOverlay } from '../service/environments/renderedDiagnostics';

const ENVIRONMENTS_DIR = 'environments';
const readText = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The workspace folder (file system path) holding `file`, the innermost one. */
function rootOf(file: string, folders: readonly string[]): string | undefined {
  return folders
    .filter((f) => f.startsWith('file:'))
    .map((f) => fileURLToPath(f))
    .filter((root) => {
      const rel = path.relative(root, file);
      return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
    })
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The per-environment diagnostics of a definition or an overlay. `openText` gives the text of a
 * file open in the editor (unsaved edits of an overlay count at once); others are read from disk.
 */
export function environmentDiagnostics(
  document: TextDocument,
  kind: DocumentKind | undefined,
  folders: readonly string[],
  openText: (file: string) => string | undefined = () => undefined,
): Diagnostic[] {
  if (!document.uri.startsWith('file:')) return [];
  const file = fileURLToPath(document.uri);
  const root = rootOf(file, folders);
  if (!root) return [];
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === ENVIRONMENTS_DIR && parts.length > 2) {
    // An overlay: validate its environment's rendering of the definition it changes.
    const definitionPath = parts.slice(2).join('/');
    const baseFile = path.join(root, ...parts.slice(2));
    const baseText = openText(baseFile) ?? readText(baseFile);
    if (baseText === undefined) return [];
    let base: unknown;
    try {
      base = JSON.parse(baseText.replace(/^\uFEFF/, ''));
    } catch {
      return [];
    }
    const baseKind = detectKind(pathToFileURL(baseFile).toString(), base)?.kind;
    return baseKind ? overlayDiagnostics(document, baseKind, parts[1], definitionPath, baseText) : [];
  }
  if (!kind) return [];
  const rel = parts.join('/');
  const overlays: EnvironmentOverlay[] = [];
  let environments: fs.Dirent[];
  try {
    environments = fs.readdirSync(path.join(root, ENVIRONMENTS_DIR), { withFileTypes: true }).filter((e) => e.isDirectory());
  } catch {
    return []; // no environments/ folder: nothing per environment
  }
  for (const env of environments) {
    const overlayFile = path.join(root, ENVIRONMENTS_DIR, env.name, ...parts);
    const overlayText = openText(overlayFile) ?? readText(overlayFile);
    if (overlayText !== undefined) overlays.push({ environment: env.name, overlayPath: `${ENVIRONMENTS_DIR}/${env.name}/${rel}`, overlayText });
  }
  return overlays.length ? definitionDiagnostics(document, kind, overlays) : [];
}

/** The open document of a file system path, if the editor has it open. */
export function openDocumentAtPath(open: readonly TextDocument[], file: string): TextDocument | undefined {
  return open.find((d) => d.uri.startsWith('file:') && fileURLToPath(d.uri) === file);
}

/** An overlay `environments/<E>/<P>` of a workspace folder: its environment and the definition it changes. */
export function overlayOf(uri: string, folders: readonly string[]): { environment: string; definitionPath: string; baseFile: string } | undefined {
  if (!uri.startsWith('file:')) return undefined;
  const file = fileURLToPath(uri);
  const root = rootOf(file, folders);
  if (!root) return undefined;
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] !== ENVIRONMENTS_DIR || parts.length < 3) return undefined;
  return { environment: parts[1], definitionPath: parts.slice(2).join('/'), baseFile: path.join(root, ...parts.slice(2)) };
}

/**
 * An overlay is read by its definition's schema (completion, hover, symbols), as a partial
 * document: its kind is the definition's (an association for this one file) and it is not
 * validated as a whole document (its environment's rendering is: environmentDiagnostics).
 */
export function overlaySettings(uri: string, settings: DocumentSettings, folders: readonly string[]): DocumentSettings {
  const overlay = overlayOf(uri, folders);
  if (!overlay) return settings;
  const baseText = readText(overlay.baseFile);
  if (baseText === undefined) return settings;
  let base: unknown;
  try {
    base = JSON.parse(baseText.replace(/^\uFEFF/, ''));
  } catch {
    return settings;
  }
  const kind = detectKind(pathToFileURL(overlay.baseFile).toString(), base, settings.associations)?.kind;
  const own = pathOfUri(uri);
  // The association is a glob: a path with glob characters cannot be named exactly.
  if (!kind || /[*?{}[\],]/.test(own)) return settings;
  return { ...settings, associations: { [own]: kind, ...settings.associations }, validationEnabled: false };
}

/** From an overlay's member to the member of the definition it changes (or its nearest parent there). */
export function overlayDefinition(document: TextDocument, position: Position, folders: readonly string[]): Location[] | undefined {
  const overlay = overlayOf(document.uri, folders);
  if (!overlay) return undefined;
  const baseText = readText(overlay.baseFile);
  if (baseText === undefined) return [];
  const at = getLocation(document.getText(), document.offsetAt(position));
  if (at.path.length === 0) return [];
  const segments = at.isAtPropertyKey || typeof at.path[at.path.length - 1] === 'string' ? at.path : at.path.slice(0, -1);
  const pointers: string[] = [];
  for (let n = segments.length; n > 0; n--)
    pointers.push(
      `/${segments
        .slice(0, n)
        .map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1'))
        .join('/')}`,
    );
  const found = locatePointers(baseText, pointers);
  const baseDocument = TextDocumentImpl.create(pathToFileURL(overlay.baseFile).toString(), 'json', 0, baseText);
  for (const pointer of pointers) {
    const loc = found.get(pointer);
    if (!loc) continue;
    const start = loc.keyOffset ?? loc.valueOffset;
    const end = loc.keyOffset !== undefined ? loc.keyOffset + (loc.keyLength ?? 0) : loc.valueOffset + loc.valueLength;
    return [{ uri: baseDocument.uri, range: { start: baseDocument.positionAt(start), end: baseDocument.positionAt(end) } }];
  }
  return [{ uri: baseDocument.uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }];
}
