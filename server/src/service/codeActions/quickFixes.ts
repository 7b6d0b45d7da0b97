// Quick fixes as pure functions: (document, diagnostics, range) → CodeAction[] with
// WorkspaceEdits. Each fix reads what it needs from the diagnostic's `data` (pointer,
// suggestion, successor, missing member), and re-locates the member in the current text.

import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import { detectKind, type KindAssociations } from '../detection';
import type { SvcDocument } from '../document';
import { lastSegment, parentPointer, valueAtPointer, childPointer } from '../jsonPointer';
import type { SchemaWalker } from '../schemaWalker';
import type { SchemaNode } from '../schemaTypes';
import { schemaRegex } from '../schemaWalker';
import { jsonTypeOf } from '../schemaMatch';
import { instancePath } from '../validation/ajvErrors';
import { Codes } from '../validation/codes';
import { defaultServices } from '../validation/validate';
import { DIAGNOSTIC_SOURCE } from '../validation/toDiagnostics';
import type { SvcDiagnosticData } from '../validation/types';
import { durationSeconds, formatGoDuration, formatIsoDuration } from './durations';
import { insertMemberEdits, renameAndReplaceEdit, renameKeyEdit, replaceValueEdit } from './edits';

export interface QuickFixOptions {
  associations?: KindAssociations;
  walker?: SchemaWalker;
}

export function quickFixes(doc: SvcDocument, diagnostics: readonly Diagnostic[], range: Range, options: QuickFixOptions = {}): CodeAction[] {
  const actions: CodeAction[] = [];
  const relevant = diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && overlaps(d.range, range));
  if (relevant.length === 0 || doc.tooDeep) return actions;
  const kind = detectKind(doc.uri, doc.value, options.associations)?.kind;
  let walker: SchemaWalker | undefined = options.walker;
  const getWalker = (): SchemaWalker => (walker ??= defaultServices().walker);
  const seen = new Set<string>();
  for (const diagnostic of relevant) {
    const data = diagnostic.data as Partial<SvcDiagnosticData> | undefined;
    if (!data || typeof data.pointer !== 'string') continue;
    for (const action of fixesFor(doc, diagnostic, data as SvcDiagnosticData, kind, getWalker)) {
      if (seen.has(action.title)) continue;
      seen.add(action.title);
      actions.push(action);
    }
  }
  return actions;
}

function fixesFor(doc: SvcDocument, diagnostic: Diagnostic, data: SvcDiagnosticData, kind: DocumentKind | undefined, walker: () => SchemaWalker): CodeAction[] {
  const out: CodeAction[] = [];
  const name = lastSegment(data.pointer);
  const make = (title: string, edits: Array<TextEdit | undefined>, preferred = false): void => {
    const clean = edits.filter((e): e is TextEdit => e !== undefined);
    if (clean.length === 0) return;
    out.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: preferred || undefined, edit: { changes: { [doc.uri]: clean } } });
  };
  switch (diagnostic.code) {
    case Codes.unknownMember:
    case Codes.operationId:
    case Codes.securityScheme:
      if (data.suggestion) make(`Rename \`${name}\` to \`${data.suggestion}\``, [renameKeyEdit(doc, data.pointer, data.suggestion)], true);
      break;
    case Codes.deprecated:
      if (data.replacedBy) {
        const edit = replaceBySuccessor(doc, data.pointer, data.replacedBy, kind, walker);
        if (edit) make(`Replace \`${name}\` by \`${data.replacedBy}\``, [edit], true);
      }
      break;
    case Codes.required:
      if (data.missing !== undefined) {
        make(`Add missing member \`${data.missing}\``, insertMemberEdits(doc, data.pointer, data.missing, data.placeholder ?? ''));
      }
      break;
  }
  // Durations: `rateLimit.per` (and any member whose schema wants a duration) in the wrong form.
  if (kind && (diagnostic.code === Codes.nonSpecForm || isDurationMember(data.pointer))) {
    const fix = durationFix(doc, data.pointer, kind, walker());
    if (fix) make(fix.title, [fix.edit], true);
  }
  return out;
}

/** Renames a deprecated member to its successor, wrapping the value when the successor is a list. */
function replaceBySuccessor(doc: SvcDocument, pointer: string, successor: string, kind: DocumentKind | undefined, walker: () => SchemaWalker): TextEdit | undefined {
  const parent = valueAtPointer(doc.value, parentPointer(pointer));
  if (parent && typeof parent === 'object' && !Array.isArray(parent) && Object.prototype.hasOwnProperty.call(parent, successor)) return undefined;
  const value = valueAtPointer(doc.value, pointer);
  if (kind && value !== undefined && !Array.isArray(value)) {
    const nodes = schemasAt(walker(), kind, doc, childPointer(parentPointer(pointer), successor));
    const wantsArray = nodes.some((n) => n.schema.type === 'array' || (Array.isArray(n.schema.type) && n.schema.type[0] === 'array'));
    if (wantsArray) return renameAndReplaceEdit(doc, pointer, successor, [value]);
  }
  return renameKeyEdit(doc, pointer, successor);
}

function schemasAt(walker: SchemaWalker, kind: DocumentKind, doc: SvcDocument, pointer: string): SchemaNode[] {
  try {
    return walker.schemasAt(kind, instancePath(pointer, doc.value));
  } catch {
    return [];
  }
}

function isDurationMember(pointer: string): boolean {
  return /\/rateLimit\/per$/.test(pointer);
}

/**
 * Rewrites a duration in the form the schema asks for at that place: integer seconds, ISO
 * 8601 or Go style, whichever alternative is not marked as a non-spec form. Without a schema
 * opinion: streams use the gateway's Go form, OAS documents integer seconds.
 */
function durationFix(doc: SvcDocument, pointer: string, kind: DocumentKind, walker: SchemaWalker): { title: string; edit: TextEdit } | undefined {
  const value = valueAtPointer(doc.value, pointer);
  const seconds = durationSeconds(value);
  if (seconds === undefined) return undefined;
  const candidates: unknown[] = [seconds, formatIsoDuration(seconds), formatGoDuration(seconds)];
  const nodes = schemasAt(walker, kind, doc, pointer).filter((n) => n.schema.type !== undefined || n.schema.pattern !== undefined);
  const specNodes = nodes.filter((n) => n.schema['x-svc-nonSpecForm'] === undefined);
  let target = candidates.find((c) => c !== value && specNodes.some((n) => fits(n, c)));
  if (target === undefined && specNodes.length === 0) target = kind === 'streams' ? formatGoDuration(seconds) : seconds;
  if (target === undefined || target === value || (specNodes.some((n) => fits(n, value)) && !nodes.some((n) => n.schema['x-svc-nonSpecForm'] !== undefined && fits(n, value)))) return undefined;
  const edit = replaceValueEdit(doc, pointer, target);
  if (!edit) return undefined;
  const shown = typeof target === 'number' ? `${target} (seconds)` : JSON.stringify(target);
  return { title: `Convert \`${lastSegment(pointer)}\` to ${shown}`, edit };
}

function fits(node: SchemaNode, value: unknown): boolean {
  const { schema } = node;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const actual = jsonTypeOf(value);
  if (types.length && !types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) return false;
  if (typeof schema.pattern === 'string' && (typeof value !== 'string' || !schemaRegex(schema.pattern)?.test(value))) return false;
  if (typeof schema.minimum === 'number' && typeof value === 'number' && value < schema.minimum) return false;
  return true;
}

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}
