// Checks ajv cannot make on our lax schemas, done in one walk over the value with the schema
// walker (server/src/service/schemaWalker.ts): members no applicable schema declares (warning,
// with "did you mean"), deprecated members (hint, deprecated tag, successor for the quick fix),
// and values in a form the reference gateway accepts but the spec does not (warning).
// The walk is iterative: depth costs heap, never stack.

import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import { SchemaWalker } from '../schemaWalker';
import type { SchemaNode } from '../schemaTypes';
import type { SchemaRegistry } from '../../schemas/registry';
import { describeSpecForm, markedBranches, nonSpecFormOf } from './alternatives';
import { childPointer } from '../jsonPointer';
import type { DocumentKind } from '../../../../common/src/kinds';
import { Codes } from './codes';
import { Messages } from './messages';
import { closestName } from './suggest';
import { subjectOf } from './ajvErrors';
import type { Problem } from './types';

/** A budget on visited values: beyond it the walk stops (a 2 MB document needs ~10% of it). */
const MAX_VISITED = 1_000_000;

export function memberProblems(registry: SchemaRegistry, walker: SchemaWalker, kind: DocumentKind, value: unknown): Problem[] {
  const problems: Problem[] = [];
  const rootNodes = walker.root(kind, value);
  if (rootNodes.length === 0) return problems;
  const stack: Array<{ value: unknown; pointer: string; nodes: SchemaNode[] }> = [{ value, pointer: '', nodes: rootNodes }];
  let visited = 0;
  while (stack.length && visited++ < MAX_VISITED) {
    const { value: current, pointer, nodes } = stack.pop()!;
    checkNonSpecForm(registry, current, pointer, nodes, value, problems);
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        const item = current[i];
        const childNodes = walker.child(nodes, i, item);
        if (childNodes.length) stack.push({ value: item, pointer: childPointer(pointer, i), nodes: childNodes });
      }
      continue;
    }
    const members = walker.members(nodes);
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [name, child] = entries[i];
      const memberPointer = childPointer(pointer, name);
      if (name === '$schema' && pointer === '') continue;
      if (!SchemaWalker.isDeclared(members, name)) {
        const suggestion = closestName(name, suggestable(members));
        problems.push({
          pointer: memberPointer,
          target: 'key',
          code: Codes.unknownMember,
          message: Messages.unknownMember(name, suggestion),
          severity: DiagnosticSeverity.Warning,
          data: suggestion ? { suggestion } : undefined,
        });
        continue;
      }
      const childNodes = walker.child(nodes, name, child);
      const deprecated = childNodes.find((n) => typeof n.schema.deprecationMessage === 'string' || n.schema.deprecated === true);
      if (deprecated) {
        const replacedBy = childNodes.map((n) => n.schema['x-svc-replacedBy']).find((r): r is string => typeof r === 'string');
        problems.push({
          pointer: memberPointer,
          target: 'key',
          code: Codes.deprecated,
          message: Messages.deprecated(name, deprecated.schema.deprecationMessage, replacedBy),
          severity: DiagnosticSeverity.Hint,
          tags: [DiagnosticTag.Deprecated],
          data: replacedBy ? { replacedBy } : undefined,
        });
      }
      if (childNodes.length) stack.push({ value: child, pointer: memberPointer, nodes: childNodes });
    }
  }
  return problems;
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
function checkNonSpecForm(registry: SchemaRegistry, value: unknown, pointer: string, nodes: readonly SchemaNode[], root: unknown, problems: Problem[]): void {
  if (!nodes.some((n) => typeof n.schema['x-svc-nonSpecForm'] === 'string')) return;
  const specForm = nonSpecFormOf(markedBranches(registry, nodes), value);
  if (!specForm) return;
  problems.push({
    pointer,
    target: 'value',
    code: Codes.nonSpecForm,
    message: Messages.nonSpecForm(subjectOf(pointer, root), describeSpecForm(specForm)),
    severity: DiagnosticSeverity.Warning,
    data: { specForm },
  });
}
