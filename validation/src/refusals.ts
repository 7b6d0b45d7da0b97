// What the reference gateway would refuse in a resource, as the sandbox needs it: the same
// schemas (one registry, compiled once), the same null policy and the same semantic rules as
// the language server, errors only. The language server adds positions, plain-English schema
// messages and the warnings and hints on top (server/src/service/validation/validate.ts); a
// document has an error diagnostic exactly when it has a refusal here (tested on the real
// definitions and their mutations).

import type { ErrorObject } from 'ajv';
import type { DocumentKind } from '../../common/src/kinds';
import { valueAtPointer } from './jsonPointer';
import { referenceRefusesNull } from './nullPolicy';
import { getSchemaRegistry, type SchemaRegistry } from './schemas/registry';
import { semanticProblems } from './semantic/index';
import { decodingProblems, integerLiteralProblems } from './semantic/decoding';
import { integerMembersAt } from './schemas/integerMembers';
import { kvReferenceProblems } from './semantic/kvReferences';
import type { Problem } from './problem';
import { REFUSAL_SEVERITY, refusesMissingMember } from './severity';

export interface Refusal {
  /** JSON pointer of the refused value ('' = the document). */
  pointer: string;
  message: string;
  /** Our diagnostic code for semantic rules; `svc.schema` for schema violations. */
  code: string;
}

/** The refusals of `value` read as a document of `kind` (none = the reference would take it). */
export function refusalsOf(kind: DocumentKind, value: unknown, registry: SchemaRegistry = getSchemaRegistry()): Refusal[] {
  const validate = registry.validatorForKind(kind);
  const out: Refusal[] = [];
  // The Go decoder's verdict on a member replaces the schema's at the same place (one message).
  const decoded = goDecodingProblems(kind, value, registry);
  const decodedAt = new Set(decoded.map((p) => p.pointer));
  if (!validate(value)) {
    // A missing member refuses only where the reference does not fill it in itself (severity.ts).
    // Stryker disable next-line ArrayDeclaration: ajv sets `errors` whenever a validation fails
    const errors = (validate.errors ?? []).filter((e) => !isAcceptedNull(kind, value, e) && !isFilledIn(kind, e) && !decodedAt.has(e.instancePath));
    // Composite errors (anyOf/oneOf/if) left alone, their branch errors all about accepted nulls: no refusal.
    if (errors.some((e) => !COMPOSITE.has(e.keyword))) {
      for (const e of errors) out.push({ pointer: e.instancePath, message: schemaMessage(e), code: 'svc.schema' });
    }
  }
  // The sandbox answers with the reference's own words where we know them (Go's decoder, the resolver).
  // Stryker disable next-line OptionalChaining: every decoder, integer-literal and resolver problem carries `data`
  for (const p of decoded) out.push({ pointer: p.pointer, message: p.data?.gatewayMessage ?? p.message, code: p.code });
  for (const p of semanticProblems(kind, value)) {
    if (p.severity === REFUSAL_SEVERITY) out.push({ pointer: p.pointer, message: p.message, code: p.code });
  }
  return out;
}

/**
 * What the reference's Go decoder refuses (semantic/decoding.ts): member types, and integer
 * members written with a fraction or an exponent where the source text was noted
 * (numberLiterals.ts: the language server notes the document's text, the sandbox the request body).
 */
export function goDecodingProblems(kind: DocumentKind, value: unknown, registry: SchemaRegistry = getSchemaRegistry()): Problem[] {
  const out = [...decodingProblems(kind, value), ...integerLiteralProblemsOf(kind, value, registry)];
  // The gateway resolves the key-value references of an API definition before it reads a member.
  if (API_KINDS.has(kind)) out.push(...kvReferenceProblems(value, ''));
  return out;
}

const API_KINDS = new Set<DocumentKind>(['classic', 'dashboard-api', 'oas', 'streams', 'oas-template', 'streams-template']);

function integerLiteralProblemsOf(kind: DocumentKind, value: unknown, registry: SchemaRegistry): Problem[] {
  return integerLiteralProblems(value, '', (pointers) => integerMembersAt(registry.validatorForKind(kind), value, pointers));
}

/**
 * ajv's keywords for a composite's own failure. An if/then failure is reported as `if` (with
 * `failingKeyword`), never as `then` or `else`, so those two are not listed.
 */
const COMPOSITE = new Set([
  'anyOf',
  // Stryker disable next-line StringLiteral: no schema of ours uses oneOf today; listed so one added later is treated like anyOf
  'oneOf',
  // Stryker disable next-line StringLiteral: no `if` of our schemas has branch errors that are all set aside (accepted nulls, filled-in members) today
  'if',
  // Stryker disable next-line StringLiteral: no schema of ours uses not today; listed so one added later is treated like anyOf
  'not',
]);

function isFilledIn(kind: DocumentKind, e: ErrorObject): boolean {
  return e.keyword === 'required' && !refusesMissingMember(kind, e.instancePath, String((e.params as { missingProperty?: unknown }).missingProperty));
}

function isAcceptedNull(kind: DocumentKind, root: unknown, e: ErrorObject): boolean {
  return valueAtPointer(root, e.instancePath) === null && !referenceRefusesNull(kind, e.instancePath, root);
}

/** `proxy.target_url: must be string` (the reference's own style: dotted path, then the fault). */
function schemaMessage(e: ErrorObject): string {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = e.params as Record<string, unknown>;
  const member = e.keyword === 'required' ? [...path, String(params.missingProperty)] : path;
  const where = member.join('.') || 'document';
  return e.keyword === 'required' ? `${where}: is required` : `${where}: ${e.message ?? 'is not valid'}`;
}

/** The first refusal in the reference's words, for a 400 body; undefined when none. */
export function firstRefusal(kind: DocumentKind, value: unknown): string | undefined {
  const refusals = refusalsOf(kind, value);
  return refusals.length ? refusals[0].message : undefined;
}
