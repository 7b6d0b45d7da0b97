// Writing YAML: a value as a new YAML text (pull into a new file with `svc.pull.format` = yaml,
// migrate's OAS result), and a value written into an existing YAML text changing only the nodes
// whose values changed, so comments, key order and the style of everything else stay.
// Strings that a plain scalar would turn into something else for the gateway (`2024-01-02`, a
// timestamp; `0777`, octal; `yes`, which YAML 1.1 tools read as true) are written quoted, so the
// file reads back as the same JSON and raises no warning of ours.

import type * as Yaml from 'yaml';
import { parseYaml, yamlLibrary } from './yamlParse';
import { readPlain } from './yamlScalars';

const WRITE_OPTIONS: Yaml.ToStringOptions = { lineWidth: 0, indent: 2 };

/** A JSON value as YAML text. */
export function toYamlText(value: unknown): string {
  const Y = yamlLibrary();
  const document = new Y.Document(value);
  quoteAmbiguousStrings(document);
  return document.toString(WRITE_OPTIONS);
}

/** Quotes every string scalar whose plain form would read as something else. */
function quoteAmbiguousStrings(node: unknown): void {
  const Y = yamlLibrary();
  Y.visit(node as Yaml.Document, {
    Scalar(_key, scalar) {
      if (typeof scalar.value !== 'string' || scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED') return;
      if (scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE') return;
      const reading = readPlain(scalar.value, scalar.value);
      if (reading.surprise !== undefined || reading.value !== scalar.value) scalar.type = 'QUOTE_DOUBLE';
    },
  });
}

/**
 * `text` (a YAML document) rewritten to hold `value`: members whose value is unchanged keep their
 * text, comments and style; changed scalars are replaced in place; new members are appended to
 * their mapping, removed ones dropped. Undefined when the text is not one readable YAML document
 * (the caller then refuses to overwrite it).
 */
export function updateYamlText(text: string, value: unknown): string | undefined {
  const Y = yamlLibrary();
  const parsed = parseYaml(text, Number.POSITIVE_INFINITY);
  if (parsed.findings.some((f) => f.severity === 'error')) return undefined;
  const current = parsed.value;
  const documents = Y.parseAllDocuments(text, { uniqueKeys: false, merge: false, schema: 'core', keepSourceTokens: false });
  if (!Array.isArray(documents) || documents.length !== 1) return undefined;
  const document = documents[0];
  if (document.errors.length > 0) return undefined;
  document.contents = merge(document, document.contents, current, value) as typeof document.contents;
  return document.toString(WRITE_OPTIONS);
}

/** The node for `next`, reusing `node` (which holds `previous`) wherever the values agree. */
function merge(document: Yaml.Document, node: unknown, previous: unknown, next: unknown): unknown {
  const Y = yamlLibrary();
  if (deepEqual(previous, next) && node !== null && node !== undefined) return node;
  if (Y.isAlias(node)) return freshNode(document, next); // an alias of a changed value: written out
  if (Y.isMap(node) && isObject(previous) && isObject(next)) {
    const kept: Yaml.Pair[] = [];
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (Y.isScalar(pair.key) && pair.key.type === 'PLAIN' && pair.key.source === '<<') {
        // A merge stays; the members it brings count as written while their values are unchanged.
        kept.push(pair);
        continue;
      }
      const name = keyName(pair.key);
      if (name === undefined || !Object.prototype.hasOwnProperty.call(next, name)) continue; // removed
      seen.add(name);
      pair.value = merge(document, pair.value, previous[name], next[name]) as typeof pair.value;
      kept.push(pair);
    }
    node.items = kept;
    for (const name of Object.keys(previous)) {
      if (!seen.has(name) && Object.prototype.hasOwnProperty.call(next, name) && deepEqual(previous[name], next[name])) seen.add(name);
    }
    for (const [name, member] of Object.entries(next)) {
      if (!seen.has(name)) node.items.push(fresh(document, { [name]: member }).items[0]);
    }
    return node;
  }
  if (Y.isSeq(node) && Array.isArray(previous) && Array.isArray(next)) {
    const items = node.items as unknown[];
    const out: unknown[] = [];
    for (let i = 0; i < next.length; i++) out.push(i < items.length && i < previous.length ? merge(document, items[i], previous[i], next[i]) : freshNode(document, next[i]));
    node.items = out;
    return node;
  }
  if (Y.isScalar(node) && (next === null || typeof next !== 'object')) {
    // Keep the scalar's comments; its style only when it can still hold the value.
    node.value = next;
    if (typeof next !== 'string' || node.type === 'PLAIN') node.type = undefined;
    if (typeof next === 'string') {
      const reading = readPlain(next, next);
      if (reading.surprise !== undefined || reading.value !== next) node.type = 'QUOTE_DOUBLE';
    }
    return node;
  }
  return freshNode(document, next);
}

function freshNode(document: Yaml.Document, value: unknown): unknown {
  const node = document.createNode(value);
  quoteAmbiguousStrings(node);
  return node;
}

function fresh(document: Yaml.Document, value: Record<string, unknown>): Yaml.YAMLMap {
  return freshNode(document, value) as Yaml.YAMLMap;
}

function keyName(key: unknown): string | undefined {
  const Y = yamlLibrary();
  if (Y.isScalar(key)) {
    if (key.type === 'PLAIN' && typeof key.source === 'string') {
      const reading = readPlain(key.source, key.value).value;
      return reading === null ? 'null' : String(reading);
    }
    return key.value === null ? 'null' : String(key.value);
  }
  return typeof key === 'string' ? key : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
