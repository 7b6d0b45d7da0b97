// Checks ajv cannot make on our lax schemas, done in one walk over the value with the schema
// walker (server/src/service/schema/schemaWalker.ts): members no applicable schema declares (warning,
// with "did you mean"), deprecated members (hint, deprecated tag, successor for the quick fix),
// and values in a form the reference gateway accepts but the spec does not (warning).
//
// The walk visits every value of a 2 MB document (about 90,000), so per value it does as little
// as it can: what a schema set says about its members is worked out once per set (a `Plan`), and
// a member then costs one map lookup. It recurses, bounded: validated documents are never nested
// deeper than MAX_NESTING (parser/document.ts), and a deeper value is not walked below the bound.

import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import { SchemaWalker, type DeclaredMembers } from '../schema/schemaWalker';
import type { SchemaNode } from '../schema/schemaTypes';
import type { SchemaRegistry } from '../../schemas/registry';
import { describeSpecForm, markedBranches, nonSpecFormOf, type Branch } from './alternatives';
import { toPointer } from '../parser/jsonPointer';
import type { DocumentKind } from '../../../../common/src/kinds';
import { Codes } from './codes';
import { Messages } from './messages';
import { closestName } from './suggest';
import { subjectOf } from './ajvErrors';
import type { Problem } from './types';

/** A budget on visited values: beyond it the walk stops (a 2 MB document needs ~10% of it). */
const MAX_VISITED = 1_000_000;
/** Values nested deeper than this are not walked (the stack stays small whatever the input). */
const MAX_DEPTH = 1024;

/** What the member checks need to know about a schema set, worked out once per shared set. */
interface Plan {
  nodes: SchemaNode[];
  /** The deprecated schema among the set, if any, and the successor it names. */
  deprecated: { message: string | undefined; replacedBy: string | undefined } | undefined;
  /** Some schema of the set marks alternatives with `x-svc-nonSpecForm`. */
  marksNonSpecForms: boolean;
  /** The marked alternatives' branches (made on first need). */
  branches?: Branch[];
  /** The declared members (made when the set first describes an object). */
  members?: DeclaredMembers;
  /** Per name declared by `properties` or `x-svc-knownMembers`: what a member of that name needs. */
  steps?: Map<string, Step>;
  /** The same for other names, per member class (`SchemaWalker.memberClass`): a map's keys. */
  classSteps?: Map<object, Step>;
  /** Every item's plan when no item's value or index can change it; `null` when one can. */
  items?: Plan | null;
}

/** What a member needs, worked out on the first member of its name (or class, for a map's keys). */
interface Step {
  declared: boolean;
  /** The member value's plan when no value can change it. */
  fixed: Plan | undefined;
  /**
   * No expansion of the member can be deprecated or mark a non-spec form (judged on the set
   * with every branch kept, which holds every value's): a scalar value needs no visit at all.
   */
  quiet: boolean;
}

const UNDECLARED: Step = { declared: false, fixed: undefined, quiet: true };
/** The `items` of a set that says nothing about its items: nothing to visit. */
const NO_SCHEMA: Plan = { nodes: [], deprecated: undefined, marksNonSpecForms: false };

export function memberProblems(registry: SchemaRegistry, walker: SchemaWalker, kind: DocumentKind, value: unknown): Problem[] {
  const problems: Problem[] = [];
  const rootNodes = walker.root(kind, value);
  if (rootNodes.length === 0) return problems;
  const plans = new Map<readonly SchemaNode[], Plan>();
  const planOf = (nodes: SchemaNode[]): Plan => {
    let plan = plans.get(nodes);
    if (!plan) {
      plan = newPlan(nodes);
      // Only shared sets come back; a one-off set is not worth a cache entry.
      if (walker.isShared(nodes)) plans.set(nodes, plan);
    }
    return plan;
  };
  const stepOf = (plan: Plan, members: DeclaredMembers, name: string): Step => {
    const steps = (plan.steps ??= new Map<string, Step>());
    const known = steps.get(name);
    if (known) return known;
    // Declared names are kept by name; a map's keys by the class the walker puts them in (the
    // patterns they match decide whether they are declared too).
    const byName = members.properties.has(name) || members.known.has(name);
    const memberClass = byName ? undefined : walker.memberClass(plan.nodes, name);
    let step = memberClass ? plan.classSteps?.get(memberClass) : undefined;
    if (step) return step;
    step = byName || SchemaWalker.isDeclared(members, name) ? declaredStep(plan, name) : UNDECLARED;
    if (byName) steps.set(name, step);
    else if (memberClass) (plan.classSteps ??= new Map()).set(memberClass, step);
    return step;
  };
  const declaredStep = (plan: Plan, name: string): Step => {
    const fixedNodes = walker.fixedChild(plan.nodes, name);
    const fixed = fixedNodes && fixedNodes.length > 0 ? planOf(fixedNodes) : undefined;
    const every = fixedNodes ? fixed : planOfAny(walker.child(plan.nodes, name, undefined));
    return { declared: true, fixed, quiet: !every || (!every.deprecated && !every.marksNonSpecForms) };
  };
  const planOfAny = (nodes: SchemaNode[]): Plan | undefined => (nodes.length > 0 ? planOf(nodes) : undefined);
  /** Segments from the root to the value being visited: a pointer is built only for a finding. */
  const path: Array<string | number> = [];
  const pointerTo = (name?: string): string => toPointer(name === undefined ? path : [...path, name]);
  let visited = 0;

  const visit = (current: unknown, plan: Plan): void => {
    if (visited++ >= MAX_VISITED || path.length > MAX_DEPTH) return;
    if (plan.marksNonSpecForms) {
      plan.branches ??= markedBranches(registry, plan.nodes);
      checkNonSpecForm(plan.branches, current, pointerTo, value, problems);
    }
    if (current === null || typeof current !== 'object') return;
    if (Array.isArray(current)) {
      if (plan.items === undefined) {
        const fixed = walker.fixedChild(plan.nodes, 0);
        plan.items = fixed ? (planOfAny(fixed) ?? NO_SCHEMA) : null;
      }
      if (plan.items === NO_SCHEMA) return;
      for (let i = 0; i < current.length; i++) {
        const item: unknown = current[i];
        const itemPlan = plan.items ?? planOfAny(walker.child(plan.nodes, i, item));
        if (!itemPlan) continue;
        path.push(i);
        visit(item, itemPlan);
        path.pop();
      }
      return;
    }
    const members = (plan.members ??= walker.members(plan.nodes));
    const object = current as Record<string, unknown>;
    for (const name in object) {
      const child = object[name];
      const step = stepOf(plan, members, name);
      if (!step.declared) {
        if (name === '$schema' && path.length === 0) continue;
        const suggestion = closestName(name, suggestable(members));
        problems.push({
          pointer: pointerTo(name),
          target: 'key',
          code: Codes.unknownMember,
          message: Messages.unknownMember(name, suggestion),
          severity: DiagnosticSeverity.Warning,
          data: suggestion ? { suggestion } : undefined,
        });
        continue;
      }
      const scalar = child === null || typeof child !== 'object';
      if (scalar && step.quiet) continue;
      const childPlan = step.fixed ?? planOfAny(walker.child(plan.nodes, name, child));
      if (!childPlan) continue;
      const deprecated = childPlan.deprecated;
      if (deprecated) {
        problems.push({
          pointer: pointerTo(name),
          target: 'key',
          code: Codes.deprecated,
          message: Messages.deprecated(name, deprecated.message, deprecated.replacedBy),
          severity: DiagnosticSeverity.Hint,
          tags: [DiagnosticTag.Deprecated],
          data: deprecated.replacedBy ? { replacedBy: deprecated.replacedBy } : undefined,
        });
      }
      // A scalar needs a visit only for the non-spec form check.
      if (scalar && !childPlan.marksNonSpecForms) continue;
      path.push(name);
      visit(child, childPlan);
      path.pop();
    }
  };
  visit(value, planOf(rootNodes));
  return problems;
}

function newPlan(nodes: SchemaNode[]): Plan {
  const found = nodes.find((n) => typeof n.schema.deprecationMessage === 'string' || n.schema.deprecated === true);
  const replacedBy = found ? nodes.map((n) => n.schema['x-svc-replacedBy']).find((r): r is string => typeof r === 'string') : undefined;
  return {
    nodes,
    deprecated: found ? { message: found.schema.deprecationMessage, replacedBy } : undefined,
    marksNonSpecForms: nodes.some((n) => typeof n.schema['x-svc-nonSpecForm'] === 'string'),
  };
}

/** Names offered as "did you mean": declared members that are meant to be suggested. */
function suggestable(members: DeclaredMembers): string[] {
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
