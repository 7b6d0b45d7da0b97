// Small pieces of YAML text that completion inserts: keys, scalar values and the value snippet
// after `key:`. A string is written plain when it reads back as the same string for the gateway
// (yamlScalars.ts), else double-quoted (a JSON string is a valid YAML double-quoted scalar).

import type { SchemaFacts } from '../schema/schemaFacts';
import { escapeSnippet } from '../completion/snippetText';
import { yamlLibrary } from './yamlParse';
import { readPlain } from './yamlScalars';

const PLAIN_CANDIDATE = /^[A-Za-z0-9_/.$][A-Za-z0-9_/.$ -]*$/;

/** A string as a YAML scalar: plain when that reads back the same, else double-quoted. */
export function yamlString(value: string): string {
  if (PLAIN_CANDIDATE.test(value) && !value.endsWith(' ')) {
    let read: unknown;
    try {
      read = yamlLibrary().parse(value, { schema: 'core' });
    } catch {
      read = undefined;
    }
    const reading = readPlain(value, read);
    if (read === value && reading.value === value && reading.surprise === undefined) return value;
  }
  return JSON.stringify(value);
}

export const yamlKey = yamlString;

/** A JSON literal (`"GET"`, `true`, `5`) as YAML: strings plain where possible, the rest as is. */
export function yamlLiteral(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? yamlString(value) : json;
  } catch {
    return json;
  }
}

/** A flow snippet (`{$1}`, `[$1]`) is YAML already. */
export function yamlFlowSnippet(snippet: string): string {
  return snippet;
}

/** What follows `key:` when a member is inserted: ` value` on the line, or a block below it. */
export function yamlValueSnippet(facts: SchemaFacts, indentSize: number): string {
  const unit = ' '.repeat(indentSize);
  const scalar = (v: unknown): string => escapeSnippet(typeof v === 'string' ? yamlString(v) : JSON.stringify(v));
  if (facts.hasDefault && (facts.defaultValue === null || typeof facts.defaultValue !== 'object')) return ' ${1:' + scalar(facts.defaultValue) + '}';
  if (facts.enumValues.length === 1) return ' ' + scalar(facts.enumValues[0].value);
  const types = facts.types.filter((t) => t !== 'null');
  const type = types[0];
  if (facts.isObject && (type === undefined || type === 'object')) return '\n' + unit + '$1';
  if (facts.isArray && (type === undefined || type === 'array')) return '\n' + unit + '- $1';
  switch (type) {
    case 'string':
      return ' $1';
    case 'boolean':
      return ' ${1:false}';
    case 'integer':
    case 'number':
      return ' ${1:0}';
    case 'object':
      return '\n' + unit + '$1';
    case 'array':
      return '\n' + unit + '- $1';
    default:
      return facts.types.includes('null') ? ' ${1:null}' : ' $1';
  }
}
