// The subset of JSON Schema (draft-07 plus VS Code's editor keywords) that completion, hover
// and the walker read. Validation itself is ajv's job; these types only describe what the
// editor features look at, so unknown keywords are allowed through the index signature.

export type SchemaRef = SchemaObject | boolean;

export interface SchemaObject {
  $id?: string;
  $ref?: string;
  $schema?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  /** VS Code keyword: preferred over `description` for hovers and completion docs. */
  markdownDescription?: string;
  default?: unknown;
  examples?: unknown[];
  const?: unknown;
  enum?: unknown[];
  /** VS Code keywords: one entry per `enum` value. */
  enumDescriptions?: string[];
  markdownEnumDescriptions?: string[];
  /** VS Code keyword: the member is deprecated; the text says what to use instead. */
  deprecationMessage?: string;
  deprecated?: boolean;
  /** VS Code keyword: valid, but never offered by completion. */
  doNotSuggest?: boolean;
  /** VS Code keyword: ready-made values offered by completion. */
  defaultSnippets?: Array<{ label?: string; description?: string; markdownDescription?: string; body?: unknown; bodyText?: string }>;
  /** Our keywords (server/src/schemas/keywords.ts): unit of a number or duration, e.g. "seconds", */
  'x-svc-unit'?: string;
  /** the member that replaces a deprecated one, */
  'x-svc-replacedBy'?: string;
  /** member names of newer gateways that are known (never reported as unknown). */
  'x-svc-knownMembers'?: string[];
  properties?: Record<string, SchemaRef>;
  patternProperties?: Record<string, SchemaRef>;
  additionalProperties?: SchemaRef;
  required?: string[];
  items?: SchemaRef | SchemaRef[];
  additionalItems?: SchemaRef;
  allOf?: SchemaRef[];
  anyOf?: SchemaRef[];
  oneOf?: SchemaRef[];
  not?: SchemaRef;
  if?: SchemaRef;
  then?: SchemaRef;
  else?: SchemaRef;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  [keyword: string]: unknown;
}

/** A schema together with the base URI its relative `$ref`s resolve against. */
export interface SchemaNode {
  schema: SchemaObject;
  baseId: string | undefined;
}

/** A JSON path: member names for objects, indices for arrays. */
export type JsonPath = ReadonlyArray<string | number>;
