// A new value written into an existing YAML text as text edits of the nodes whose values
// changed, so everything else — comments, key order, quoting, flow or block style, blank lines —
// stays byte for byte (pull into a YAML file, quick fixes that add members).
// - a changed scalar is replaced where it is written (a string keeps its quote style when it can);
// - a member gone from the value is removed with its lines; a new one is appended to its mapping
//   at the mapping's indentation;
// - a sequence whose length changed, a flow collection that changed, or a value whose type
//   changed is written anew at its place (the comments inside that one node go with it).

import type * as Yaml from 'yaml';
import { parseYaml, yamlLibrary } from './yamlParse';
import { coreValue, keyText, readPlain } from './yamlScalars';
import { quoteAmbiguousStrings, toYamlText } from './yamlWrite';

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * `text` (one YAML document) holding `value` instead, by the smallest edits; the text itself when
 * the value is unchanged. Undefined when the text is not one readable YAML document (the caller
 * then writes the file anew or refuses).
 */
export function updateYamlText(text: string, value: unknown): string | undefined {
  const parsed = parseYaml(text, Number.POSITIVE_INFINITY);
  if (parsed.findings.some((f) => f.severity === 'error')) return undefined;
  if (deepEqual(parsed.value, value)) return text;
  const Y = yamlLibrary();
  const documents = Y.parseAllDocuments(text, { uniqueKeys: false, merge: false, schema: 'core' });
  if (!Array.isArray(documents) || documents.length !== 1) return undefined;
  const document = documents[0];
  const edits: Edit[] = [];
  const root = document.contents as Yaml.Node | null;
  if (!root) return toYamlText(value);
  new Updater(text, edits).node(root, parsed.value, value, 0);
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

class Updater {
  private readonly Y = yamlLibrary();
  private readonly eol: string;

  constructor(
    private readonly text: string,
    private readonly edits: Edit[],
  ) {
    this.eol = text.includes('\r\n') ? '\r\n' : '\n';
  }

  /** Writes `next` over `node` (which holds `previous`); `column`: where its parent key starts. */
  node(node: Yaml.Node, previous: unknown, next: unknown, column: number): void {
    if (deepEqual(previous, next)) return;
    const Y = this.Y;
    if (Y.isMap(node) && !node.flow && isObject(previous) && isObject(next) && this.map(node, previous, next)) return;
    if (Y.isSeq(node) && !node.flow && Array.isArray(previous) && Array.isArray(next) && previous.length === next.length && node.items.length === next.length) {
      node.items.forEach((item, i) => {
        if (Y.isNode(item)) this.node(item, previous[i], next[i], this.columnOf(item.range![0]));
      });
      return;
    }
    this.replace(node, next, column);
  }

  /** Member by member; false when the mapping is better written anew. */
  private map(map: Yaml.YAMLMap, previous: Record<string, unknown>, next: Record<string, unknown>): boolean {
    const Y = this.Y;
    const written = new Set<string>();
    let keyColumn: number | undefined;
    let lastEnd = map.range![0];
    for (const pair of map.items) {
      const key = pair.key as Yaml.Node | null;
      if (!Y.isScalar(key) || !key.range) return false;
      keyColumn ??= this.columnOf(key.range[0]);
      const valueNode = pair.value as Yaml.Node | null;
      lastEnd = Math.max(lastEnd, this.trimEnd(key.range[0], valueNode?.range ? valueNode.range[1] : key.range[1]));
      if (key.type === 'PLAIN' && key.source === '<<') continue; // a merge stays as written
      const name = keyName(key);
      written.add(name);
      if (!Object.prototype.hasOwnProperty.call(next, name)) {
        if (!this.removeLines(key.range[0], lastEnd)) return false;
        continue;
      }
      if (valueNode === null || !valueNode.range) {
        // `key:` with nothing: the value goes after the colon.
        const at = this.text.indexOf(':', key.range[1]) + 1;
        this.edits.push({ start: at, end: at, text: this.valueText(next[name], keyColumn) });
      } else {
        this.node(valueNode, previous[name], next[name], keyColumn);
      }
    }
    const added = Object.keys(next).filter(
      (name) => !written.has(name) && !(Object.prototype.hasOwnProperty.call(previous, name) && deepEqual(previous[name], next[name])),
    );
    if (added.length === 0) return true;
    if (keyColumn === undefined) return false;
    const block = this.block(Object.fromEntries(added.map((name) => [name, next[name]])), keyColumn);
    const lineEnd = this.lineEnd(lastEnd);
    this.edits.push({ start: lineEnd, end: lineEnd, text: this.eol + block });
    return true;
  }

  /** Removes the lines from `start`'s line to `end`'s; false when other content shares them. */
  private removeLines(start: number, end: number): boolean {
    const lineStart = this.text.lastIndexOf('\n', start - 1) + 1;
    if (this.text.slice(lineStart, start).trim() !== '') return false; // `- key: …` or a flow line
    const lineEnd = this.lineEnd(end);
    const after = this.text.slice(end, lineEnd);
    if (after.trim() !== '' && !after.trim().startsWith('#')) return false;
    this.edits.push({ start: lineStart, end: Math.min(this.text.length, lineEnd + 1), text: '' });
    return true;
  }

  /** `node` written anew as `next`, at its place. */
  private replace(node: Yaml.Node, next: unknown, column: number): void {
    const Y = this.Y;
    const [start, end] = node.range!;
    const stop = this.trimEnd(start, end);
    if (next === null || typeof next !== 'object' || isEmpty(next)) {
      const scalar = Y.isScalar(node) ? this.scalarText(node, next) : flowText(next);
      this.edits.push({ start, end: stop, text: scalar });
      return;
    }
    if ((Y.isMap(node) || Y.isSeq(node)) && node.flow) {
      this.edits.push({ start, end: stop, text: flowText(next) });
      return;
    }
    // A block: from the end of the key's line (after the colon), one level deeper than the key.
    const lineStart = this.text.lastIndexOf('\n', start - 1) + 1;
    const onKeyLine = this.text.slice(lineStart, start).trim() !== '';
    // On its own lines the node keeps its indentation; after `key:` it goes one level deeper.
    const block = this.block(next, onKeyLine ? (Array.isArray(next) ? column : column + 2) : this.columnOf(start));
    if (onKeyLine) {
      let from = start;
      while (from > lineStart && this.text[from - 1] === ' ') from--;
      this.edits.push({ start: from, end: stop, text: this.eol + block });
    } else {
      this.edits.push({ start: lineStart, end: stop, text: block });
    }
  }

  /** The text after `key:` for a value written where there was none. */
  private valueText(value: unknown, keyColumn: number): string {
    if (value === null || typeof value !== 'object' || isEmpty(value)) return ' ' + flowText(value);
    return this.eol + this.block(value, Array.isArray(value) ? keyColumn : keyColumn + 2);
  }

  /** A string keeps the quotes it was written with when they can hold it; other scalars as YAML writes them. */
  private scalarText(node: Yaml.Scalar, value: unknown): string {
    if (typeof value === 'string' && node.type === 'QUOTE_SINGLE' && !value.includes('\n')) return `'${value.replace(/'/g, "''")}'`;
    if (typeof value === 'string' && node.type === 'QUOTE_DOUBLE') return JSON.stringify(value);
    return flowText(value);
  }

  /** A value as block YAML lines indented to `column` (no line break at the end). */
  private block(value: unknown, column: number): string {
    const pad = ' '.repeat(column);
    return toYamlText(value)
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => (line === '' ? line : pad + line))
      .join(this.eol);
  }

  private columnOf(offset: number): number {
    return offset - (this.text.lastIndexOf('\n', offset - 1) + 1);
  }

  private lineEnd(offset: number): number {
    const nl = this.text.indexOf('\n', offset);
    if (nl < 0) return this.text.length;
    return this.text[nl - 1] === '\r' ? nl - 1 : nl;
  }

  /** `end` moved back over trailing whitespace and comment lines (block nodes end on a later line). */
  private trimEnd(start: number, end: number): number {
    while (end > start && /\s/.test(this.text[end - 1])) end--;
    return end;
  }
}

/** A scalar or an empty or small collection on one line (flow style), strings quoted when needed. */
function flowText(value: unknown): string {
  const Y = yamlLibrary();
  const document = new Y.Document(value);
  if (Y.isCollection(document.contents)) document.contents.flow = true;
  quoteAmbiguousStrings(document);
  return document.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, '');
}

function keyName(key: Yaml.Scalar): string {
  if (key.type === 'PLAIN' && typeof key.source === 'string') return keyText(readPlain(key.source, coreValue(key.source)).value);
  return keyText(key.value);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isEmpty = (v: object): boolean => (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
