// Validation of what each environment gets: a definition `P` with an overlay
// `environments/E/P` (JSON Merge Patch) is sent to E rendered, so an overlay can break what the
// definition alone gets right (a removed required member, a wrong value). The gateway's refusals
// of each rendered document that the definition itself does not have are reported on the file the
// user is editing, naming the environment: on the definition at the member (or its nearest
// parent that exists there), and on the overlay at the member it sets. Pure: the overlays' text
// comes from the caller (the LSP glue reads them from disk).
import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentKind } from '../../../../common/src/kinds';
import { applyMergePatch } from '../../../../common/src/mergePatch';
import { refusalsOf, type Refusal } from '../../../../validation/src/refusals';
import { DIAGNOSTIC_SOURCE } from '../../../../validation/src/severity';
import { locatePointers } from '../parser/jsonLocator';

export const RENDERED_CODE = 'svc.rendered';

export interface EnvironmentOverlay {
  environment: string;
  /** The overlay's path relative to the root, for the message. */
  overlayPath: string;
  /** The overlay's JSON text (undefined: none for this environment). */
  overlayText: string;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
};

const key = (r: Refusal) => `${r.pointer}\u0000${r.message}`;

/** The refusals environment E's rendering has and the definition alone has not. */
function newRefusals(kind: DocumentKind, base: unknown, overlay: unknown): Refusal[] {
  const own = new Set(refusalsOf(kind, base).map(key));
  return refusalsOf(kind, applyMergePatch(base, overlay)).filter((r) => !own.has(key(r)));
}

/** The range of `pointer` in `document`, else of its nearest parent that is there, else the first character. */
function rangeOf(document: TextDocument, text: string, pointer: string) {
  const parents: string[] = [];
  for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) parents.push(p);
  const found = locatePointers(text, parents);
  for (const p of parents) {
    const at = found.get(p);
    if (at) {
      const start = at.keyOffset ?? at.valueOffset;
      const end = at.keyOffset !== undefined ? at.keyOffset + (at.keyLength ?? 0) : at.valueOffset + at.valueLength;
      return { start: document.positionAt(start), end: document.positionAt(end) };
    }
  }
  return { start: document.positionAt(0), end: document.positionAt(Math.min(1, text.length)) };
}

function diagnostic(document: TextDocument, r: Refusal, environment: string, where: string): Diagnostic {
  const text = document.getText();
  return {
    range: rangeOf(document, text, r.pointer),
    severity: DiagnosticSeverity.Error,
    source: DIAGNOSTIC_SOURCE,
    code: RENDERED_CODE,
    message: `In environment '${environment}' (${where}): ${r.message}`,
  };
}

/** Diagnostics for a definition: one per refusal of each environment's rendering that the definition alone does not have. */
export function definitionDiagnostics(document: TextDocument, kind: DocumentKind, overlays: readonly EnvironmentOverlay[]): Diagnostic[] {
  const base = parse(document.getText());
  if (base === undefined) return [];
  const out: Diagnostic[] = [];
  for (const o of overlays) {
    const overlay = parse(o.overlayText);
    if (overlay === undefined) continue; // the overlay's own syntax errors show in the overlay
    for (const r of newRefusals(kind, base, overlay)) out.push(diagnostic(document, r, o.environment, `rendered with ${o.overlayPath}`));
  }
  return out;
}

/** Diagnostics for an overlay: the refusals its environment's rendering has and the definition (`baseText`) has not. */
export function overlayDiagnostics(document: TextDocument, kind: DocumentKind, environment: string, definitionPath: string, baseText: string): Diagnostic[] {
  const base = parse(baseText);
  const overlay = parse(document.getText());
  if (base === undefined || overlay === undefined) return [];
  return newRefusals(kind, base, overlay).map((r) => diagnostic(document, r, environment, `${definitionPath} rendered with this overlay`));
}
