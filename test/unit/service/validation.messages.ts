// The messages users read, written out once: tests compare against these exact sentences.
export const M = {
  protocolEnumClassic: '`protocol` must be one of: http, https, h2c, tcp, tls (or empty).',
  protocolEnumOas: '`protocol` must be one of: http, https, h2c.',
  missing: (name: string) => `Missing required member \`${name}\`.`,
  missingClassic: (name: string) =>
    `Missing member \`${name}\`, which the classic schema requires. The gateway still loads the definition (it does not run that schema) ` +
    'and leaves the member at its default; add it to say what you mean.',
  eitherMissing: (...names: string[]) => `Missing ${names.map((n) => `\`${n}\``).join(' or ')}: one of them is required.`,
  /** `how`: what import puts there, e.g. "as `/` or the `listenPath` parameter". */
  filledIn: (missing: string, how: string) =>
    `${missing} An import template may leave it out: the gateway's import fills it in ${how}; write it to say what you mean.`,
  /** A member only import fills in, missing from an OAS document: POST, PUT and PATCH refuse it. */
  requiredOnCreate: (missing: string) =>
    `${missing} The gateway's create, update and PATCH endpoints refuse the document without it (only its import endpoint fills it in): ` +
    'add it, or mark the file as an import template (`oas-template` in `svc.files.associations`, or a `$schema` naming `oas-template.schema.json`).',
  readableDurationNumber: (name: string, value: number) =>
    `\`${name}\` is a readable duration: the gateway's decoder takes only a string and refuses \`${value}\`; write a duration string such as \`"30s"\`, or \`""\` for none.`,
  mustBeObject: (name: string) => `\`${name}\` must be an object.`,
  mustBeBoolean: (name: string) => `\`${name}\` must be true or false.`,
  mustBeInteger: (name: string) => `\`${name}\` must be an integer.`,
  mustBeNumber: (name: string) => `\`${name}\` must be a number.`,
  mustBeString: (name: string) => `\`${name}\` must be a string.`,
  unknown: (name: string, suggestion?: string) => (suggestion ? `Unknown member \`${name}\`: did you mean \`${suggestion}\`?` : `Unknown member \`${name}\`.`),
  applyPolicyIdDeprecated: '`apply_policy_id` is deprecated: use apply_policies (a list of policy ids).',
  authSources: (name: string) => `All auth sources are disabled for \`${name}\`: enable at least one of header, query or cookie.`,
  badIp: (ip: string) => `\`${ip}\` is not a valid IP address or CIDR range.`,
  notNegative: (name: string) => `\`${name}\` must not be negative.`,
  listenPathSlash: (path: string) => `The listen path \`${path}\` must start with \`/\`.`,
  lbNoTargets: 'Load balancing is enabled but `target_list` has no targets.',
  lbEmptyTargets: '`targets` must have at least one item.',
  lbZeroWeights: 'All load balancing targets have weight 0: give at least one target a positive weight.',
  apiId: '`api_id` must not be `.` or `..` or contain `/` or `\\`.',
  schemeMissing: (name: string, suggestion?: string) =>
    `The security scheme \`${name}\` is not defined in \`components.securitySchemes\`.${suggestion ? ` Did you mean \`${suggestion}\`?` : ''}`,
  operationMissing: (id: string, suggestion?: string) =>
    `\`${id}\` is not the operationId of any operation in \`paths\`${suggestion ? `: did you mean \`${suggestion}\`?` : '.'}`,
  perNonSpecOas: "`per` uses the reference gateway's form, accepted but not the spec's: the spec wants an integer number of seconds (for example 60).",
  perStreamsInteger: '`per` is an ISO 8601 duration in streams documents, e.g. "PT1M".',
  perNonSpecStreams: '`per` uses the reference gateway\'s form, accepted but not the spec\'s: the spec wants an ISO 8601 duration (for example "PT1M").',
  commaExpected: 'Expected a comma.',
  comment: 'Comments are not allowed in JSON (use a .jsonc file if the tools reading it accept comments).',
  tooDeep: 'The document is nested too deeply (more than 512 levels): Svc does not check it further.',
  duplicateListenPath: (path: string, other: string) =>
    `The listen path \`${path}\` is also used by ${other}: the dashboard refuses a second API on the same path.`,
};
