// The YAML front end: turns a YAML text into what every feature of the service reads for JSON —
// the value (as the gateway's YAML decoder reads it: yamlScalars.ts) and a syntax tree of
// jsonc-parser's shape (`Node`: type, offset, length, colonOffset, parent, children, value) whose
// offsets are the YAML text's. Validation locates pointers in that tree, completion and hover
// find the cursor's node in it, outline and navigation read it. So a YAML document gets the same
// findings, with the same codes and sentences, at the YAML ranges of the same members.
//
// The library is eemeli/yaml (`yaml` on npm): exact source ranges for every node, comments kept
// (pull rewrites YAML files through its Document API), YAML 1.2, no dependencies. It is required
// on first use only, so svc-lint on JSON files never loads it.
//
// YAML's own rules, as the gateway's decoder (go-yaml v3) applies them: a key named twice in one
// mapping is an error (go-yaml refuses the document), merge keys `<<` are merged as go-yaml does
// (explicit keys win; of several merged mappings the first wins), aliases resolve to their
// anchor's value, a second document in the file is an error naming its line.

import type { Node, NodeType } from 'jsonc-parser';
import type * as Yaml from 'yaml';
import { coreValue, keyText, readPlain } from './yamlScalars';
import { fastParseYaml } from './yamlFast';
import { beforeTextScan } from '../parser/textScans';
import { YamlCodes } from './yamlCodes';
import type { YamlFinding, YamlParse } from './yamlTypes';
export { isYamlFileName as isYamlPath } from '../../../../common/src/detection';

export type { YamlFinding, YamlParse } from './yamlTypes';

/** Past this many nodes, counting each alias as the size of what it stands for, we stop. */
const MAX_EXPANDED_NODES = 5_000_000;

let library: typeof Yaml | undefined;
/** The `yaml` package, loaded on the first YAML document. */
export function yamlLibrary(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  library ??= require('yaml') as typeof Yaml;
  return library;
}

interface MutableNode {
  type: NodeType;
  value?: unknown;
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: MutableNode;
  children?: MutableNode[];
}

interface Built {
  node: MutableNode;
  value: unknown;
  /** Nodes this value stands for once aliases are expanded. */
  size: number;
  depth: number;
}

/**
 * Whether a YAML text can be one of our documents, without parsing it: an OAS or streams document
 * names our extension, or says what it is with `$schema`. Other YAML files (CI, compose,
 * Kubernetes…) are never parsed, in the editor or in the workspace index.
 */
export function mayBeOurYaml(text: string): boolean {
  return text.includes('x-svc-api-gateway') || text.includes('x-svc-streaming') || text.includes('$schema');
}

export function parseYaml(text: string, maxDepth: number): YamlParse {
  // A pass over every character (svc-lint turns V8's optimizing compiler on for large ones).
  beforeTextScan(text);
  // Well-formed documents take the fast path (yamlFast.ts); the rest, the full parser below.
  const fast = fastParseYaml(text, maxDepth, MAX_EXPANDED_NODES);
  if (fast && fast.depth <= maxDepth) return fast;
  return fullParseYaml(text, maxDepth);
}

/** The full parser (eemeli/yaml): every finding, tolerant of broken text. */
export function fullParseYaml(text: string, maxDepth: number): YamlParse {
  const Y = yamlLibrary();
  const findings: YamlFinding[] = [];
  let documents: Yaml.Document.Parsed[];
  try {
    const parsed = Y.parseAllDocuments(text, { uniqueKeys: false, merge: false, schema: 'core', prettyErrors: false, strict: true });
    documents = Array.isArray(parsed) ? parsed : [];
  } catch {
    return {
      value: undefined,
      tree: () => undefined,
      findings: [{ offset: 0, length: 0, severity: 'error', code: YamlCodes.syntaxPrefix + 'unreadable', message: 'The YAML text cannot be read.' }],
      depth: 0,
    };
  }
  const first = documents[0];
  if (!first) return { value: undefined, tree: () => undefined, findings, depth: 0 };
  for (const error of first.errors) findings.push(libraryFinding(error, 'error'));
  for (const warning of first.warnings) findings.push(libraryFinding(warning, 'warning'));
  const second = documents[1];
  if (second) {
    const offset = documentStart(text, second);
    const line = lineOf(text, offset);
    findings.push({
      offset,
      length: Math.max(0, lineEnd(text, offset) - offset),
      severity: 'error',
      code: YamlCodes.severalDocuments,
      message: `A second YAML document starts on line ${line + 1}: the gateway reads one document per API definition. Move it to a file of its own.`,
    });
  }
  const builder = new TreeBuilder(text, first, findings, maxDepth);
  let built: Built | undefined;
  try {
    built = first.contents ? builder.build(first.contents, undefined, 1) : undefined;
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    if (!e.tooDeep) findings.push(e.finding);
    return { value: undefined, tree: () => undefined, findings, depth: builder.maxDepth };
  }
  const root: Node | undefined = built?.node;
  return { value: built?.value ?? null, tree: () => root, findings, depth: builder.maxDepth };
}

class TooLarge extends Error {
  constructor(
    readonly finding: YamlFinding,
    /** Nested past the limit: the document reports that itself (SvcDocument.tooDeep). */
    readonly tooDeep = false,
  ) {
    super(finding.message);
  }
}

class TreeBuilder {
  maxDepth = 0;
  /** Built anchors by their YAML node: an alias reuses the anchor's value and children. */
  private readonly anchored = new Map<Yaml.Node, Built>();
  private expanded = 0;
  private readonly Y = yamlLibrary();

  constructor(
    private readonly text: string,
    private readonly document: Yaml.Document.Parsed,
    private readonly findings: YamlFinding[],
    private readonly depthLimit: number,
  ) {}

  build(node: Yaml.Node | null, parent: MutableNode | undefined, depth: number): Built {
    const Y = this.Y;
    if (node === null) return this.leaf({ type: 'null', value: null, offset: 0, length: 0, parent }, null);
    if (Y.isAlias(node)) return this.alias(node, parent, depth);
    let built: Built;
    if (Y.isMap(node)) built = this.map(node, parent, depth);
    else if (Y.isSeq(node)) built = this.seq(node, parent, depth);
    else if (Y.isScalar(node)) built = this.scalar(node, parent);
    else built = this.leaf({ type: 'null', value: null, offset: 0, length: 0, parent }, null);
    if (node.anchor) this.anchored.set(node, built);
    return built;
  }

  private leaf(node: MutableNode, value: unknown): Built {
    this.count(1, node.offset);
    return { node, value, size: 1, depth: 0 };
  }

  private count(size: number, offset: number): void {
    this.expanded += size;
    if (this.expanded > MAX_EXPANDED_NODES) {
      throw new TooLarge({
        offset,
        length: 0,
        severity: 'error',
        code: YamlCodes.aliasExpansion,
        message: `The aliases of this document expand to more than ${MAX_EXPANDED_NODES.toLocaleString('en')} values: Svc does not check it further.`,
      });
    }
  }

  private span(node: Yaml.Node): { offset: number; length: number } {
    const [start, end] = node.range ?? [0, 0];
    return { offset: start, length: trimEnd(this.text, start, end) - start };
  }

  private container(type: 'object' | 'array', node: Yaml.Node, parent: MutableNode | undefined, depth: number): MutableNode {
    if (depth > this.maxDepth) this.maxDepth = depth;
    if (depth > this.depthLimit) {
      throw new TooLarge({ offset: node.range?.[0] ?? 0, length: 0, severity: 'error', code: 'svc.syntax.too-deep', message: 'too deep' }, true);
    }
    return { type, ...this.span(node), parent, children: [] };
  }

  private map(map: Yaml.YAMLMap, parent: MutableNode | undefined, depth: number): Built {
    const Y = this.Y;
    const object = this.container('object', map, parent, depth);
    const value: Record<string, unknown> = {};
    const own = new Map<string, MutableNode>(); // explicit keys: name → key node
    const merges: Yaml.Pair[] = [];
    let size = 1;
    let childDepth = 0;
    for (const pair of map.items) {
      const keyNode = pair.key as Yaml.Node | null;
      if (Y.isScalar(keyNode) && keyNode.type === 'PLAIN' && keyNode.source === '<<') {
        merges.push(pair);
        continue;
      }
      const name = this.keyName(keyNode);
      const keySpan = keyNode && Y.isNode(keyNode) ? this.span(keyNode) : { offset: map.range?.[0] ?? 0, length: 0 };
      const property: MutableNode = { type: 'property', offset: keySpan.offset, length: 0, parent: object, children: [] };
      const key: MutableNode = { type: 'string', value: name, ...keySpan, parent: property };
      property.colonOffset = colonAfter(this.text, keySpan.offset + keySpan.length);
      const child = this.valueOf(pair, property, depth + 1);
      property.children!.push(key, child.node);
      property.length = Math.max(child.node.offset + child.node.length, keySpan.offset + keySpan.length) - property.offset;
      const earlier = own.get(name);
      if (earlier) {
        const line = lineOf(this.text, earlier.offset) + 1;
        this.findings.push({
          offset: keySpan.offset,
          length: keySpan.length,
          severity: 'error',
          code: YamlCodes.duplicateKey,
          message:
            `Duplicate key \`${name}\` (first on line ${line}): ` + "the gateway's YAML decoder refuses a mapping that names a key twice. Remove one of them.",
        });
      }
      own.set(name, key);
      object.children!.push(property);
      value[name] = child.value;
      size += child.size;
      childDepth = Math.max(childDepth, child.depth);
    }
    for (const pair of merges) {
      for (const source of this.mergeSources(pair, depth)) {
        for (const property of source.node.children ?? []) {
          const name = property.children?.[0]?.value as string;
          if (own.has(name) || Object.prototype.hasOwnProperty.call(value, name)) continue;
          // The merged member stays where it is written (under the anchor): its ranges point there.
          object.children!.push({ ...property, parent: object });
          value[name] = (source.value as Record<string, unknown>)[name];
        }
        size += source.size;
        childDepth = Math.max(childDepth, source.depth - 1);
      }
    }
    this.count(1, object.offset);
    return { node: object, value, size, depth: childDepth + 1 };
  }

  /** The mappings a `<<` key merges, first wins (go-yaml: its `merge`). */
  private mergeSources(pair: Yaml.Pair, depth: number): Built[] {
    const Y = this.Y;
    const target = pair.value as Yaml.Node | null;
    const sources: Built[] = [];
    const refuse = (at: Yaml.Node | null): Built[] => {
      const span = at ? this.span(at) : this.span(pair.key as Yaml.Node);
      this.findings.push({
        ...span,
        severity: 'error',
        code: YamlCodes.badMerge,
        message: "A merge key `<<` takes a mapping, an alias of one, or a sequence of them: the gateway's YAML decoder refuses anything else.",
      });
      return [];
    };
    const one = (node: Yaml.Node | null): Built | undefined => {
      const built = this.build(node, undefined, depth + 1);
      return built.node.type === 'object' ? built : undefined;
    };
    if (Y.isSeq(target)) {
      for (const item of target.items as Array<Yaml.Node | null>) {
        const built = one(item);
        if (!built) return refuse(item);
        sources.push(built);
      }
      return sources;
    }
    const built = one(target);
    return built ? [built] : refuse(target);
  }

  private valueOf(pair: Yaml.Pair, property: MutableNode, depth: number): Built {
    const node = pair.value as Yaml.Node | null;
    if (node === null) {
      // `key:` with nothing after it: null, placed right after the colon.
      const at = (property.colonOffset ?? property.offset) + 1;
      return this.leaf({ type: 'null', value: null, offset: at, length: 0, parent: property }, null);
    }
    return this.build(node, property, depth);
  }

  private keyName(key: Yaml.Node | null): string {
    const Y = this.Y;
    if (key === null) return '';
    if (Y.isScalar(key)) {
      if (key.type === 'PLAIN' && typeof key.source === 'string') return keyText(readPlain(key.source, coreValue(key.source)).value);
      return keyText(key.value);
    }
    // A mapping or sequence as a key: go-yaml cannot make a JSON member name of it; keep its text.
    const [start, end] = key.range ?? [0, 0];
    return this.text.slice(start, end);
  }

  private seq(seq: Yaml.YAMLSeq, parent: MutableNode | undefined, depth: number): Built {
    const array = this.container('array', seq, parent, depth);
    const value: unknown[] = [];
    let size = 1;
    let childDepth = 0;
    for (const item of seq.items as Array<Yaml.Node | null>) {
      const child = this.build(item, array, depth + 1);
      if (item === null) child.node.offset = array.offset;
      array.children!.push(child.node);
      value.push(child.value);
      size += child.size;
      childDepth = Math.max(childDepth, child.depth);
    }
    this.count(1, array.offset);
    return { node: array, value, size, depth: childDepth + 1 };
  }

  private scalar(scalar: Yaml.Scalar, parent: MutableNode | undefined): Built {
    const span = this.span(scalar);
    let value: unknown = scalar.value;
    if (scalar.type === 'PLAIN' && typeof scalar.source === 'string' && !scalar.tag) {
      const reading = readPlain(scalar.source, coreValue(scalar.source));
      value = reading.value;
      if (reading.notJson) {
        this.findings.push({
          ...span,
          severity: 'error',
          code: YamlCodes.notJson,
          message: `\`${scalar.source}\` is a number JSON cannot hold: the gateway cannot convert this document to JSON.`,
        });
      } else if (reading.surprise) {
        this.findings.push({
          ...span,
          severity: 'warning',
          code: YamlCodes.surprisingScalar,
          message: reading.surprise,
          quoted: JSON.stringify(scalar.source),
        });
      }
    } else if (typeof value === 'bigint') {
      value = Number(value);
    } else if (value instanceof Uint8Array || (value !== null && typeof value === 'object')) {
      value = String(scalar.source ?? '');
    }
    const type: NodeType = value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
    if (type === 'string' && typeof value !== 'string') value = String(value);
    return this.leaf({ type, value, ...span, parent }, value);
  }

  private alias(alias: Yaml.Alias, parent: MutableNode | undefined, depth: number): Built {
    const target = alias.resolve(this.document) as Yaml.Node | undefined;
    const span = this.span(alias);
    const built = target ? this.anchored.get(target) : undefined;
    if (!built) {
      // The library has reported the unknown anchor already.
      return this.leaf({ type: 'null', value: null, ...span, parent }, null);
    }
    if (depth + built.depth - 1 > this.maxDepth) this.maxDepth = depth + built.depth - 1;
    this.count(built.size, span.offset);
    // The alias shows where it is written; its members are the anchor's (their ranges point there).
    const node: MutableNode = { type: built.node.type, value: built.node.value, ...span, parent, children: built.node.children };
    return { node, value: built.value, size: built.size, depth: built.depth };
  }
}

function libraryFinding(error: Yaml.YAMLError, severity: 'error' | 'warning'): YamlFinding {
  const [start, end] = error.pos;
  // The library's message ends with " at line N, column M:" and a code frame: the range says that.
  const message = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  return {
    offset: start,
    length: Math.max(0, end - start),
    severity,
    code: YamlCodes.syntaxPrefix + error.code.toLowerCase().replace(/_/g, '-'),
    message: /[.!?]$/.test(message) ? message : `${message}.`,
  };
}

/** Where a later document starts: its `---` marker when it has one. */
function documentStart(text: string, document: Yaml.Document.Parsed): number {
  const start = document.range[0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.startsWith('---', lineStart)) return lineStart;
  const marker = text.lastIndexOf('\n---', start);
  return marker >= 0 ? marker + 1 : start;
}

/** Offset of the `:` after a key (skipping spaces), or undefined for a key without one. */
function colonAfter(text: string, from: number): number | undefined {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) return i;
    if (c !== 0x20 && c !== 0x09 && c !== 0x22 && c !== 0x27) return undefined;
  }
  return undefined;
}

/** `end` moved back over trailing whitespace and line breaks (block nodes end on the next line). */
function trimEnd(text: string, start: number, end: number): number {
  while (end > start) {
    const c = text.charCodeAt(end - 1);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    end--;
  }
  return end;
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl;
}
