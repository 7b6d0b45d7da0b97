// Key-value references, checked with the reference's own syntax (docs/language-server.md,
// "Key-value references"). Two families:
// - the KV resolver's (internal/kv resolve package: parseWholeValue, parseInlineToken,
//   unclosedInlineToken): a whole value `kv://store/path[#field]`, or inline tokens
//   `$kv{store:path[#field]}` anywhere in a string; store and path must not be empty, and a
//   `$kv{` without its `}` is malformed. The gateway resolves the whole definition at load time
//   and a malformed reference fails it; its schema check substitutes inline tokens before a URL
//   format check (apidef/oas, kvAwareFormatChecker), so `https://$kv{env:API_HOST}/v1` is a URL;
// - the loader's older prefixes (gateway/api_definition.go, APIDefinitionLoader.replaceSecrets):
//   `env://NAME`, `secrets://NAME`, `consul://path`, `vault://path`, replaced in the text; a
//   prefix with nothing after it names nothing and is left as it is.

import { childPointer } from '../jsonPointer';
import { Codes } from '../codes';
import type { Problem } from '../problem';
import { error } from './util';
import { textHoldsNoKvReference } from '../numberLiterals';

const INLINE = /\$kv\{([^}]+)\}/g;
const LEGACY = /^(env|secrets|consul|vault):\/\//;

/** Why the reference's resolver cannot parse `value`, with what to write instead; undefined when it can (or holds no reference). */
export function kvSyntaxProblem(value: string): string | undefined {
  if (value.startsWith('kv://')) {
    const body = value.slice('kv://'.length);
    const slash = body.indexOf('/');
    if (slash < 0) return `\`${value}\` is missing the path separator: write \`kv://store/path\` (for example \`kv://vault/api/secret#token\`).`;
    const path = body.slice(slash + 1).split('#')[0];
    if (slash === 0 || path === '') return `\`${value}\` has an empty store name or path: write \`kv://store/path\`.`;
    return undefined;
  }
  if (value.includes('$kv{')) {
    const starts = new Set<number>();
    for (const m of value.matchAll(INLINE)) {
      starts.add(m.index);
      const inner = m[1];
      const colon = inner.indexOf(':');
      if (colon < 0) return `\`${m[0]}\` is missing the store separator: write \`$kv{store:path}\` (for example \`$kv{env:API_HOST}\`).`;
      if (colon === 0 || inner.slice(colon + 1).split('#')[0] === '') return `\`${m[0]}\` has an empty store name or path: write \`$kv{store:path}\`.`;
    }
    for (let i = value.indexOf('$kv{'); i >= 0; i = value.indexOf('$kv{', i + 4)) {
      if (!starts.has(i)) return `\`${value}\` has a \`$kv{\` reference without its closing \`}\`: write \`$kv{store:path}\`.`;
    }
    return undefined;
  }
  const legacy = LEGACY.exec(value);
  if (legacy && value.slice(legacy[0].length).trim() === '') return `\`${value}\` names nothing after \`${legacy[0]}\`: write \`${legacy[0]}NAME\`.`;
  return undefined;
}

/** Does `value` hold a key-value reference of either family (resolved before the gateway reads the member)? */
export function holdsKvReference(value: string): boolean {
  return value.startsWith('kv://') || value.includes('$kv{') || LEGACY.test(value.trim());
}

/** `value` with its inline `$kv{…}` tokens replaced the way the reference's URL check does (by `kvref`). */
export function substituteInlineKv(value: string): string {
  return value.includes('$kv{') ? value.replace(INLINE, 'kvref') : value;
}

/**
 * Every string of an API definition that holds a malformed reference (the gateway resolves the
 * whole document). When the document's text was noted (numberLiterals.ts) and holds no reference
 * at all, nothing is walked; otherwise strings without `kv` or `://` cost one native search each,
 * and a pointer is built only for a finding.
 */
export function kvReferenceProblems(value: unknown, pointer: string): Problem[] {
  const out: Problem[] = [];
  if (textHoldsNoKvReference(value)) return out;
  const path: Array<string | number> = [];
  const visit = (current: unknown): void => {
    if (typeof current === 'string') {
      // Stryker disable next-line StringLiteral: '' only turns the fast skip off; kvSyntaxProblem finds nothing without `kv` or `://`
      if (!current.includes('kv') && !current.includes('://')) return;
      const problem = kvSyntaxProblem(current);
      if (!problem) return;
      const at = path.reduce<string>((p, s) => childPointer(p, s), pointer);
      out.push(
        error(at, 'value', Codes.kvReference, `${problem} The gateway cannot resolve this key-value reference and refuses the definition.`, {
          // The sentence up to its fix (the value itself may hold `:`, as `kv://…` does).
          gatewayMessage: `malformed reference: ${problem.slice(0, problem.indexOf(': write '))}`,
        }),
      );
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        path.push(i);
        visit(current[i]);
        path.pop();
      }
    } else if (
      // Stryker disable next-line LogicalOperator: a for-in over null, a number or a boolean visits nothing
      current !== null &&
      typeof current === 'object'
    ) {
      const o = current as Record<string, unknown>;
      for (const key in o) {
        path.push(key);
        visit(o[key]);
        path.pop();
      }
    }
  };
  visit(value);
  return out;
}
