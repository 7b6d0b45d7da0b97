// Snippet-syntax helpers shared by completion (and its tests): escaping literal text, and the
// value snippet of the right type inserted after a member name.

import type { SchemaFacts } from '../schema/schemaFacts';

/** Escapes `$`, `}` and `\` so text is inserted literally inside a snippet. */
export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

/** What follows `"name": ` when a member is inserted: a value of the member's type. */
export function valueSnippet(facts: SchemaFacts): string {
  if (facts.hasDefault && isScalar(facts.defaultValue)) return '${1:' + escapeSnippet(JSON.stringify(facts.defaultValue)) + '}';
  if (facts.enumValues.length === 1) return escapeSnippet(JSON.stringify(facts.enumValues[0].value));
  const types = facts.types.filter((t) => t !== 'null');
  const type = types[0];
  if (facts.isObject && (type === undefined || type === 'object')) return '{$1}';
  if (facts.isArray && (type === undefined || type === 'array')) return '[$1]';
  switch (type) {
    case 'string':
      return '"$1"';
    case 'boolean':
      return '${1:false}';
    case 'integer':
    case 'number':
      return '${1:0}';
    case 'object':
      return '{$1}';
    case 'array':
      return '[$1]';
    default:
      return facts.types.includes('null') ? '${1:null}' : '$1';
  }
}

/** A value snippet leaves the cursor where further suggestions help (an enum string, a boolean). */
export function wantsFollowUpSuggest(facts: SchemaFacts, snippet: string): boolean {
  return (snippet === '"$1"' && facts.enumValues.length > 0) || (facts.types.includes('boolean') && !facts.hasDefault);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * The text a snippet inserts once the user accepts every placeholder as is: `${1:x}` → x,
 * `${1|a,b|}` → a, `$1` → nothing, escapes resolved. Tests compare documents with this.
 */
export function expandSnippet(snippet: string): string {
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i];
    if (c === '\\' && i + 1 < snippet.length && '$}\\'.includes(snippet[i + 1])) {
      out += snippet[++i];
    } else if (c === '$' && /\d/.test(snippet[i + 1] ?? '')) {
      while (/\d/.test(snippet[i + 1] ?? '')) i++;
    } else if (c === '$' && snippet[i + 1] === '{') {
      const close = matchingBrace(snippet, i + 1);
      const inner = snippet.slice(i + 2, close);
      const choice = /^\d+\|([^,|]*)/.exec(inner);
      const placeholder = /^\d+:([\s\S]*)$/.exec(inner);
      out += choice ? choice[1] : placeholder ? expandSnippet(placeholder[1]) : '';
      i = close;
    } else {
      out += c;
    }
  }
  return out;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length - 1;
}
