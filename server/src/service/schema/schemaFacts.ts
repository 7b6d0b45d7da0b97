// What completion and hover tell a user about a member: its schemas (as the walker expanded
// them) summarised once, so both features say the same thing in the same words.

import type { SchemaNode, SchemaObject } from './schemaTypes';

export interface EnumValueFact {
  value: unknown;
  /** Markdown (from `markdownEnumDescriptions`, else `enumDescriptions`). */
  description: string | undefined;
}

export interface SchemaFacts {
  title: string | undefined;
  /** Markdown: `markdownDescription` wins over `description`. */
  description: string | undefined;
  /** JSON types, in schema order, without duplicates (`integer` kept as such). */
  types: string[];
  unit: string | undefined;
  enumValues: EnumValueFact[];
  defaultValue: unknown;
  hasDefault: boolean;
  /** Text for a deprecated member (`deprecationMessage`, or a generic sentence for `deprecated: true`). */
  deprecation: string | undefined;
  replacedBy: string | undefined;
  doNotSuggest: boolean;
  /** Ready-made values the schema offers (`defaultSnippets`). */
  snippets: NonNullable<SchemaObject['defaultSnippets']>;
  /** The member is an object or array according to its (sub)schemas. */
  isObject: boolean;
  isArray: boolean;
}

function first<T>(schemas: readonly SchemaObject[], pick: (s: SchemaObject) => T | undefined): T | undefined {
  for (const s of schemas) {
    const v = pick(s);
    if (v !== undefined) return v;
  }
  return undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Summarises the expanded schemas of one position. */
export function schemaFacts(nodes: readonly SchemaNode[]): SchemaFacts {
  const schemas = nodes.map((n) => n.schema);
  const types: string[] = [];
  for (const s of schemas) {
    const list = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
    for (const t of list) if (!types.includes(t)) types.push(t);
  }
  const enumValues: EnumValueFact[] = [];
  const addEnum = (value: unknown, description: string | undefined): void => {
    const existing = enumValues.find((e) => JSON.stringify(e.value) === JSON.stringify(value));
    if (existing) existing.description ??= description;
    else enumValues.push({ value, description });
  };
  for (const s of schemas) {
    if (Array.isArray(s.enum)) {
      s.enum.forEach((value, i) => addEnum(value, str(s.markdownEnumDescriptions?.[i]) ?? str(s.enumDescriptions?.[i])));
    }
    if ('const' in s) addEnum(s.const, str(s.markdownDescription) ?? str(s.description));
  }
  const hasDefault = schemas.some((s) => s.default !== undefined);
  const deprecationMessage = first(schemas, (s) => str(s.deprecationMessage));
  const deprecated = deprecationMessage ?? (schemas.some((s) => s.deprecated === true) ? 'This member is deprecated.' : undefined);
  const snippets = schemas.flatMap((s) => (Array.isArray(s.defaultSnippets) ? s.defaultSnippets : []));
  const isObject = types.includes('object') || (types.length === 0 && schemas.some((s) => s.properties !== undefined || s.additionalProperties !== undefined));
  const isArray = types.includes('array') || (types.length === 0 && schemas.some((s) => s.items !== undefined));
  return {
    title: first(schemas, (s) => str(s.title)),
    description: first(schemas, (s) => str(s.markdownDescription)) ?? first(schemas, (s) => str(s.description)),
    types,
    unit: first(schemas, (s) => str(s['x-svc-unit'])),
    enumValues,
    defaultValue: first(schemas, (s) => s.default),
    hasDefault,
    deprecation: deprecated,
    replacedBy: first(schemas, (s) => str(s['x-svc-replacedBy'])),
    doNotSuggest: schemas.some((s) => s.doNotSuggest === true),
    snippets,
    isObject,
    isArray,
  };
}

/** `"a"`, `1`, `true` as a user writes them; long values shortened. */
export function showJson(value: unknown, max = 60): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

/** "string", "integer or null", … for a type list. */
export function describeTypes(types: readonly string[]): string | undefined {
  if (types.length === 0) return undefined;
  if (types.length === 1) return types[0];
  return types.slice(0, -1).join(', ') + ' or ' + types[types.length - 1];
}

/**
 * The markdown a hover shows and a completion item documents: title, description, then a
 * facts block (type, unit, allowed values, default), then deprecation.
 */
export function factsMarkdown(facts: SchemaFacts, options: { heading?: string; currentValue?: unknown; hasCurrentValue?: boolean } = {}): string {
  const parts: string[] = [];
  const heading = facts.title ?? options.heading;
  if (heading) parts.push(`**${escapeMarkdown(heading)}**`);
  if (facts.description) parts.push(facts.description);
  const lines: string[] = [];
  const type = describeTypes(facts.types);
  if (type) lines.push(`Type: \`${type}\``);
  if (facts.unit) lines.push(`Unit: ${facts.unit}`);
  if (facts.enumValues.length > 0 && facts.enumValues.length <= 30) {
    lines.push(`Allowed values: ${facts.enumValues.map((e) => '`' + showJson(e.value) + '`').join(', ')}`);
  }
  if (facts.hasDefault) lines.push(`Default: \`${showJson(facts.defaultValue)}\``);
  if (lines.length > 0) parts.push(lines.join('  \n'));
  if (options.hasCurrentValue) {
    const match = facts.enumValues.find((e) => JSON.stringify(e.value) === JSON.stringify(options.currentValue));
    if (match?.description) parts.push(`\`${showJson(match.value)}\`: ${match.description}`);
  }
  if (facts.deprecation) {
    const successor = facts.replacedBy && !facts.deprecation.includes(facts.replacedBy) ? ` Use \`${facts.replacedBy}\` instead.` : '';
    parts.push(`**Deprecated:** ${facts.deprecation}${successor}`);
  }
  return parts.join('\n\n');
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]<>#|])/g, '\\$1');
}
