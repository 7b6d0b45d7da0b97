// The reference gateway's Go decoding, member by member (docs/language-server.md, "Go decoding").
// The gateway decodes a definition, key or policy into typed structs, and the Go type of a member
// decides what its JSON may be, whatever our schema's `type` says:
// - `time.Duration` (an int64 count of nanoseconds): a JSON integer; `"5s"` fails to decode
//   (apidef/api_definitions.go, HostCheckObject.Timeout);
// - the reference's readable duration (internal/time/duration.go, ReadableDuration.UnmarshalJSON):
//   only a JSON string (it `strconv.Unquote`s the raw bytes, so an integer or `null` fails);
// - unsigned integers (`uint16`, `uint64`): no negative number;
// - integers of any size: no fraction and no exponent in the literal (numberLiterals.ts);
// - object ids (`model.ObjectID`, mgo's `bson.ObjectId`): 24 hexadecimal digits or
//   `{"$oid": "…"}`; `""` and `null` decode as "no id".
// The same member follows the same rule standalone or wrapped in a dashboard record.

import { childPointer } from '../jsonPointer';
import { Codes } from '../codes';
import type { Problem } from '../problem';
import { numberLiteralsIn } from '../numberLiterals';
import { arr, error, obj } from './util';

type GoType = 'duration' | 'readable' | 'uint16' | 'uint64' | 'objectId';

/**
 * Classic definition members by Go type (apidef/api_definitions.go): a path of member names, `*`
 * for every array item or map value.
 */
const CLASSIC: Array<[path: string, type: GoType]> = [
  ['id', 'objectId'], // APIDefinition.Id model.ObjectID `json:"id"`
  ['uptime_tests.check_list.*.timeout', 'duration'], // HostCheckObject.Timeout time.Duration
  ['jwt_jwks_uris.*.cache_timeout', 'readable'], // JWK.CacheTimeout tyktime.ReadableDuration
  ['version_data.versions.*.global_enforce_timeout', 'readable'],
  ['version_data.versions.*.extended_paths.hard_timeouts.*.duration', 'readable'],
  ['jwt_issued_at_validation_skew', 'uint64'],
  ['jwt_expires_at_validation_skew', 'uint64'],
  ['jwt_not_before_validation_skew', 'uint64'],
  // ExternalOAuth → Provider → JWTValidation
  ['external_oauth.providers.*.jwt.issued_at_validation_skew', 'uint64'],
  ['external_oauth.providers.*.jwt.not_before_validation_skew', 'uint64'],
  ['external_oauth.providers.*.jwt.expires_at_validation_skew', 'uint64'],
  ['proxy.transport.ssl_min_version', 'uint16'],
  ['proxy.transport.ssl_max_version', 'uint16'],
];

const DASHBOARD_CLASSIC = CLASSIC.filter(([path]) => path !== 'uptime_tests.check_list.*.timeout');

/** Policy members by Go type (user/policy.go: `MID model.ObjectID json:"_id"`). */
const POLICY: Array<[path: string, type: GoType]> = [['_id', 'objectId']];

/** What the decoder refuses in a document of `kind` (the type rules above; integer literals are `integerLiteralProblems`). */
export function decodingProblems(kind: string, value: unknown): Problem[] {
  const out: Problem[] = [];
  if (kind === 'classic') walkTable(CLASSIC, value, '', out);
  // In a dashboard record the spec writes the uptime timeout as a duration string (dashboard-style
  // bodies) while real exports carry the Go integer: both are taken (docs/language-server.md).
  else if (kind === 'dashboard-api') walkTable(DASHBOARD_CLASSIC, obj(value)?.api_definition, '/api_definition', out);
  else if (kind === 'policy') walkTable(POLICY, value, '', out);
  else if (kind === 'policies') for (const [id, policy] of Object.entries(obj(value) ?? {})) walkTable(POLICY, policy, childPointer('', id), out);
  return out;
}

function walkTable(table: Array<[string, GoType]>, root: unknown, base: string, out: Problem[]): void {
  if (!obj(root)) return;
  for (const [path, type] of table) visit(root, path.split('.'), base, type, out);
}

function visit(value: unknown, segments: string[], pointer: string, type: GoType, out: Problem[]): void {
  if (segments.length === 0) {
    check(value, pointer, type, out);
    return;
  }
  const [head, ...rest] = segments;
  if (head === '*') {
    const items = arr(value);
    if (items) items.forEach((item, i) => visit(item, rest, childPointer(pointer, i), type, out));
    else for (const [key, item] of Object.entries(obj(value) ?? {})) visit(item, rest, childPointer(pointer, key), type, out);
    return;
  }
  const o = obj(value);
  if (!o || !Object.prototype.hasOwnProperty.call(o, head)) return;
  visit(o[head], rest, childPointer(pointer, head), type, out);
}

function check(value: unknown, pointer: string, type: GoType, out: Problem[]): void {
  const last = pointer.slice(pointer.lastIndexOf('/') + 1);
  // Stryker disable next-line StringLiteral: the name is a table's last member name, which holds no `~` or `/`
  const name = last.replace(/~1/g, '/').replace(/~0/g, '~');
  const message = MESSAGES[type](name, value);
  if (message !== undefined) out.push(error(pointer, 'value', Codes.decoding, message, { gatewayMessage: goError(type, pointer, value) }));
}

/** The Go type and struct of each member type, for the decoder's own error. */
const GO_TYPES: Record<GoType, string> = {
  duration: 'time.Duration',
  // Stryker disable next-line StringLiteral: unread: a readable duration's error is ReadableDuration's own (goError)
  readable: 'time.ReadableDuration',
  uint16: 'uint16',
  uint64: 'uint64',
  // Stryker disable next-line StringLiteral: unread: an object id's error is the id decoder's own (goError)
  objectId: 'model.ObjectID',
};

/** JSON's name for a value's type, as Go's UnmarshalTypeError says it (`string`, `number -1`…). */
function jsonValueName(value: unknown): string {
  if (typeof value === 'number') return `number ${value}`;
  // Stryker disable next-line StringLiteral: no null reaches it (a Duration takes null, the unsigned rules leave it to the schema)
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : 'string';
}

/** The member path Go's errors print (`uptime_tests.check_list.timeout`: names only, no indices or map keys). */
export function goFieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .filter((s) => !/^\d+$/.test(s) && s !== 'api_definition')
    .join('.');
}

/**
 * The reference's own error: Go's UnmarshalTypeError for typed members, ReadableDuration's
 * ("error while parsing duration"), the object id decoder's.
 */
function goError(type: GoType, pointer: string, value: unknown): string {
  if (type === 'readable') return 'error while parsing duration';
  if (type === 'objectId') return typeof value === 'string' ? `invalid ObjectId in JSON: ${JSON.stringify(value)}` : 'not an extended JSON ObjectID';
  return `json: cannot unmarshal ${jsonValueName(value)} into Go struct field ${goFieldPath(pointer)} of type ${GO_TYPES[type]}`;
}

const shown = (value: unknown): string => '`' + JSON.stringify(value) + '`';

const MESSAGES: Record<GoType, (name: string, value: unknown) => string | undefined> = {
  duration: (name, value) => {
    if (value === null || (typeof value === 'number' && Number.isInteger(value))) return undefined;
    const nanos = typeof value === 'string' ? nanosecondsOf(value) : undefined;
    const instead = nanos !== undefined ? `write \`${nanos}\` (${value as string})` : 'write an integer such as `5000000000` (5 s)';
    return `\`${name}\` is a Go time.Duration: the gateway's decoder takes an integer of nanoseconds and refuses ${shown(value)}; ${instead}.`;
  },
  readable: (name, value) => {
    if (typeof value === 'string') return undefined;
    const instead =
      typeof value === 'number' && Number.isFinite(value) && value >= 0 ? `write \`"${value}s"\`` : 'write a duration string such as `"30s"`, or `""` for none';
    return `\`${name}\` is a readable duration: the gateway's decoder takes only a string and refuses ${shown(value)}; ${instead}.`;
  },
  uint16: (name, value) => unsignedMessage(name, value, 65535, 'uint16'),
  uint64: (name, value) => unsignedMessage(name, value, Number.MAX_SAFE_INTEGER, 'uint64'),
  objectId: (name, value) => {
    if (isObjectId(value)) return undefined;
    return (
      `\`${name}\` is a database object id: the gateway decodes it as 24 hexadecimal digits (or \`{"$oid": "…"}\`) and refuses ${shown(value)}; ` +
      `write an id such as \`"5ead7120575961000181867f"\`, or \`""\` or leave \`${name}\` out for none.`
    );
  },
};

function unsignedMessage(name: string, value: unknown, max: number, goType: string): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return undefined; // the schema's type check says it
  if (value >= 0 && value <= max) return undefined;
  const range = max === 65535 ? 'between `0` and `65535`' : '`0` or more';
  return `\`${name}\` is unsigned in the gateway (Go ${goType}): its decoder refuses \`${value}\`; write a whole number ${range} (\`0\` = the default).`;
}

/**
 * Does the object-id decoder take `value`? mgo's bson.ObjectId.UnmarshalJSON and the storage
 * model's (mongo-driver's primitive.ObjectID) both take `null`, `""`, 24 hex digits and
 * `{"$oid": …}` holding one of those.
 */
export function isObjectId(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '' || /^[0-9a-fA-F]{24}$/.test(value);
  const o = obj(value);
  if (!o || !Object.prototype.hasOwnProperty.call(o, '$oid')) return false;
  const inner = o.$oid;
  return typeof inner === 'string' && (inner === '' || /^[0-9a-fA-F]{24}$/.test(inner));
}

const UNIT_NANOS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** Go's time.ParseDuration for the usual forms (`5s`, `1m30s`, `1.5s`, `250ms`), else undefined. */
export function nanosecondsOf(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    total += Number(m[1]) * UNIT_NANOS[m[2]];
    consumed = re.lastIndex;
  }
  return consumed === text.length && text.length > 0 ? Math.round(total) : undefined;
}

/**
 * Integer members written as `1718439136.0` or `1.7e9`: the literals noted on `value` whose
 * member the schema types as an integer (ours say `integer` exactly where the reference's Go type
 * is an integer: test/unit/schemas/reference-coverage.test.ts). `integerAt` answers that from the
 * compiled schema (refusals.ts).
 */
export function integerLiteralProblems(value: unknown, base: string, integerAt: (pointers: string[]) => Set<string>): Problem[] {
  const literals = numberLiteralsIn(value);
  if (literals.length === 0) return [];
  const byPointer = new Map(literals.map((l) => [l.path.reduce<string>((p, s) => childPointer(p, s), base), l]));
  const integers = integerAt([...byPointer.keys()]);
  const out: Problem[] = [];
  for (const [pointer, literal] of byPointer) {
    if (!integers.has(pointer)) continue;
    const name = String(literal.path[literal.path.length - 1]);
    out.push(
      error(
        pointer,
        'value',
        Codes.decoding,
        `\`${name}\` is an integer in the gateway: its Go decoder refuses the number \`${literal.text}\` ` +
          '(a fraction or an exponent, even when the value is whole); ' +
          `write \`${BigInt(literal.value).toString()}\`.`,
        { gatewayMessage: `json: cannot unmarshal number ${literal.text} into Go struct field ${goFieldPath(pointer)} of type int64` },
      ),
    );
  }
  return out;
}
