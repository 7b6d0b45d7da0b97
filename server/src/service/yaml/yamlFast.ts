// The fast path of the YAML front end, for well-formed documents (what CI lints and what the
// editor opens): js-yaml's event parser (`parseEvents`, offsets of every scalar, collection,
// anchor and alias) is about ten times faster than eemeli/yaml's document parser on a 2 MB
// definition, and its events are enough to build the same value and tree. Anything this path
// does not handle — a syntax error, several documents, a duplicate key, a merge key, a tag, a
// complex key, aliases past the limit — returns undefined, and the caller parses with
// eemeli/yaml, which reports those precisely and tolerates broken text while the user types.

import type { Node, NodeType } from 'jsonc-parser';
import type * as JsYaml from 'js-yaml';
import { coreValue, keyText, readPlain } from './yamlScalars';
import { YamlCodes } from './yamlCodes';
import type { YamlFinding, YamlParse } from './yamlTypes';

let library: typeof JsYaml | undefined;
function jsYaml(): typeof JsYaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  library ??= require('js-yaml') as typeof JsYaml;
  return library;
}

const EVENT = { DOCUMENT: 1, SEQUENCE: 2, MAPPING: 3, SCALAR: 4, ALIAS: 5, POP: 6 } as const;
const STYLE = { PLAIN: 1, SINGLE_QUOTED: 2, DOUBLE_QUOTED: 3, LITERAL: 4, FOLDED: 5 } as const;
const FLOW = 2;

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
  /** Only when the tree is built (EventBuilder.withTree). */
  node: MutableNode;
  value: unknown;
  size: number;
  depth: number;
}

interface Frame {
  built: Built;
  flow: boolean;
  /** Mappings: the key read, waiting for its value. */
  key?: { name: string; node: MutableNode };
  anchor?: string;
  names?: Set<string>;
}

class Unsupported extends Error {}

/** Stands for every node while only the value is built. */
const NO_NODE: MutableNode = { type: 'null', offset: 0, length: 0 };

export function fastParseYaml(text: string, maxDepth: number, maxExpanded: number): YamlParse | undefined {
  let events: JsYaml.Event[];
  try {
    events = jsYaml().parseEvents(text, { maxDepth: Math.min(maxDepth, 100_000) });
  } catch {
    return undefined;
  }
  // The value and the findings now; the tree (a node per member: most of the cost and memory)
  // only when a feature asks for positions. A document without findings never builds it.
  let parsed: YamlParse;
  try {
    parsed = new EventBuilder(text, maxExpanded, false).build(events);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  let pending: JsYaml.Event[] | undefined = events;
  let root: Node | undefined;
  parsed.tree = () => {
    if (pending) {
      root = new EventBuilder(text, Number.POSITIVE_INFINITY, true).build(pending).tree();
      pending = undefined;
    }
    return root;
  };
  return parsed;
}

class EventBuilder {
  private readonly stack: Frame[] = [];
  private readonly anchors = new Map<string, Built>();
  private readonly findings: YamlFinding[] = [];
  private root: Built | undefined;
  private expanded = 0;
  private maxDepth = 0;

  constructor(
    private readonly text: string,
    private readonly maxExpanded: number,
    private readonly withTree: boolean,
  ) {}

  build(events: JsYaml.Event[]): YamlParse {
    let documents = 0;
    for (const event of events) {
      switch (event.type) {
        case EVENT.DOCUMENT:
          if (++documents > 1) throw new Unsupported(); // eemeli/yaml names the second one's line
          break;
        case EVENT.MAPPING:
        case EVENT.SEQUENCE:
          this.open(event);
          break;
        case EVENT.SCALAR:
          this.scalar(event);
          break;
        case EVENT.ALIAS:
          this.alias(event);
          break;
        case EVENT.POP:
          if (this.stack.length > 0) this.close();
          break;
      }
    }
    const root: Node | undefined = this.withTree ? this.root?.node : undefined;
    return { value: this.root?.value ?? null, tree: () => root, findings: this.findings, depth: this.maxDepth };
  }

  private count(size: number): void {
    this.expanded += size;
    if (this.expanded > this.maxExpanded) throw new Unsupported(); // the full parser reports it
  }

  private open(event: JsYaml.MappingEvent | JsYaml.SequenceEvent): void {
    if (event.tagStart >= 0) throw new Unsupported();
    const object = event.type === EVENT.MAPPING;
    const node: MutableNode = this.withTree ? { type: object ? 'object' : 'array', offset: event.start, length: 0, children: [] } : NO_NODE;
    const frame: Frame = { built: { node, value: object ? {} : [], size: 1, depth: 1 }, flow: event.style === FLOW };
    if (event.anchorStart >= 0) frame.anchor = this.text.slice(event.anchorStart, event.anchorEnd);
    if (object) frame.names = new Set();
    this.stack.push(frame);
    if (this.stack.length > this.maxDepth) this.maxDepth = this.stack.length;
  }

  private close(): void {
    const frame = this.stack.pop()!;
    const { node } = frame.built;
    this.count(1);
    if (frame.anchor !== undefined) this.anchors.set(frame.anchor, frame.built);
    if (!this.withTree) return this.place(frame.built);
    const last = node.children![node.children!.length - 1];
    let end = last ? last.offset + last.length : node.offset;
    if (frame.flow) {
      // Past the last item to the closing bracket.
      const close = node.type === 'object' ? '}' : ']';
      const at = this.text.indexOf(close, end);
      end = at < 0 ? end : at + 1;
    }
    node.length = end - node.offset;
    this.place(frame.built);
  }

  private scalar(event: JsYaml.ScalarEvent): void {
    if (event.tagStart >= 0) throw new Unsupported();
    const js = jsYaml();
    let offset: number;
    let length: number;
    const top0 = this.stack[this.stack.length - 1];
    if (event.valueStart < 0) {
      // `key:` with nothing after it; an empty sequence item has no place in the events.
      if (top0 && !top0.names) throw new Unsupported();
      offset = this.emptyValueOffset();
      length = 0;
    } else if (event.style === STYLE.LITERAL || event.style === STYLE.FOLDED) {
      // From the `|`/`>` indicator on the line above the content to the last non-blank character.
      const headerEnd = this.text.lastIndexOf('\n', event.valueStart - 1);
      const headerStart = this.text.lastIndexOf('\n', headerEnd - 1) + 1;
      const header = /[|>][-+0-9]*[ \t]*(#.*)?\r?$/.exec(this.text.slice(headerStart, headerEnd));
      if (!header) throw new Unsupported();
      offset = headerStart + header.index;
      let end = event.valueEnd;
      while (end > offset && /\s/.test(this.text[end - 1])) end--;
      length = end - offset;
    } else {
      offset = event.valueStart;
      length = event.valueEnd - event.valueStart;
      if (event.style === STYLE.SINGLE_QUOTED || event.style === STYLE.DOUBLE_QUOTED) {
        offset -= 1; // the quotes belong to the scalar's range, as in JSON
        length += 2;
      }
    }
    const raw = event.valueStart < 0 ? '' : event.fast ? this.text.slice(event.valueStart, event.valueEnd) : js.getScalarValue(this.text, event);
    const plain = event.style === STYLE.PLAIN;
    const top = this.stack[this.stack.length - 1];
    if (top?.names && top.key === undefined) {
      // A key.
      const name = plain ? keyText(readPlain(raw, coreValue(raw)).value) : raw;
      if (plain && raw === '<<') throw new Unsupported(); // merges: the full parser
      if (top.names.has(name)) throw new Unsupported(); // a duplicate: the full parser reports it
      top.names.add(name);
      top.key = { name, node: this.withTree ? { type: 'string', value: name, offset, length } : NO_NODE };
      return;
    }
    let value: unknown = raw;
    if (plain) {
      const reading = readPlain(raw, coreValue(raw));
      value = reading.value;
      if (!this.withTree && reading.notJson) {
        this.findings.push({
          offset,
          length,
          severity: 'error',
          code: YamlCodes.notJson,
          message: `\`${raw}\` is a number JSON cannot hold: the gateway cannot convert this document to JSON.`,
        });
      } else if (!this.withTree && reading.surprise) {
        this.findings.push({ offset, length, severity: 'warning', code: YamlCodes.surprisingScalar, message: reading.surprise, quoted: JSON.stringify(raw) });
      }
    }
    const type: NodeType = value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
    const built: Built = { node: this.withTree ? { type, value, offset, length } : NO_NODE, value, size: 1, depth: 0 };
    this.count(1);
    if (event.anchorStart >= 0) this.anchors.set(this.text.slice(event.anchorStart, event.anchorEnd), built);
    this.place(built);
  }

  private alias(event: JsYaml.AliasEvent): void {
    const target = this.anchors.get(this.text.slice(event.anchorStart, event.anchorEnd));
    if (!target) throw new Unsupported();
    const top = this.stack[this.stack.length - 1];
    if (top?.names && top.key === undefined) throw new Unsupported(); // an alias as a key
    this.count(target.size);
    const depth = this.stack.length + target.depth;
    if (depth > this.maxDepth) this.maxDepth = depth;
    const node: MutableNode = !this.withTree
      ? NO_NODE
      : {
          type: target.node.type,
          value: target.node.value,
          offset: event.anchorStart - 1,
          length: event.anchorEnd - event.anchorStart + 1,
          children: target.node.children,
        };
    this.place({ node, value: target.value, size: target.size, depth: target.depth });
  }

  /** Puts a finished node into its parent (a mapping's value after its key, a sequence's item). */
  private place(built: Built): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      this.root = built;
      return;
    }
    const parent = top.built;
    if (top.names) {
      if (!top.key) throw new Unsupported(); // a collection as a key
      const { name, node: key } = top.key;
      top.key = undefined;
      if (!this.withTree) {
        (parent.value as Record<string, unknown>)[name] = built.value;
        parent.size += built.size;
        if (built.depth + 1 > parent.depth) parent.depth = built.depth + 1;
        return;
      }
      const property: MutableNode = { type: 'property', offset: key.offset, length: 0, parent: parent.node, children: [key, built.node] };
      key.parent = property;
      built.node.parent = property;
      property.colonOffset = colonAfter(this.text, key.offset + key.length);
      if (built.node.length === 0 && property.colonOffset !== undefined && built.node.type === 'null') built.node.offset = property.colonOffset + 1;
      property.length = Math.max(built.node.offset + built.node.length, key.offset + key.length) - property.offset;
      parent.node.children!.push(property);
      (parent.value as Record<string, unknown>)[name] = built.value;
    } else {
      if (this.withTree) {
        built.node.parent = parent.node;
        parent.node.children!.push(built.node);
      }
      (parent.value as unknown[]).push(built.value);
    }
    parent.size += built.size;
    if (built.depth + 1 > parent.depth) parent.depth = built.depth + 1;
  }

  /** Where an empty value sits: right after its key's colon (placed again by `place`). */
  private emptyValueOffset(): number {
    const top = this.stack[this.stack.length - 1];
    return top?.key ? top.key.node.offset + top.key.node.length : (top?.built.node.offset ?? 0);
  }
}

/** Offset of the `:` after a key (spaces and a closing quote skipped), or undefined. */
function colonAfter(text: string, from: number): number | undefined {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) return i;
    if (c !== 0x20 && c !== 0x09) return undefined;
  }
  return undefined;
}
