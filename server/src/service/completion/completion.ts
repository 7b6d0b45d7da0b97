// Completion: member names not yet present (inserted with a value of the right type), enum
// values with their descriptions, booleans, defaults, names the document defines elsewhere
// (operationIds, security schemes), and whole-document snippets in an empty file. Every item
// is a TextEdit over the text it replaces, so quotes typed so far are never doubled.

import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type CompletionItem,
  type CompletionList,
  type Position,
  type Range,
} from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { SvcDocument } from '../parser/document';
import { factsMarkdown, describeTypes, schemaFacts, showJson, type SchemaFacts } from '../schema/schemaFacts';
import type { SchemaWalker } from '../schema/schemaWalker';
import { completionContext, type PropertyContext, type TextSpan, type ValueContext } from './context';
import { documentSnippets } from './documentSnippets';
import { referenceMemberNames, referenceValues } from './references';
import { escapeSnippet, valueSnippet, wantsFollowUpSuggest } from './snippetText';
import { yamlCompletionContext } from '../yaml/yamlCompletionContext';
import { yamlFlowSnippet, yamlKey, yamlLiteral, yamlValueSnippet } from '../yaml/yamlText';
import { detectIndentation } from '../codeActions/edits';

const TRIGGER_SUGGEST = { title: 'Suggest', command: 'editor.action.triggerSuggest' };

export function complete(doc: SvcDocument, position: Position, kind: DocumentKind | undefined, walker: SchemaWalker): CompletionList {
  const text = doc.text;
  const offset = doc.textDocument.offsetAt(position);
  if (doc.isYaml) return { isIncomplete: false, items: yamlItems(doc, offset, kind, walker) };
  if (text.trim() === '') return { isIncomplete: false, items: emptyDocumentItems(doc) };
  // `{` or `{}` typed into an empty file: the kind is not known yet, the templates still fit.
  if (isEmptyRootObject(text, offset)) return { isIncomplete: false, items: emptyRootItems(doc, offset) };
  if (!kind || doc.tooDeep) return { isIncomplete: false, items: [] };
  const context = completionContext(text, doc.treeAt(offset), offset);
  if (!context) return { isIncomplete: false, items: [] };
  const items = context.type === 'property' ? memberItems(doc, context, kind, walker) : valueItems(doc, context, kind, walker);
  return { isIncomplete: false, items };
}

/** YAML: the same members and values, written as YAML (yaml/yamlText.ts); no JSON templates. */
function yamlItems(doc: SvcDocument, offset: number, kind: DocumentKind | undefined, walker: SchemaWalker): CompletionItem[] {
  if (!kind || doc.tooDeep) return [];
  const context = yamlCompletionContext(doc.text, doc.tree(), offset);
  if (!context) return [];
  if (context.type === 'value') return valueItems(doc, context, kind, walker);
  const members = memberItems(doc, context, kind, walker);
  // `- word` in a sequence of scalars: the item itself is the value being typed.
  if (members.length === 0 && typeof context.objectPath[context.objectPath.length - 1] === 'number') {
    return valueItems(doc, { type: 'value', path: context.objectPath, replace: context.replace }, kind, walker);
  }
  return members;
}

function rangeOf(doc: SvcDocument, span: TextSpan): Range {
  return doc.range(span.offset, span.length);
}

/** VS Code filters on the text from the range start to the cursor: include the quote when it is there. */
function filterTextFor(doc: SvcDocument, span: TextSpan, label: string): string {
  if (doc.isYaml) return label;
  return doc.text.charAt(span.offset) === '"' ? JSON.stringify(label) : label;
}

function memberItems(doc: SvcDocument, ctx: PropertyContext, kind: DocumentKind, walker: SchemaWalker): CompletionItem[] {
  const items: CompletionItem[] = [];
  const objectSchemas = walker.schemasAt(kind, ctx.objectPath, doc.value);
  const members = walker.members(objectSchemas);
  const range = rangeOf(doc, ctx.replace);
  const comma = ctx.addComma ? ',' : '';
  let order = 0;
  for (const name of members.properties.keys()) {
    order++;
    if (ctx.existing.has(name)) continue;
    const facts = schemaFacts(walker.child(objectSchemas, name));
    if (facts.doNotSuggest) continue;
    const value = doc.isYaml ? yamlValueSnippet(facts, detectIndentation(doc.text).tabSize) : valueSnippet(facts);
    const key = escapeSnippet(doc.isYaml ? yamlKey(name) : JSON.stringify(name));
    const item: CompletionItem = {
      label: name,
      kind: CompletionItemKind.Property,
      detail: describeTypes(facts.types),
      documentation: documentation(facts, name),
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: ctx.keyOnly ? key : doc.isYaml ? `${key}:${value}` : `${key}: ${value}${comma}` },
      filterText: filterTextFor(doc, ctx.replace, name),
      // Required members first, then schema order; deprecated ones last.
      sortText: `${facts.deprecation ? 2 : members.required.has(name) ? 0 : 1}${String(order).padStart(4, '0')}`,
    };
    if (facts.deprecation) item.tags = [CompletionItemTag.Deprecated];
    if (doc.isYaml && !ctx.keyOnly) item.insertTextMode = InsertTextMode.adjustIndentation;
    if (!ctx.keyOnly && wantsFollowUpSuggest(facts, value)) item.command = TRIGGER_SUGGEST;
    items.push(item);
  }
  for (const ref of referenceMemberNames(doc.value, ctx.objectPath)) {
    if (ctx.existing.has(ref.name) || items.some((i) => i.label === ref.name)) continue;
    const key = escapeSnippet(doc.isYaml ? yamlKey(ref.name) : JSON.stringify(ref.name));
    const refValue = doc.isYaml ? ' ' + yamlFlowSnippet(ref.valueSnippet) : ` ${ref.valueSnippet}${comma}`;
    items.push({
      label: ref.name,
      kind: CompletionItemKind.Reference,
      detail: ref.detail,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: ctx.keyOnly ? key : `${key}:${refValue}` },
      filterText: filterTextFor(doc, ctx.replace, ref.name),
      sortText: `0${ref.name}`,
    });
  }
  return items;
}

function valueItems(doc: SvcDocument, ctx: ValueContext, kind: DocumentKind, walker: SchemaWalker): CompletionItem[] {
  const facts = schemaFacts(walker.schemasAt(kind, ctx.path, doc.value));
  const range = rangeOf(doc, ctx.replace);
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (label: string, newText: string, item: Partial<CompletionItem>, snippet = false): void => {
    if (doc.isYaml && !snippet) newText = yamlLiteral(newText);
    if (seen.has(label)) return;
    seen.add(label);
    items.push({
      label,
      kind: CompletionItemKind.Value,
      insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      textEdit: { range, newText },
      // Values are inserted as JSON literals, so the literal (quotes included) is what is typed.
      filterText: label,
      ...item,
    });
  };
  let order = 0;
  const sort = () => String(order++).padStart(4, '0');
  for (const e of facts.enumValues) {
    const literal = JSON.stringify(e.value);
    add(literal, literal, {
      kind: CompletionItemKind.EnumMember,
      documentation: e.description ? { kind: MarkupKind.Markdown, value: e.description } : undefined,
      sortText: sort(),
    });
  }
  if (facts.enumValues.length === 0 && facts.types.includes('boolean')) {
    for (const b of ['true', 'false']) add(b, b, { sortText: sort() });
  }
  if (facts.hasDefault) {
    const literal = JSON.stringify(facts.defaultValue);
    add(literal, literal, { detail: 'default', sortText: sort() });
  }
  if (facts.types.includes('null') && facts.enumValues.length === 0) add('null', 'null', { sortText: sort() });
  for (const s of facts.snippets) {
    const body = s.bodyText ?? (s.body !== undefined ? escapeSnippet(JSON.stringify(s.body, null, '\t')) : undefined);
    if (body === undefined) continue;
    add(s.label ?? showJson(s.body), body, { kind: CompletionItemKind.Snippet, detail: s.description, sortText: sort() }, true);
  }
  if (facts.enumValues.length === 0) {
    if (facts.isObject) add('{}', '{$1}', { kind: CompletionItemKind.Module, sortText: sort() }, true);
    if (facts.isArray) add('[]', '[$1]', { kind: CompletionItemKind.Module, sortText: sort() }, true);
  }
  for (const ref of referenceValues(doc.value, ctx.path)) {
    const literal = JSON.stringify(ref.name);
    add(literal, literal, { kind: CompletionItemKind.Reference, detail: ref.detail, sortText: sort() });
  }
  return items;
}

function documentation(facts: SchemaFacts, name: string): { kind: 'markdown'; value: string } | undefined {
  const value = factsMarkdown(facts, { heading: name });
  return value ? { kind: MarkupKind.Markdown, value } : undefined;
}

/**
 * The whole document is `{`, `{}` or `{ }` (whitespace around) and the cursor is inside the braces: the
 * only place besides an empty file where a whole-document template makes sense (never in a nested object).
 */
function isEmptyRootObject(text: string, offset: number): boolean {
  const open = text.indexOf('{');
  if (open < 0 || text.slice(0, open).trim() !== '' || offset <= open) return false;
  const rest = text.slice(open + 1);
  const close = rest.indexOf('}');
  const inside = close < 0 ? rest : rest.slice(0, close);
  if (inside.trim() !== '') return false;
  if (close >= 0 && (rest.slice(close + 1).trim() !== '' || offset > open + 1 + close)) return false;
  return true;
}

/** In an empty file the kind is not known yet: one whole-document snippet per kind. */
function emptyDocumentItems(doc: SvcDocument): CompletionItem[] {
  const range = doc.range(0, doc.text.length);
  return documentSnippets().map((s, i) => ({
    label: s.name,
    kind: CompletionItemKind.Snippet,
    detail: s.prefix,
    documentation: s.description,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: s.body },
    filterText: s.prefix,
    sortText: String(i).padStart(2, '0'),
  }));
}

/**
 * Inside an empty root object the template replaces the braces. A completion's own range must stay on the
 * cursor's line, so the item inserts at the cursor and two additional edits remove the text before and after.
 */
function emptyRootItems(doc: SvcDocument, offset: number): CompletionItem[] {
  const at = doc.range(offset, 0);
  const removeBefore = { range: doc.range(0, offset), newText: '' };
  const removeAfter = { range: doc.range(offset, doc.text.length - offset), newText: '' };
  return emptyDocumentItems(doc).map((item) => ({
    ...item,
    textEdit: { range: at, newText: (item.textEdit as { newText: string }).newText },
    additionalTextEdits: [removeBefore, removeAfter].filter(
      (e) => e.range.start.line !== e.range.end.line || e.range.start.character !== e.range.end.character,
    ),
  }));
}
