// Quick fixes as pure functions: (document, diagnostics, range) → CodeAction[] with
// WorkspaceEdits. Each fix reads what it needs from the diagnostic's `data` (pointer,
// suggestion, successor, missing member), and re-locates the member in the current text.

import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import { detectKind, type KindAssociations } from '../../../../common/src/detection';
import type { SvcDocument } from '../parser/document';
import { lastSegment, parentPointer, valueAtPointer, childPointer } from '../parser/jsonPointer';
import type { SchemaWalker } from '../schema/schemaWalker';
import type { SchemaNode } from '../schema/schemaTypes';
import type { SchemaRegistry } from '../../schemas/registry';
import { markedBranches, takesSpecForm } from '../validation/alternatives';
import { instancePath } from '../validation/ajvErrors';
import { Codes } from '../validation/codes';
import { DIAGNOSTIC_SOURCE } from '../validation/toDiagnostics';
import type { SvcDiagnosticData } from '../validation/types';
import { durationSeconds, formatGoDuration, formatIsoDuration } from './durations';
import { listenPathFix, operationChoices } from './gatewayFixes';
import { yamlQuoteFixes } from './yamlFixes';
import { insertMemberEdits, insertMembersEdit, renameAndReplaceEdit, renameKeyEdit, replaceValueEdit } from './edits';

export interface QuickFixOptions {
  associations?: KindAssociations;
  walker: SchemaWalker;
  registry: SchemaRegistry;
}

export function quickFixes(doc: SvcDocument, diagnostics: readonly Diagnostic[], range: Range, options: QuickFixOptions): CodeAction[] {
  const actions: CodeAction[] = [];
  const relevant = diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && overlaps(d.range, range));
  if (relevant.length === 0 || doc.tooDeep) return actions;
  const kind = detectKind(doc.uri, doc.value, options.associations)?.kind;
  const services = (): { walker: SchemaWalker; registry: SchemaRegistry } => ({ walker: options.walker, registry: options.registry });
  const seen = new Set<string>();
  for (const diagnostic of relevant) {
    const data = diagnostic.data as Partial<SvcDiagnosticData> | undefined;
    if (!data || typeof data.pointer !== 'string') continue;
    for (const action of fixesFor(doc, diagnostic, data as SvcDiagnosticData, kind, services)) {
      if (seen.has(action.title)) continue;
      seen.add(action.title);
      actions.push(action);
    }
  }
  actions.push(...addAllMissing(doc, relevant));
  if (doc.isYaml) actions.push(...yamlQuoteFixes(doc, relevant));
  return actions;
}

/** One fix for an object missing several required members (each diagnostic offers its own too). */
function addAllMissing(doc: SvcDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const byObject = new Map<string, { diagnostics: Diagnostic[]; members: Map<string, unknown> }>();
  for (const diagnostic of diagnostics) {
    const data = diagnostic.data as Partial<SvcDiagnosticData> | undefined;
    if (diagnostic.code !== Codes.required || typeof data?.pointer !== 'string' || data.missing === undefined) continue;
    let group = byObject.get(data.pointer);
    if (!group) byObject.set(data.pointer, (group = { diagnostics: [], members: new Map() }));
    group.diagnostics.push(diagnostic);
    if (!group.members.has(data.missing)) group.members.set(data.missing, data.placeholder ?? '');
  }
  const actions: CodeAction[] = [];
  for (const [pointer, group] of byObject) {
    if (group.members.size < 2) continue;
    const edit = insertMembersEdit(doc, pointer, [...group.members]);
    if (!edit) continue;
    const names = [...group.members.keys()].map((n) => `\`${n}\``).join(', ');
    actions.push({
      title: `Add all missing members (${names})`,
      kind: CodeActionKind.QuickFix,
      diagnostics: group.diagnostics,
      edit: { changes: { [doc.uri]: [edit] } },
    });
  }
  return actions;
}

function fixesFor(
  doc: SvcDocument,
  diagnostic: Diagnostic,
  data: SvcDiagnosticData,
  kind: DocumentKind | undefined,
  services: () => { walker: SchemaWalker; registry: SchemaRegistry },
): CodeAction[] {
  const walker = (): SchemaWalker => services().walker;
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
      else if (diagnostic.code === Codes.operationId) for (const fix of operationChoices(doc, data.pointer)) make(fix.title, [fix.edit]);
      break;
    case Codes.listenPath: {
      const fix = listenPathFix(doc, data.pointer);
      if (fix) make(fix.title, [fix.edit], fix.preferred);
      break;
    }
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
    const fix = durationFix(doc, data.pointer, kind, services());
    if (fix) make(fix.title, [fix.edit], true);
  }
  return out;
}

/** Renames a deprecated member to its successor, wrapping the value when the successor is a list. */
function replaceBySuccessor(
  doc: SvcDocument,
  pointer: string,
  successor: string,
  kind: DocumentKind | undefined,
  walker: () => SchemaWalker,
): TextEdit | undefined {
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
 * opinion: the spec's forms (streams: ISO 8601, OAS: integer seconds).
 */
function durationFix(
  doc: SvcDocument,
  pointer: string,
  kind: DocumentKind,
  services: { walker: SchemaWalker; registry: SchemaRegistry },
): { title: string; edit: TextEdit } | undefined {
  const value = valueAtPointer(doc.value, pointer);
  const seconds = durationSeconds(value);
  if (seconds === undefined) return undefined;
  const branches = markedBranches(services.registry, schemasAt(services.walker, kind, doc, pointer));
  let target: unknown;
  if (branches.length > 0) {
    if (takesSpecForm(branches, value)) return undefined;
    target = [seconds, formatIsoDuration(seconds), formatGoDuration(seconds)].find((c) => takesSpecForm(branches, c));
  } else {
    target = kind === 'streams' || kind === 'streams-template' ? formatIsoDuration(seconds) : seconds;
    if (target === value) return undefined;
  }
  if (target === undefined) return undefined;
  const edit = replaceValueEdit(doc, pointer, target);
  if (!edit) return undefined;
  const shown = typeof target === 'number' ? `${target} (seconds)` : JSON.stringify(target);
  return { title: `Convert \`${lastSegment(pointer)}\` to ${shown}`, edit };
}

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}
