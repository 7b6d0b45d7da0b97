// The member types of a session (key) body, as the reference's JSON decoder reads them into its
// session struct (spec: "Session (access key record)"). A member of the wrong JSON type makes the
// reference refuse the whole body with 400; so does the sandbox, naming the member. `null` is
// accepted for any member (the decoder leaves the zero value), and unknown members are ignored.
// Integer members are checked on their source text too (rawNumbers.ts): `-1.0` and `1e2` are
// refused as the reference's decoder refuses them for int64, and integers beyond ±(2^53 − 1) are
// refused because a JavaScript number cannot keep them exactly (the reference keeps int64 exactly;
// silently storing 9007199254740993 as …992 would be worse than saying so).
import { rawChild, type RawTree } from './rawNumbers.js';

type Shape = 'string' | 'boolean' | 'integer' | 'number' | 'map' | 'any' | { array: Shape } | { object: Record<string, Shape> } | { mapOf: Shape };

const LIMIT: Shape = {
  object: {
    rate: 'number',
    per: 'number',
    throttle_interval: 'number',
    throttle_retry_limit: 'integer',
    max_query_depth: 'integer',
    quota_max: 'integer',
    quota_renews: 'integer',
    quota_remaining: 'integer',
    quota_renewal_rate: 'integer',
  },
};

const ACCESS_DEFINITION: Shape = {
  object: {
    api_id: 'string',
    api_name: 'string',
    versions: { array: 'string' },
    allowed_urls: { array: { object: { url: 'string', methods: { array: 'string' } } } },
    limit: LIMIT,
    disable_introspection: 'boolean',
    allowance_scope: 'string',
  },
};

const SMOOTHING: Shape = { object: { enabled: 'boolean', delay: 'integer', step: 'integer', threshold: 'integer', trigger: 'number' } };

export const SESSION_SHAPE: Record<string, Shape> = {
  access_rights: { mapOf: ACCESS_DEFINITION },
  alias: 'string',
  allowance: 'number',
  apply_policies: { array: 'string' },
  apply_policy_id: 'string',
  basic_auth_data: { object: { hash_type: 'string', password: 'string', user: 'string' } },
  certificate: 'string',
  data_expires: 'integer',
  date_created: 'string',
  enable_detail_recording: 'boolean',
  enable_detailed_recording: 'boolean',
  enable_http_signature_validation: 'boolean',
  expires: 'integer',
  hmac_enabled: 'boolean',
  hmac_string: 'string',
  id_extractor_deadline: 'integer',
  is_inactive: 'boolean',
  jwt_data: { object: { secret: 'string' } },
  key_id: 'string',
  last_check: 'integer',
  last_updated: 'string',
  max_query_depth: 'integer',
  // map[string]interface{} in the reference: any object (or null), never an array or a scalar.
  meta_data: 'map',
  monitor: { object: { trigger_limits: { array: 'number' } } },
  oauth_client_id: 'string',
  oauth_keys: 'map',
  org_id: 'string',
  per: 'number',
  quota_max: 'integer',
  quota_remaining: 'integer',
  quota_renewal_rate: 'integer',
  quota_renews: 'integer',
  rate: 'number',
  rsa_certificate_id: 'string',
  session_lifetime: 'integer',
  smoothing: SMOOTHING,
  tags: { array: 'string' },
  throttle_interval: 'number',
  throttle_retry_limit: 'integer',
};

/** The first member of `session` whose JSON type the reference's decoder would refuse, as a sentence; undefined when all fit. */
export function sessionTypeError(session: Record<string, unknown>, raw?: RawTree): string | undefined {
  return checkObject(session, SESSION_SHAPE, '', raw);
}

function checkObject(value: Record<string, unknown>, members: Record<string, Shape>, prefix: string, raw: RawTree): string | undefined {
  for (const [name, shape] of Object.entries(members)) {
    if (!(name in value)) continue;
    const problem = check(value[name], shape, `${prefix}${name}`, rawChild(raw, name));
    if (problem) return problem;
  }
  return undefined;
}

/** The reference's int64 decoding of an integer member's text: digits only, within what we keep exactly. */
function integerTextProblem(value: number, text: RawTree, path: string): string | undefined {
  if (typeof text === 'string' && /[.eE]/.test(text))
    // The reference's own words (Go's encoding/json), as the sandbox's other decoding refusals.
    return `json: cannot unmarshal number ${text} into Go struct field ${path} of type int64`;
  if (!Number.isSafeInteger(value)) {
    return `${path} is ${typeof text === 'string' ? text : value}, beyond ±9007199254740991, which the sandbox cannot store exactly`;
  }
  return undefined;
}

function check(value: unknown, shape: Shape, path: string, raw: RawTree = undefined): string | undefined {
  if (value === null || shape === 'any') return undefined;
  const wrong = (expected: string) => `${path} must be ${expected}, got ${describe(value)}`;
  if (shape === 'string') return typeof value === 'string' ? undefined : wrong('a string');
  if (shape === 'boolean') return typeof value === 'boolean' ? undefined : wrong('true or false');
  if (shape === 'number') return typeof value === 'number' ? undefined : wrong('a number');
  if (shape === 'integer') return Number.isInteger(value) ? integerTextProblem(value as number, raw, path) : wrong('an integer');
  const isObject = typeof value === 'object' && !Array.isArray(value);
  if (shape === 'map') return isObject ? undefined : wrong('an object');
  if ('array' in shape) {
    if (!Array.isArray(value)) return wrong('an array');
    for (let i = 0; i < value.length; i++) {
      const problem = check(value[i], shape.array, `${path}[${i}]`, rawChild(raw, i));
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isObject) return wrong('an object');
  const record = value as Record<string, unknown>;
  if ('object' in shape) return checkObject(record, shape.object, `${path}.`, raw);
  for (const [key, item] of Object.entries(record)) {
    const problem = check(item, shape.mapOf, `${path}.${key}`, rawChild(raw, key));
    if (problem) return problem;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return typeof value;
}
