// Stable diagnostic codes. They are part of the public contract (svc-lint output, CI filters,
// quick fixes match on them): add new ones, never rename.

export const Codes = {
  /** Syntax errors: `svc.syntax.<jsonc-parser error in kebab case>`, e.g. `svc.syntax.comma-expected`. */
  syntaxPrefix: 'svc.syntax.',
  tooDeep: 'svc.syntax.too-deep',
  /** An empty file: no JSON value at all. */
  empty: 'svc.syntax.empty',
  /** A member named twice in one object (the reference keeps the last one). */
  duplicateMember: 'svc.duplicate-member',
  tooLarge: 'svc.size-limit',
  /** The last finding of a document that has more than the limit (server/src/service/validation/findingsCap.ts). */
  tooManyFindings: 'svc.too-many-findings',
  /** svc-lint could not check one file (the checker failed on it); the other files are still reported. */
  lintFailed: 'svc.lint-failed',

  type: 'svc.schema.type',
  enum: 'svc.schema.enum',
  const: 'svc.schema.const',
  required: 'svc.schema.required',
  pattern: 'svc.schema.pattern',
  format: 'svc.schema.format',
  range: 'svc.schema.range',
  length: 'svc.schema.length',
  items: 'svc.schema.items',
  unique: 'svc.schema.unique',
  dependency: 'svc.schema.dependency',
  notAllowed: 'svc.schema.not-allowed',
  propertyName: 'svc.schema.property-name',
  schemaOther: 'svc.schema.invalid',

  unknownMember: 'svc.unknown-member',
  deprecated: 'svc.deprecated',
  /** An accepted form that is not the spec's (e.g. Go-style `"1m"` where the spec wants seconds). */
  nonSpecForm: 'svc.non-spec-form',

  authSources: 'svc.semantic.auth-sources',
  ipCidr: 'svc.semantic.ip-cidr',
  timeout: 'svc.semantic.timeout',
  loadBalancing: 'svc.semantic.load-balancing',
  securityScheme: 'svc.semantic.security-scheme',
  vendorScheme: 'svc.semantic.vendor-scheme',
  operationId: 'svc.semantic.operation-id',
  listenPath: 'svc.semantic.listen-path',
  duplicateListenPath: 'svc.semantic.duplicate-listen-path',
  duration: 'svc.semantic.duration',
  apiId: 'svc.semantic.api-id',
  dataSourceNames: 'svc.semantic.data-source-names',
  upstreamAuth: 'svc.semantic.upstream-auth',
  pastExpiry: 'svc.semantic.past-expiry',
  quotaDisabled: 'svc.semantic.quota-disabled',
  accessRightsApiId: 'svc.semantic.access-rights-api-id',
  /** The reference's Go decoder refuses the value for the member's Go type (semantic/decoding.ts). */
  decoding: 'svc.decode',
  /** A key-value reference (`$kv{…}`, `kv://…`, `env://…`…) the reference's resolver cannot parse. */
  kvReference: 'svc.semantic.kv-reference',
  /** The gateway stores the API but skips it when loading (it is never served). */
  loadSkip: 'svc.semantic.load-skip',
} as const;

export type DiagnosticCode = (typeof Codes)[Exclude<keyof typeof Codes, 'syntaxPrefix'>] | `svc.syntax.${string}`;
