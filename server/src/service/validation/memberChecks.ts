// Checks ajv cannot make on our lax schemas, done in one walk over the value with the schema
// walker (server/src/service/schema/schemaWalker.ts): members no applicable schema declares (warning,
// with "did you mean"), deprecated members (hint, deprecated tag, successor for the quick fix),
// and values in a form the reference gateway accepts but the spec does not (warning).
// The walk is iterative: depth costs heap, never stack.

import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import { SchemaWalker } from '../schema/schemaWalker';
import type { SchemaNode } from '../schema/schemaTypes';
import type { SchemaRegistry } from '../../schemas/registry';
import { describeSpecForm, markedBranches, nonSpecFormOf, type Branch } from './alternatives';
import { childPointer, toPointer } from '../parser/jsonPointer';
import type { DocumentKind } from '../../../../common/src/kinds';
import { Codes } from './codes';
import { Messages } from './messages';
import { closestName } from './suggest';
import { subjectOf } from './ajvErrors';
import type { Problem } from './types';

/** A budget on visited values: beyond it the walk stops (a 2 MB document needs ~10% of it). */
const MAX_VISITED = 1_000_000;

/**
 * One value on the walk's stack. The pointer is not built while walking (a string per member
 * of a 2 MB document is most of the walk's cost): a problem rebuilds it from the parent chain.
 */
interface Frame {
  value: unknown;
  nodes: SchemaNode[];
  parent: Frame | undefined;
  segment: string | number;
}

function pointerOf(frame: Frame): string {
  const segments: Array<string | number> = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) segments.push(f.segment);
  return toPointer(segments.reverse());
}

/** What the member checks need to know about a schema set, worked out once per shared set. */
interface NodeFacts {
  /** The deprecated schema among the set, if any, and the successor it names. */
  deprecated: { message: string | undefined; replacedBy: string | undefined } | undefined;
  /** Some schema of the set marks alternatives with `x-svc-nonSpecForm`. */
  marksNonSpecForms: boolean;
  /** The marked alternatives' branches (made on first need). */
  branches?: Branch[];
}

export function memberProblems(registry: SchemaRegistry, walker: SchemaWalker, kind: DocumentKind, value: unknown): Problem[] {
  const problems: Problem[] = [];
  const rootNodes = walker.root(kind, value);
  if (rootNodes.length === 0) return problems;
  const factsCache = new WeakMap<readonly SchemaNode[], NodeFacts>();
  const factsOf = (nodes: SchemaNode[]): NodeFacts => {
    let facts = factsCache.get(nodes);
    if (!facts) {
      facts = nodeFacts(nodes);
      // Only shared sets come back; a one-off set is not worth a cache entry.
      if (walker.isShared(nodes)) factsCache.set(nodes, facts);
    }
    return facts;
  };
  const stack: Frame[] = [{ value, nodes: rootNodes, parent: undefined, segment: '' }];
  let visited = 0;
  while (stack.length && visited++ < MAX_VISITED) {
    const frame = stack.pop()!;
    const { value: current, nodes } = frame;
    const facts = factsOf(nodes);
    if (facts.marksNonSpecForms) {
      // The branches of a shared set are worked out once; the pointer only for a finding.
      facts.branches ??= markedBranches(registry, nodes);
      checkNonSpecForm(facts.branches, current, () => pointerOf(frame), value, problems);
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        const item: unknown = current[i];
        const childNodes = walker.child(nodes, i, item);
        if (childNodes.length) stack.push({ value: item, nodes: childNodes, parent: frame, segment: i });
      }
      continue;
    }
    const members = walker.members(nodes);
    const object = current as Record<string, unknown>;
    const names = Object.keys(object);
    for (let i = names.length - 1; i >= 0; i--) {
      const name = names[i];
      const child = object[name];
      if (name === '$schema' && frame.parent === undefined) continue;
      if (!SchemaWalker.isDeclared(members, name)) {
        const suggestion = closestName(name, suggestable(members));
        problems.push({
          pointer: childPointer(pointerOf(frame), name),
          target: 'key',
          code: Codes.unknownMember,
          message: Messages.unknownMember(name, suggestion),
          severity: DiagnosticSeverity.Warning,
          data: suggestion ? { suggestion } : undefined,
        });
        continue;
      }
      const childNodes = walker.child(nodes, name, child);
      const deprecated = factsOf(childNodes).deprecated;
      if (deprecated) {
        problems.push({
          pointer: childPointer(pointerOf(frame), name),
          target: 'key',
          code: Codes.deprecated,
          message: Messages.deprecated(name, deprecated.message, deprecated.replacedBy),
          severity: DiagnosticSeverity.Hint,
          tags: [DiagnosticTag.Deprecated],
          data: deprecated.replacedBy ? { replacedBy: deprecated.replacedBy } : undefined,
        });
      }
      if (childNodes.length) stack.push({ value: child, nodes: childNodes, parent: frame, segment: name });
    }
  }
  return problems;
}

function nodeFacts(nodes: readonly SchemaNode[]): NodeFacts {
  const found = nodes.find((n) => typeof n.schema.deprecationMessage === 'string' || n.schema.deprecated === true);
  const replacedBy = found ? nodes.map((n) => n.schema['x-svc-replacedBy']).find((r): r is string => typeof r === 'string') : undefined;
  return {
    deprecated: found ? { message: found.schema.deprecationMessage, replacedBy } : undefined,
    marksNonSpecForms: nodes.some((n) => typeof n.schema['x-svc-nonSpecForm'] === 'string'),
  };
}

/** Names offered as "did you mean": declared members that are meant to be suggested. */
function suggestable(members: ReturnType<SchemaWalker['members']>): string[] {
  const names: string[] = [];
  for (const [name, nodes] of members.properties) {
    if (!nodes.every((n) => n.schema.doNotSuggest === true || typeof n.schema.deprecationMessage === 'string')) names.push(name);
  }
  return names;
}

/** A value that only an alternative marked `x-svc-nonSpecForm` accepts: a warning naming the spec's form. */
function checkNonSpecForm(branches: readonly Branch[], value: unknown, pointerOf: () => string, root: unknown, problems: Problem[]): void {
  const specForm = nonSpecFormOf(branches, value);
  if (!specForm) return;
  const pointer = pointerOf();
  problems.push({
    pointer,
    target: 'value',
    code: Codes.nonSpecForm,
    message: Messages.nonSpecForm(subjectOf(pointer, root), describeSpecForm(specForm)),
    severity: DiagnosticSeverity.Warning,
    data: { specForm },
  });
}
