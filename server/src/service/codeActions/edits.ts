// Text edits the quick fixes are made of: rename a member's key, replace a value, insert a
// member into an object (jsonc-parser's `modify` keeps commas and indentation right).

import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import type { TextEdit } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { instancePath } from '../validation/ajvErrors';
import { parsePointer } from '../parser/jsonPointer';
import { updateYamlText } from '../yaml/yamlUpdate';
import { yamlKey, yamlString } from '../yaml/yamlText';

/** A member name as the document writes names: JSON quotes it; YAML leaves it plain when it can. */
const keyText = (doc: SvcDocument, name: string): string => (doc.isYaml ? yamlKey(name) : JSON.stringify(name));
/** A value on one line: JSON; in YAML a string plain when it can (JSON is YAML's flow style otherwise). */
const valueText = (doc: SvcDocument, value: unknown): string => (doc.isYaml && typeof value === 'string' ? yamlString(value) : JSON.stringify(value));

export function renameKeyEdit(doc: SvcDocument, pointer: string, newName: string): TextEdit | undefined {
  const at = doc.locate(pointer);
  if (!at || at.keyOffset === undefined) return undefined;
  return { range: doc.range(at.keyOffset, at.keyLength ?? 0), newText: keyText(doc, newName) };
}

export function replaceValueEdit(doc: SvcDocument, pointer: string, value: unknown): TextEdit | undefined {
  const at = doc.locate(pointer);
  if (!at) return undefined;
  return { range: doc.range(at.valueOffset, at.valueLength), newText: valueText(doc, value) };
}

/** Rename a key and rewrite its value in one edit (key, colon and value as written, normalised). */
export function renameAndReplaceEdit(doc: SvcDocument, pointer: string, newName: string, value: unknown): TextEdit | undefined {
  const at = doc.locate(pointer);
  if (!at || at.keyOffset === undefined) return undefined;
  const end = at.valueOffset + at.valueLength;
  return { range: doc.range(at.keyOffset, end - at.keyOffset), newText: `${keyText(doc, newName)}: ${valueText(doc, value)}` };
}

/** Inserts `"name": value` as the last member of the object at `pointer`. */
export function insertMemberEdits(doc: SvcDocument, pointer: string, name: string, value: unknown): TextEdit[] {
  if (doc.isYaml) {
    const edit = yamlInsertEdit(doc, pointer, [[name, value]]);
    return edit ? [edit] : [];
  }
  const path = [...instancePath(pointer, doc.value), name];
  let edits;
  try {
    edits = modify(doc.text, path, value, { formattingOptions: formattingOf(doc.text) });
  } catch {
    return [];
  }
  return edits.map((e) => ({ range: doc.range(e.offset, e.length), newText: e.content }));
}

/**
 * Inserts several members into the object at `pointer` as ONE edit of that object: each
 * insertion is made on the text the previous one produced (separate edits computed on the same
 * text would collide at the closing brace).
 */
export function insertMembersEdit(doc: SvcDocument, pointer: string, members: ReadonlyArray<[name: string, value: unknown]>): TextEdit | undefined {
  if (doc.isYaml) return yamlInsertEdit(doc, pointer, members);
  const at = doc.locate(pointer);
  if (!at) return undefined;
  const path = instancePath(pointer, doc.value);
  const formattingOptions = formattingOf(doc.text);
  let text = doc.text;
  try {
    for (const [name, value] of members) text = applyEdits(text, modify(text, [...path, name], value, { formattingOptions }));
  } catch {
    return undefined;
  }
  // Every insertion lands inside the object: only its end moves.
  const end = at.valueOffset + at.valueLength + (text.length - doc.text.length);
  return { range: doc.range(at.valueOffset, at.valueLength), newText: text.slice(at.valueOffset, end) };
}

function formattingOf(text: string): FormattingOptions {
  const { insertSpaces, tabSize } = detectIndentation(text);
  return { insertSpaces, tabSize, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The document's own indentation: first indented line decides (tabs or N spaces). */
export function detectIndentation(text: string): { insertSpaces: boolean; tabSize: number } {
  const m = /\n([ \t]+)\S/.exec(text.slice(0, 10000));
  if (!m) return { insertSpaces: true, tabSize: 2 };
  if (m[1].startsWith('\t')) return { insertSpaces: false, tabSize: 4 };
  return { insertSpaces: true, tabSize: Math.min(m[1].length, 8) };
}

/**
 * YAML: the members are added to the value and the document rewritten by the YAML writer, which
 * changes only that mapping (comments and style elsewhere stay); the edit spans the changed lines.
 */
function yamlInsertEdit(doc: SvcDocument, pointer: string, members: ReadonlyArray<[name: string, value: unknown]>): TextEdit | undefined {
  const value = structuredClone(doc.value);
  let target: unknown = value;
  for (const segment of parsePointer(pointer)) {
    target = target !== null && typeof target === 'object' ? (target as Record<string, unknown>)[segment] : undefined;
  }
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return undefined;
  for (const [name, member] of members) (target as Record<string, unknown>)[name] = member;
  const text = updateYamlText(doc.text, value);
  return text === undefined ? undefined : minimalEdit(doc, text);
}

/** One edit from `doc`'s text to `text`, covering only what differs (common prefix and suffix kept). */
function minimalEdit(doc: SvcDocument, text: string): TextEdit {
  const old = doc.text;
  let start = 0;
  while (start < old.length && start < text.length && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < old.length - start && end < text.length - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  return { range: doc.range(start, old.length - end - start), newText: text.slice(start, text.length - end) };
}
