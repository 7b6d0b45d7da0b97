// LSP glue of the per-environment validation (service/environments/renderedDiagnostics.ts): finds
// the overlays `environments/<E>/<P>` of a definition, or the definition of an overlay, on disk
// under the workspace folder that holds the document, and hands their text to the service.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { detectKind } from '../../../common/src/detection';
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

export function environmentDiagnostics(document: TextDocument, kind: DocumentKind | undefined, folders: readonly string[]): Diagnostic[] {
  if (!document.uri.startsWith('file:')) return [];
  const file = fileURLToPath(document.uri);
  const root = rootOf(file, folders);
  if (!root) return [];
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === ENVIRONMENTS_DIR && parts.length > 2) {
    // An overlay: validate its environment's rendering of the definition it changes.
    const definitionPath = parts.slice(2).join('/');
    const baseFile = path.join(root, ...parts.slice(2));
    const baseText = readText(baseFile);
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
    const overlayText = readText(path.join(root, ENVIRONMENTS_DIR, env.name, ...parts));
    if (overlayText !== undefined) overlays.push({ environment: env.name, overlayPath: `${ENVIRONMENTS_DIR}/${env.name}/${rel}`, overlayText });
  }
  return overlays.length ? definitionDiagnostics(document, kind, overlays) : [];
}
