// From ajv's error list to one plain-English problem per fault.
// ajv (allErrors) reports every failing branch of an `anyOf`/`oneOf` and then the composite
// itself, plus "must match then schema" for `if`. We re-validate each branch of a failing
// composite on its own (ajv compiles a branch by `id#pointer` once and caches it), keep the
// best-fitting branch's errors, and drop the rest, so users see "`per` must match …" rather
// than "must be integer / must match pattern / must match a schema in anyOf".

import type { ErrorObject } from 'ajv';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { SchemaRegistry } from '../../schemas/registry';
import { childPointer, lastSegment, parsePointer, valueAtPointer } from '../parser/jsonPointer';
import type { SchemaWalker } from '../schema/schemaWalker';
import type { SchemaNode } from '../schema/schemaTypes';
import type { DocumentKind } from '../../../../common/src/kinds';
import { Codes } from './codes';
import { Messages, typeList } from './messages';
import { subschemaLocation } from './schemaIndex';
import { placeholderFor } from './placeholders';
import { filledInBy, filledOnImportAt, isTemplate, refusesMissingMember } from '../../../../validation/src/severity';
import type { Problem } from './types';

export interface SchemaContext {
  registry: SchemaRegistry;
  walker: SchemaWalker;
  kind: DocumentKind;
  value: unknown;
}

/** Composite failures explained at most this deep (a guard against pathological schemas). */
const MAX_COMPOSITE_DEPTH = 8;

export function problemsFromAjv(errors: readonly ErrorObject[], ctx: SchemaContext): Problem[] {
  const collapsed = collapse(errors, ctx, 0);
  return withoutTypeBesideValues(collapsed.map((e) => toProblem(e, ctx)).filter((p): p is Problem => p !== undefined));
}

/**
 * `"protocol": 5` fails both `type` and `enum`: one message is enough, and the one listing the
 * allowed values also says which type they are.
 */
function withoutTypeBesideValues(problems: Problem[]): Problem[] {
  const listed = new Set(problems.filter((p) => p.code === Codes.enum || p.code === Codes.const).map((p) => p.pointer));
  return listed.size === 0 ? problems : problems.filter((p) => p.code !== Codes.type || !listed.has(p.pointer));
}

const signature = (e: ErrorObject): string => `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;

function collapse(errors: readonly ErrorObject[], ctx: SchemaContext, depth: number): ErrorObject[] {
  const out: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue; // the then/else errors before it say what is wrong
    if (error.keyword === 'propertyNames') continue; // its inner error carries `propertyName`
    if (error.keyword === 'oneOf' && error.params && (error.params as { passingSchemas?: unknown }).passingSchemas) continue;
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') {
      out.push(error);
      continue;
    }
    const branches = depth < MAX_COMPOSITE_DEPTH ? branchErrors(error, ctx) : undefined;
    if (!branches) {
      out.push(error); // reported as "does not match any of the allowed forms"
      continue;
    }
    // Drop the branch noise ajv emitted just before the composite error.
    const noise = new Set(branches.flat().map(signature));
    while (out.length && out[out.length - 1].instancePath.startsWith(error.instancePath) && noise.has(signature(out[out.length - 1]))) out.pop();
    const either = eitherMissing(branches, error.instancePath);
    if (either) {
      out.push({ ...error, keyword: 'required', params: { missingProperty: either[0], alternatives: either } });
      continue;
    }
    const best = bestBranch(branches);
    if (best === 'types') {
      out.push({ ...error, keyword: 'type', params: { type: branchTypes(branches).join(',') } });
      continue;
    }
    for (const e of collapse(branches[best], ctx, depth + 1)) out.push(e);
  }
  return out;
}

/**
 * The members of "one of these is required" (`upstream` needs `url` or `loadBalancing`): every
 * branch fails only for one missing member of the same object. Said once, naming them all, rather
 * than as the first branch's member alone.
 */
function eitherMissing(branches: ErrorObject[][], at: string): string[] | undefined {
  const names: string[] = [];
  for (const errors of branches) {
    if (errors.length !== 1 || errors[0].keyword !== 'required' || errors[0].instancePath !== at) return undefined;
    names.push(String((errors[0].params as AjvParams).missingProperty));
  }
  return names.length > 1 ? names : undefined;
}

/** Each branch's own errors, instance paths made absolute; `undefined` when not resolvable. */
function branchErrors(error: ErrorObject, ctx: SchemaContext): ErrorObject[][] | undefined {
  const owner = compositeOwner(error, ctx);
  if (!owner) return undefined;
  const where = subschemaLocation(ctx.registry, owner.schema, owner.baseId);
  const branches = owner.schema[error.keyword] as unknown[];
  if (!where || !Array.isArray(branches)) return undefined;
  const value = valueAtPointer(ctx.value, error.instancePath);
  const result: ErrorObject[][] = [];
  for (let i = 0; i < branches.length; i++) {
    let validate;
    try {
      validate = ctx.registry.validatorForRef(`${where.id}#${where.pointer}/${error.keyword}/${i}`);
    } catch {
      return undefined;
    }
    if (!validate) return undefined;
    if (validate(value)) return undefined; // a branch passes: ajv's view differs from ours, stay generic
    result.push((validate.errors ?? []).map((e) => ({ ...e, instancePath: error.instancePath + e.instancePath })));
  }
  return result;
}

/** The schema object that holds the failing `anyOf`/`oneOf`, found among those applying there. */
function compositeOwner(error: ErrorObject, ctx: SchemaContext): SchemaNode | undefined {
  const path = instancePath(error.instancePath, ctx.value);
  const nodes = ctx.walker.schemasAt(ctx.kind, path); // no value: every branch stays in view
  const candidates = nodes.filter((n) => Array.isArray(n.schema[error.keyword]));
  const fragment = error.schemaPath.slice(error.schemaPath.indexOf('#') + 1).replace(new RegExp(`/${error.keyword}$`), '');
  for (const node of candidates) {
    if (subschemaLocation(ctx.registry, node.schema, node.baseId)?.pointer === fragment) return node;
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Converts a pointer to the walker's path (numbers for array indices). */
export function instancePath(pointer: string, root: unknown): Array<string | number> {
  const path: Array<string | number> = [];
  let current = root;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      const index = Number(segment);
      path.push(index);
      current = current[index];
    } else {
      path.push(segment);
      current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}

/**
 * The branch that fits best: a branch whose type (or discriminating const) does not fit is a
 * poor match; otherwise the one with the fewest errors. When every branch rejects the value's
 * type, the answer is a single "must be X or Y" message ('types').
 */
function bestBranch(branches: ErrorObject[][]): number | 'types' {
  let best = 0;
  let bestScore = Infinity;
  let allTypeMismatch = true;
  branches.forEach((errors, i) => {
    const root = errors.length ? errors[0].instancePath : '';
    const typeAtRoot = errors.some((e) => e.instancePath === root && (e.keyword === 'type' || e.keyword === 'false schema'));
    const constMismatch = errors.some((e) => e.keyword === 'const' || (e.keyword === 'enum' && e.instancePath !== root));
    if (!typeAtRoot) allTypeMismatch = false;
    const score = (typeAtRoot ? 1000 : 0) + (constMismatch ? 100 : 0) + errors.length;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return allTypeMismatch && branches.length > 1 ? 'types' : best;
}

function branchTypes(branches: ErrorObject[][]): string[] {
  const types: string[] = [];
  for (const errors of branches) {
    for (const e of errors) {
      if (e.keyword === 'type') types.push(...String((e.params as { type: string | string[] }).type).split(','));
    }
  }
  return [...new Set(types)];
}

/** "`protocol`", "`targets[2]`", or "The document" for the root. */
export function subjectOf(pointer: string, root: unknown): string {
  const path = instancePath(pointer, root);
  if (path.length === 0) return 'The document';
  let i = path.length - 1;
  let suffix = '';
  while (i >= 0 && typeof path[i] === 'number') suffix = `[${path[i--]}]` + suffix;
  const name = i >= 0 ? String(path[i]) : 'item';
  return '`' + name + suffix + '`';
}

/** The schemas applying at an instance path, value-aware (for annotations of the failing schema). */
function schemasAtPointer(pointer: string, ctx: SchemaContext): SchemaNode[] {
  return ctx.walker.schemasAt(ctx.kind, instancePath(pointer, ctx.value), ctx.value);
}

function customMessage(pointer: string, ctx: SchemaContext, pattern?: string): string | undefined {
  for (const { schema } of schemasAtPointer(pointer, ctx)) {
    if (pattern !== undefined && schema.pattern === pattern && typeof schema.patternErrorMessage === 'string') return schema.patternErrorMessage;
  }
  for (const { schema } of schemasAtPointer(pointer, ctx)) {
    if (typeof schema.errorMessage === 'string') return schema.errorMessage;
  }
  return undefined;
}

/** The members of ajv's `params` that the keywords below read (ajv sets the ones of each keyword). */
interface AjvParams {
  pattern: string;
  missingProperty: string;
  /** Set by `collapse` when any one of these members would do. */
  alternatives?: string[];
  additionalProperty: string;
  type: string;
  allowedValues?: unknown[];
  allowedValue: unknown;
  format: string;
  limit: number;
  multipleOf: number;
  i: number;
  j: number;
  [other: string]: unknown;
}

function toProblem(e: ErrorObject, ctx: SchemaContext): Problem | undefined {
  const params = e.params as AjvParams;
  const error = (code: string, message: string, target: Problem['target'] = 'value', data?: Problem['data']): Problem => ({
    pointer: e.instancePath,
    target,
    code,
    message,
    severity: DiagnosticSeverity.Error,
    data,
  });
  // A failing member name (propertyNames): report on that key.
  if (e.propertyName !== undefined) {
    return {
      ...error(Codes.propertyName, Messages.propertyName(e.propertyName, params.pattern), 'key'),
      pointer: childPointer(e.instancePath, e.propertyName),
    };
  }
  const subject = subjectOf(e.instancePath, ctx.value);
  switch (e.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      const placeholder = placeholderFor(ctx, e.instancePath, name);
      const data = { missing: name, placeholder };
      const message = params.alternatives ? Messages.requiredEither(params.alternatives) : Messages.required(name);
      const filler = filledInBy(ctx.kind, e.instancePath, name);
      if (!filler) return error(Codes.required, message, 'missing', data);
      // Only import fills it in: POST, PUT and PATCH refuse an OAS or streams document without it.
      if (refusesMissingMember(ctx.kind, e.instancePath, name)) return error(Codes.required, Messages.requiredOnCreate(message, ctx.kind), 'missing', data);
      // The reference fills it in (severity.ts): a warning that says who does; in a template
      // (the reference's template mode does not require it) a hint.
      const imported = filledOnImportAt(ctx.kind, e.instancePath, name);
      const filledIn = imported
        ? Messages.filledInOnImport(message, imported)
        : isTemplate(ctx.kind)
          ? `${message} An import template may leave it out (the reference's template mode does not require it).`
          : Messages.requiredByClassicSchema(name);
      return { ...error(Codes.required, filledIn, 'missing', data), severity: isTemplate(ctx.kind) ? DiagnosticSeverity.Hint : DiagnosticSeverity.Warning };
    }
    case 'additionalProperties':
      // Our schemas close an object only where the reference's schema does (`x-svc-streaming`):
      // there an unknown member is refused, not merely unknown.
      return {
        pointer: childPointer(e.instancePath, String(params.additionalProperty)),
        target: 'key',
        code: Codes.notAllowed,
        message: Messages.closedObject(String(params.additionalProperty), lastSegment(e.instancePath)),
        severity: DiagnosticSeverity.Error,
      };
    case 'type':
      return error(Codes.type, customMessage(e.instancePath, ctx) ?? Messages.type(subject, String(params.type).split(',')));
    case 'enum':
      return error(Codes.enum, customMessage(e.instancePath, ctx) ?? Messages.enum(subject, params.allowedValues ?? []));
    case 'const':
      return error(Codes.const, customMessage(e.instancePath, ctx) ?? Messages.const(subject, params.allowedValue));
    case 'pattern':
      return error(Codes.pattern, customMessage(e.instancePath, ctx, params.pattern) ?? Messages.pattern(subject, params.pattern));
    case 'format':
      return error(Codes.format, customMessage(e.instancePath, ctx) ?? Messages.format(subject, params.format));
    case 'minimum':
    case 'exclusiveMinimum':
      return error(Codes.range, Messages.minimum(subject, params.limit, e.keyword === 'exclusiveMinimum'));
    case 'maximum':
    case 'exclusiveMaximum':
      return error(Codes.range, Messages.maximum(subject, params.limit, e.keyword === 'exclusiveMaximum'));
    case 'multipleOf':
      return error(Codes.range, Messages.multipleOf(subject, params.multipleOf));
    case 'minLength':
      return error(Codes.length, Messages.minLength(subject, params.limit));
    case 'maxLength':
      return error(Codes.length, Messages.maxLength(subject, params.limit));
    case 'minItems':
      return error(Codes.items, Messages.minItems(subject, params.limit));
    case 'maxItems':
    case 'additionalItems':
      return error(Codes.items, Messages.maxItems(subject, params.limit));
    case 'uniqueItems':
      return error(Codes.unique, Messages.uniqueItems(subject, params.i, params.j));
    case 'minProperties':
      return error(Codes.items, Messages.minProperties(subject, params.limit));
    case 'maxProperties':
      return error(Codes.items, Messages.maxProperties(subject, params.limit));
    case 'dependencies':
    case 'dependentRequired':
      return error(Codes.dependency, Messages.dependency(String(params.property), String(params.deps).split(', ')), 'missing');
    case 'not':
    case 'false schema':
      return error(Codes.notAllowed, Messages.notAllowed(subject), e.instancePath === '' ? 'missing' : 'key');
    case 'anyOf':
    case 'oneOf':
      return error(Codes.schemaOther, customMessage(e.instancePath, ctx) ?? Messages.noAlternative(subject));
    default:
      return error(Codes.schemaOther, Messages.invalid(subject));
  }
}

export { typeList };
