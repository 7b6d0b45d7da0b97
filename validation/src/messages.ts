// Every user-facing validation sentence, in one place: plain English, one problem each.
// `subject` is a member name in backticks (`protocol`, `targets[2]`) or "The document".

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/**
 * How import and PATCH fill in each member of the extension they complete (gateway-facts §8.4), by
 * its path below the extension (severity.ts `filledOnImportAt`).
 */
const IMPORT_FILLS: Record<string, string> = {
  '/info': 'with the name from `info.title` and the API active',
  '/info/name': 'from `info.title`',
  '/info/state': 'with the API active',
  '/info/state/active': 'as `true`',
  '/upstream': 'with the URL from the first of `servers` or the `upstreamURL` parameter',
  '/upstream/url': 'from the first of `servers` or the `upstreamURL` parameter',
  '/upstream/loadBalancing': 'with a URL from the first of `servers` or the `upstreamURL` parameter',
  '/server': 'with the listen path `/` or the `listenPath` parameter',
  '/server/listenPath': 'as `/` or the `listenPath` parameter',
  '/server/listenPath/value': 'as `/` or the `listenPath` parameter',
};
const IMPORT_FILLS_ANY = '(the name from the title, the upstream URL from `servers`, the listen path `/`, the API active)';

export function typeList(types: readonly string[]): string {
  const names = [...new Set(types)].map((t) => TYPE_NAMES[t] ?? t);
  return joinOr(names);
}

export function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return items.slice(0, -1).join(', ') + ' or ' + items[items.length - 1];
}

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1];
}

/** An enum or const value as users write it in a list: bare strings, `""` for the empty one. */
export function showValue(value: unknown): string {
  if (value === '') return '""';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const MAX_LISTED = 25;

export const Messages = {
  type: (subject: string, types: readonly string[]) => `${subject} must be ${typeList(types)}.`,
  enum: (subject: string, values: readonly unknown[]) => {
    // `""` in an enum means "not set": say "empty" in words rather than list a pair of quotes.
    const named = values.filter((v) => v !== '');
    const orEmpty = named.length < values.length;
    if (named.length === 0) return `${subject} must be empty.`;
    const shown = named.slice(0, MAX_LISTED).map(showValue).join(', ');
    return `${subject} must be one of: ${shown}${named.length > MAX_LISTED ? ', …' : ''}${orEmpty ? ' (or empty)' : ''}.`;
  },
  const: (subject: string, value: unknown) => `${subject} must be ${value === '' ? '""' : '`' + showValue(value) + '`'}.`,
  required: (name: string) => `Missing required member \`${name}\`.`,
  /** An import template's member the gateway's import fills in, by its path below the extension (severity.ts). */
  filledInOnImport: (missing: string, member: string) =>
    `${missing} An import template may leave it out: ` +
    `the gateway's import fills it in ${IMPORT_FILLS[member] ?? IMPORT_FILLS_ANY}; write it to say what you mean.`,
  /** Any one of the members would do (an `anyOf` of `required`s). */
  requiredEither: (names: readonly string[]) => `Missing ${names.map((n) => `\`${n}\``).join(' or ')}: one of them is required.`,
  /** A classic definition's missing member: the schema wants it, the gateway loads it anyway (severity.ts). */
  requiredByClassicSchema: (name: string) =>
    `Missing member \`${name}\`, which the classic schema requires. The gateway still loads the definition (it does not run that schema) ` +
    'and leaves the member at its default; add it to say what you mean.',
  pattern: (subject: string, pattern: string) => `${subject} must match the pattern \`${pattern}\`.`,
  format: (subject: string, format: string) => `${subject} must be ${FORMAT_NAMES[format] ?? `in the format ${format}`}.`,
  nullIgnored: (name: string) => `\`${name}\` is null: the gateway ignores it and keeps the default. Remove it or give it a value.`,
  minimum: (subject: string, limit: number, exclusive: boolean) =>
    exclusive ? `${subject} must be greater than ${limit}.` : limit === 0 ? `${subject} must not be negative.` : `${subject} must be at least ${limit}.`,
  maximum: (subject: string, limit: number, exclusive: boolean) =>
    exclusive ? `${subject} must be less than ${limit}.` : `${subject} must be at most ${limit}.`,
  multipleOf: (subject: string, factor: number) => `${subject} must be a multiple of ${factor}.`,
  minLength: (subject: string, limit: number) => (limit === 1 ? `${subject} must not be empty.` : `${subject} must be at least ${limit} characters long.`),
  maxLength: (subject: string, limit: number) => `${subject} must be at most ${limit} characters long.`,
  minItems: (subject: string, limit: number) => (limit === 1 ? `${subject} must have at least one item.` : `${subject} must have at least ${limit} items.`),
  maxItems: (subject: string, limit: number) => `${subject} must have at most ${limit} item${limit === 1 ? '' : 's'}.`,
  uniqueItems: (subject: string, i: number, j: number) => `${subject} must not contain duplicates (items ${j} and ${i} are equal).`,
  minProperties: (subject: string, limit: number) => `${subject} must have at least ${limit} member${limit === 1 ? '' : 's'}.`,
  maxProperties: (subject: string, limit: number) => `${subject} must have at most ${limit} member${limit === 1 ? '' : 's'}.`,
  dependency: (member: string, needed: readonly string[]) => `\`${member}\` also needs ${joinAnd(needed.map((n) => '`' + n + '`'))}.`,
  notAllowed: (subject: string) => `${subject} is not allowed here.`,
  /** A member only import fills in, missing from an OAS or streams document (severity.ts). */
  requiredOnCreate: (missing: string, kind: string) => {
    const template = kind === 'streams' ? 'streams-template' : 'oas-template';
    return (
      `${missing} The gateway's create, update and PATCH endpoints refuse the document without it (only its import endpoint fills it in): ` +
      `add it, or mark the file as an import template (\`${template}\` in \`svc.files.associations\`, or a \`$schema\` naming \`${template}.schema.json\`).`
    );
  },
  /** An unknown member of an object the reference's schema closes (`additionalProperties: false`). */
  closedObject: (member: string, object: string) =>
    `\`${member}\` is not allowed in \`${object}\`: the gateway's schema accepts no member there but the ones it declares; ` +
    `remove it (stream settings go under \`streams.<name>\`).`,
  propertyName: (name: string, pattern?: string) =>
    pattern ? `The member name \`${name}\` must match the pattern \`${pattern}\`.` : `The member name \`${name}\` is not allowed here.`,
  noAlternative: (subject: string) => `${subject} does not match any of the allowed forms.`,
  invalid: (subject: string) => `${subject} is not valid here.`,

  unknownMember: (name: string, suggestion?: string) =>
    suggestion ? `Unknown member \`${name}\`: did you mean \`${suggestion}\`?` : `Unknown member \`${name}\`.`,
  deprecated: (name: string, text: string | undefined, replacedBy?: string) =>
    text
      ? `\`${name}\` is deprecated: ${stripDeprecatedPrefix(name, text)}`
      : replacedBy
        ? `\`${name}\` is deprecated: use \`${replacedBy}\`.`
        : `\`${name}\` is deprecated.`,
  nonSpecForm: (subject: string, specForm: string) => `${subject} uses the reference gateway's form, accepted but not the spec's: the spec wants ${specForm}.`,

  sizeLimit: (size: number, limit: number) =>
    `The document is ${kb(size)}, above the ${kb(limit)} limit: Svc checks only its syntax (setting \`svc.validation.maxFileSize\`).`,
};

function kb(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}

/** Schemas write "x is deprecated: use y." — we already say "`x` is deprecated:". */
function stripDeprecatedPrefix(name: string, text: string): string {
  const prefix = new RegExp('^`?' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '`? is deprecated[:.]?\\s*', 'i');
  const rest = text.replace(prefix, '').trim();
  if (!rest) return 'do not use it.';
  const sentence = rest[0].toUpperCase() === rest[0] ? rest : rest;
  return /[.!?]$/.test(sentence) ? sentence : sentence + '.';
}

const FORMAT_NAMES: Record<string, string> = {
  uri: 'an absolute URI (for example https://example.com/path)',
  'uri-reference': 'a URI or a relative reference',
  'date-time': 'a date-time such as 2024-01-31T12:00:00Z',
  date: 'a date such as 2024-01-31',
  time: 'a time such as 12:00:00Z',
  email: 'an email address',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  regex: 'a valid regular expression',
  uuid: 'a UUID',
  duration: 'an ISO 8601 duration such as PT1M',
};
