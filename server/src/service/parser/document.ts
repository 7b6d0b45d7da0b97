// The parsed-document model shared by every feature, and its cache keyed by uri+version.
// Parsing is as cheap as possible: `JSON.parse` when the text is plain JSON (the usual
// case), jsonc-parser's tolerant `parse` only for JSONC or broken text, and jsonc-parser's
// syntax tree only when a feature asks for it (`tree()`). Offsets of a few members come from a
// one-pass locator (`locate`/`locateAll`) and the context of a cursor from a partial position
// tree (`treeAt`): on well-formed text neither needs the full tree.
// Documents nested deeper than MAX_NESTING are never handed to the recursive parsers
// (jsonc-parser overflows the stack at ~10,000 levels): they get one diagnostic and no value.

import { parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver-types';
import { locatePointers, type JsonLocation } from './jsonLocator';
import { positionTree } from './positionTree';
import { ContainerEnds } from './containerEnds';
import { parsePointer } from './jsonPointer';
import { measureValue, shapeOfParsedText, type TextShape, type ValueShape } from './valueShape';
import { LineIndex } from './lineIndex';
import { beforeTextScan } from './textScans';
import { isYamlPath, parseYaml, type YamlFinding } from '../yaml/yamlParse';

export type { JsonLocation } from './jsonLocator';
export type { TextShape } from './valueShape';

/** Deeper documents are not parsed into values or trees (stack safety for every walker). */
export const MAX_NESTING = 512;

/**
 * A full syntax tree costs ~20 times the text in memory. It is kept with the version below this
 * size, or when the text is broken (then several features share the tolerant tree while the
 * user types); a large well-formed document builds it per call (outline) and lets it go.
 */
export const KEEP_TREE_BELOW = 256 * 1024;

/** Below this size the position tree simply rescans containers; above, it indexes their ends. */
const INDEX_CONTAINERS_FROM = 64 * 1024;

export interface SyntaxProblem {
  offset: number;
  length: number;
  /** jsonc-parser's name for the error, e.g. `CommaExpected`. */
  name: string;
}

/** A YAML document: language `yaml`, or a `.yaml`/`.yml` file of no JSON language. */
export function isYamlLanguage(languageId: string, uri: string): boolean {
  return languageId === 'yaml' || (languageId !== 'json' && languageId !== 'jsonc' && isYamlPath(uri));
}

export class SvcDocument {
  private parsed = false;
  private _value: unknown = undefined;
  private _errors: SyntaxProblem[] = [];
  private _strict = false;
  private _shape: TextShape | undefined;
  private _valueShape: ValueShape | undefined;
  private _tree: Node | undefined | null = null; // null = not built yet
  private _ends: ContainerEnds | undefined | null = null; // null = not built yet
  private _lines: LineIndex | undefined;
  private _yamlFindings: YamlFinding[] = [];
  private _yamlTree: (() => Node | undefined) | undefined;
  private _yamlDepth = 0;

  /**
   * A snapshot of the editor's document: the LSP layer updates its TextDocument in place, and
   * a parse must keep answering for the text it was made from (positions included).
   */
  readonly textDocument: TextDocument;
  readonly text: string;

  constructor(source: TextDocument) {
    this.text = source.getText();
    this.textDocument = TextDocument.create(source.uri, source.languageId, source.version, this.text);
    this.isYaml = isYamlLanguage(source.languageId, source.uri);
  }

  /**
   * A YAML document (language `yaml`, or a `.yaml`/`.yml` file of no known language): parsed by
   * the YAML front end (server/src/service/yaml/), which gives the same value and tree shape.
   */
  readonly isYaml: boolean;

  /** YAML's own findings (syntax, duplicate keys, several documents, surprising scalars). */
  get yamlFindings(): readonly YamlFinding[] {
    this.ensureParsed();
    return this._yamlFindings;
  }

  get uri(): string {
    return this.textDocument.uri;
  }
  get version(): number {
    return this.textDocument.version;
  }
  /** JSONC (comments, trailing commas) is allowed for `jsonc` documents only. */
  get allowsComments(): boolean {
    return this.textDocument.languageId === 'jsonc';
  }

  /** Deepest nesting of objects/arrays, measured with a flat loop (no recursion). */
  get nestingDepth(): number {
    return this.shape.depth;
  }
  /**
   * Nesting and member names: for text JSON.parse accepted, told from the value when its counts
   * prove it (valueShape.ts), else from one pass over the text (see `measureShape`).
   */
  get shape(): TextShape {
    if (this._shape) return this._shape;
    if (this.isYaml) {
      this.ensureParsed();
      this._shape = { depth: this._yamlDepth, memberNames: 0 };
      return this._shape;
    }
    const strict = this.isStrictJson; // parses first: a failed parse asks for the shape itself
    this._shape ??= (strict ? shapeOfParsedText(this.text, this.valueShape) : undefined) ?? measureShape(this.text);
    return this._shape;
  }
  /**
   * Whether some object of the text may name a member twice. False only for text JSON.parse
   * accepted that writes as many member names as its value has members; otherwise the full
   * duplicate-member scan decides.
   */
  get mayRepeatMembers(): boolean {
    if (this.isYaml) return false; // a repeated YAML key is one of the YAML findings (an error)
    return !this.isStrictJson || this.shape.memberNames !== this.valueShape.members;
  }
  /** Counts over the parsed value (strict JSON only). */
  private get valueShape(): ValueShape {
    this._valueShape ??= measureValue(this.value);
    return this._valueShape;
  }
  get tooDeep(): boolean {
    return this.nestingDepth > MAX_NESTING;
  }

  /** The document's value (`undefined` for empty, hopelessly broken or too deep text). */
  get value(): unknown {
    this.ensureParsed();
    return this._value;
  }
  /** Syntax errors; empty when the text is valid JSON (or valid JSONC in a jsonc document). */
  get syntaxErrors(): readonly SyntaxProblem[] {
    this.ensureParsed();
    return this._errors;
  }
  /** True when `JSON.parse` accepted the text as is. */
  get isStrictJson(): boolean {
    this.ensureParsed();
    return this._strict;
  }

  private ensureParsed(): void {
    if (this.parsed) return;
    this.parsed = true;
    const text = this.text;
    if (this.isYaml) {
      const parsed = parseYaml(text, MAX_NESTING);
      this._value = parsed.value;
      this._yamlTree = parsed.tree;
      this._yamlFindings = parsed.findings;
      this._yamlDepth = parsed.depth;
      return;
    }
    try {
      this._value = JSON.parse(text);
      this._strict = true;
      return;
    } catch {
      // Not plain JSON: comments, trailing commas, a syntax error, or an empty file.
    }
    if (this.tooDeep) return;
    const errors: ParseError[] = [];
    beforeTextScan(text);
    try {
      this._value = parse(text, errors, {
        disallowComments: !this.allowsComments,
        allowTrailingComma: this.allowsComments,
        allowEmptyContent: true,
      });
    } catch {
      this._value = undefined; // stack overflow on pathological input: no value, no crash
    }
    this._errors = errors.map((e) => ({ offset: e.offset, length: e.length, name: printParseErrorCode(e.error) }));
  }

  /** jsonc-parser's tree; kept for this version when small or broken (see KEEP_TREE_BELOW). */
  tree(): Node | undefined {
    if (this._tree !== null) return this._tree;
    if (this.isYaml) {
      // Built on first use, then kept with the version (positions of a YAML text need it).
      this.ensureParsed();
      this._tree = this._yamlTree?.();
      return this._tree;
    }
    let tree: Node | undefined;
    if (!this.tooDeep) {
      beforeTextScan(this.text);
      try {
        tree = parseTree(this.text, [], {
          disallowComments: !this.allowsComments,
          allowTrailingComma: this.allowsComments,
          allowEmptyContent: true,
        });
      } catch {
        tree = undefined;
      }
    }
    if (this.text.length < KEEP_TREE_BELOW || this.syntaxErrors.length > 0) this._tree = tree;
    return tree;
  }

  /**
   * A tree good for questions about one offset (completion, hover): on well-formed text the
   * partial position tree (no full tree built), else the tolerant full tree.
   */
  treeAt(offset: number): Node | undefined {
    if (this.tooDeep) return undefined;
    if (this.isYaml) return this.tree();
    if (this._tree === null && this.syntaxErrors.length === 0) {
      if (this._ends === null) this._ends = this.text.length >= INDEX_CONTAINERS_FROM ? ContainerEnds.of(this.text) : undefined;
      const partial = positionTree(this.text, offset, this._ends);
      if (partial) return partial;
    }
    return this.tree();
  }

  /** Whether the syntax tree has been built already (then `locate` reuses it). */
  get hasTree(): boolean {
    return this._tree !== null;
  }

  /** Offsets of the value (and key) at a JSON pointer, or `undefined` when absent. */
  locate(pointer: string): JsonLocation | undefined {
    return this.locateAll([pointer]).get(pointer);
  }

  /**
   * Offsets of several pointers in one pass. Valid text uses the fast locator; broken text
   * (or a tree already built) uses the tolerant syntax tree.
   */
  locateAll(pointers: Iterable<string>): Map<string, JsonLocation> {
    if (this.tooDeep) return new Map();
    if (!this.isYaml && !this.hasTree && this.syntaxErrors.length === 0) return locatePointers(this.text, pointers);
    const found = new Map<string, JsonLocation>();
    const root = this.tree();
    if (!root) return found;
    for (const pointer of pointers) {
      const node = findNodeAtPointer(root, pointer);
      if (node) found.set(pointer, locationOfNode(node));
    }
    return found;
  }

  /** The nearest located ancestor (or the pointer itself): where to report on a missing member. */
  locateNearest(pointer: string): { pointer: string; location: JsonLocation } | undefined {
    const segments = parsePointer(pointer);
    const candidates: string[] = [];
    for (let n = segments.length; n >= 0; n--)
      candidates.push(
        pointer
          .split('/')
          .slice(0, n + 1)
          .join('/'),
      );
    const found = this.locateAll(candidates);
    for (const candidate of candidates) {
      const location = found.get(candidate);
      if (location) return { pointer: candidate, location };
    }
    return undefined;
  }

  /** Line and character of an offset (the same answer as `textDocument.positionAt`, found faster). */
  positionAt(offset: number): Position {
    this._lines ??= new LineIndex(this.text);
    return this._lines.positionAt(offset);
  }

  range(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }
}

/** The tree node at a pointer; the last of duplicate members wins, as in JSON.parse. */
export function findNodeAtPointer(root: Node, pointer: string): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of parsePointer(pointer)) {
    if (!node) return undefined;
    if (node.type === 'object') {
      let match: Node | undefined;
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        if (key && key.value === segment) match = property.children?.[1];
      }
      node = match;
    } else if (node.type === 'array') {
      const index = Number(segment);
      node = Number.isInteger(index) ? node.children?.[index] : undefined;
    } else {
      return undefined;
    }
  }
  return node;
}

/** Offsets of a tree value node, with its key when it is an object member's value. */
export function locationOfNode(node: Node): JsonLocation {
  const parent = node.parent;
  if (parent && parent.type === 'property' && parent.children?.[1] === node) {
    const key = parent.children[0];
    return { valueOffset: node.offset, valueLength: node.length, keyOffset: key.offset, keyLength: key.length };
  }
  return { valueOffset: node.offset, valueLength: node.length };
}

/** Maximum nesting of `{`/`[` outside strings (see `measureShape`). */
export function measureNesting(text: string): number {
  return measureShape(text).depth;
}

/**
 * Nesting and member names of a text, outside strings; comments are skipped. Strings are skipped
 * with `indexOf` (most of a JSON text is strings): an unterminated string ends at its line's end,
 * as a JSON string cannot span lines.
 */
export function measureShape(text: string): TextShape {
  beforeTextScan(text);
  let depth = 0;
  let max = 0;
  let memberNames = 0;
  const n = text.length;
  let nextNewline = -1; // the first newline after the current string's start (re-found lazily)
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      if (nextNewline !== n && nextNewline <= i) {
        nextNewline = text.indexOf('\n', i + 1);
        if (nextNewline < 0) nextNewline = n;
      }
      let close = i;
      for (;;) {
        close = text.indexOf('"', close + 1);
        if (close < 0 || close > nextNewline) break;
        let backslashes = 0;
        for (let k = close - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++;
        if ((backslashes & 1) === 0) break; // an even run of backslashes: the quote closes
      }
      i = close < 0 || close > nextNewline ? nextNewline : close;
    } else if (c === 0x3a) {
      memberNames++; // outside strings, strict JSON has one colon per member, after its name
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth > 0) depth--;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 1;
    }
  }
  return { depth: max, memberNames };
}

/**
 * Parsed documents by uri, reused while the version is unchanged. A small LRU: editors keep
 * a handful of documents busy, and a 2 MB document's value is worth keeping but not forever.
 */
export class DocumentCache {
  private readonly entries = new Map<string, SvcDocument>();

  constructor(private readonly capacity = 16) {}

  get(textDocument: TextDocument): SvcDocument {
    const cached = this.entries.get(textDocument.uri);
    if (
      cached &&
      cached.version === textDocument.version &&
      cached.textDocument.languageId === textDocument.languageId &&
      cached.text === textDocument.getText()
    ) {
      // Refresh the LRU order.
      this.entries.delete(textDocument.uri);
      this.entries.set(textDocument.uri, cached);
      return cached;
    }
    const fresh = new SvcDocument(textDocument);
    this.entries.delete(textDocument.uri);
    this.entries.set(textDocument.uri, fresh);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return fresh;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
