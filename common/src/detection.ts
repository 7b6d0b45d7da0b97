// Which kind of Svc document is this? Decided by content, not file name, so a definition
// saved as `foo.json` still gets validation. A `$schema` member naming one of our schemas,
// then an `svc.files.associations` glob, override the content. Anything else is not ours and
// gets nothing from us (no noise on unrelated JSON). The one use of the file name: an OAS or
// streams document named `….oas-template.json` / `….streams-template.json` is an import template.

import { isDocumentKind, type DocumentKind } from './kinds';
import type { DocumentKindParams } from './protocol';
import { SCHEMA_FILE_BY_KIND } from './schemaFiles';
import { matchGlob } from './glob';

export type DetectionSource = NonNullable<DocumentKindParams['source']>;

export interface Detection {
  kind: DocumentKind;
  source: DetectionSource;
}

/** `svc.files.associations`: glob → kind, e.g. `{ "**\/apis/*.json": "classic" }`. */
export type KindAssociations = Record<string, string> | undefined;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const has = (o: Json, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
const count = (o: Json, keys: readonly string[]): number => keys.reduce((n, k) => n + (has(o, k) ? 1 : 0), 0);

/**
 * Detects the kind of a document from its uri and parsed value. `$schema` wins (it travels with
 * the file), then the first matching association, then the content.
 */
export function detectKind(uri: string, value: unknown, associations?: KindAssociations): Detection | undefined {
  const detection = detectAnyKind(uri, value, associations);
  // YAML files are ours only as OAS and streams documents: the gateway takes YAML for those alone.
  if (detection && isYamlFileName(uri) && !YAML_KINDS.has(detection.kind)) return undefined;
  return detection;
}

/**
 * The kinds a YAML document can be (the gateway's OAS create and import endpoints accept YAML),
 * import templates of them included (the kinds a user marks: `oas-template`, `streams-template`).
 */
export const YAML_KINDS: ReadonlySet<DocumentKind> = new Set<DocumentKind>(['oas', 'streams', 'oas-template', 'streams-template']);

/** Whether a path or uri names a YAML file (`.yaml`, `.yml`). */
export function isYamlFileName(pathOrUri: string): boolean {
  return /\.ya?ml$/i.test(pathOrUri);
}

/** The language of a definition file read from disk, by its name: `yaml`, `jsonc` or `json`. */
export function languageIdOfFileName(pathOrUri: string): 'yaml' | 'jsonc' | 'json' {
  if (isYamlFileName(pathOrUri)) return 'yaml';
  return /\.jsonc$/i.test(pathOrUri) ? 'jsonc' : 'json';
}

function detectAnyKind(uri: string, value: unknown, associations?: KindAssociations): Detection | undefined {
  if (isObject(value) && typeof value.$schema === 'string') {
    const named = kindFromSchemaReference(value.$schema);
    if (named) return { kind: named, source: '$schema' };
  }
  const associated = kindFromAssociations(uri, associations);
  if (associated) return { kind: associated, source: 'association' };
  // A `$schema` naming someone else's schema is the user's explicit choice: not ours.
  if (isObject(value) && typeof value.$schema === 'string' && value.$schema.trim() !== '') return undefined;
  const kind = kindFromContent(value);
  if (!kind) return undefined;
  const template = templateKindOfFileName(uri, kind);
  return template ? { kind: template, source: 'file name' } : { kind, source: 'content' };
}

/**
 * Import templates are marked by the user, never guessed from content: a template and an API
 * with members missing look the same, and only the API is refused for them. Besides `$schema`
 * and `svc.files.associations`, the mark may be the file name: `<name>.oas-template.json` (the
 * pulled files' `<name>.<kind>.json` pattern), or `-`/`_` before the suffix as the reference's
 * own test data names them (`non-empty-x-tyk-ext-oas-template.json`). Only a document whose
 * content is an OAS (or streams) API becomes that kind's template.
 */
export function templateKindOfFileName(uri: string, contentKind: DocumentKind): DocumentKind | undefined {
  const path = pathOfUri(uri);
  const name = path.slice(path.lastIndexOf('/') + 1);
  const suffix = /(?:^|[._-])(oas|streams)-template\.(?:jsonc?|ya?ml)$/i.exec(name)?.[1]?.toLowerCase();
  if (suffix === 'oas' && contentKind === 'oas') return 'oas-template';
  if (suffix === 'streams' && contentKind === 'streams') return 'streams-template';
  return undefined;
}

/** `…/oas-api.schema.json`, `./schemas/oas-api.schema.json#` or the bare file name → `oas`. */
export function kindFromSchemaReference(reference: string): DocumentKind | undefined {
  const withoutFragment = reference.trim().replace(/[#?].*$/, '');
  const fileName = withoutFragment.slice(withoutFragment.lastIndexOf('/') + 1);
  for (const [kind, file] of Object.entries(SCHEMA_FILE_BY_KIND) as Array<[DocumentKind, string]>) {
    if (fileName === file) return kind;
  }
  return undefined;
}

/** The kind of the first association whose glob matches the document's path. */
export function kindFromAssociations(uri: string, associations: KindAssociations): DocumentKind | undefined {
  if (!associations || typeof associations !== 'object') return undefined;
  const path = pathOfUri(uri);
  for (const [glob, kind] of Object.entries(associations)) {
    if (isDocumentKind(kind) && matchGlob(glob, path)) return kind;
  }
  return undefined;
}

/** The path part of a uri (`file:///a/b%20c.json` → `/a/b c.json`); plain paths pass through. */
export function pathOfUri(uri: string): string {
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]+:/.exec(uri);
  if (!scheme) return uri.replace(/\\/g, '/');
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri.slice(scheme[0].length);
  }
}

// Members that only one kind carries (spec "Resources and their fields", gateway facts §2, §5, §6).
const SESSION_ONLY = [
  'allowance',
  'quota_remaining',
  'quota_renews',
  'apply_policies',
  'apply_policy_id',
  'basic_auth_data',
  'jwt_data',
  'hmac_string',
  'oauth_client_id',
  'data_expires',
  'monitor',
  'key_id',
  'alias',
  'expires',
  'last_check',
  'enable_detail_recording',
  'id_extractor_deadline',
  'oauth_keys',
  'rsa_certificate_id',
  'certificate',
] as const;
const POLICY_ONLY = ['partitions', 'key_expires_in', 'graphql_access_rights', 'access_rights_array', 'auth_types'] as const;
const SESSION_OR_POLICY = [
  'access_rights',
  'rate',
  'per',
  'quota_max',
  'quota_renewal_rate',
  'throttle_interval',
  'throttle_retry_limit',
  'max_query_depth',
  'smoothing',
  'hmac_enabled',
  'is_inactive',
  'enable_http_signature_validation',
] as const;
const CLASSIC_SHAPE = [
  'use_keyless',
  'use_standard_auth',
  'use_oauth2',
  'use_basic_auth',
  'enable_jwt',
  'auth',
  'auth_configs',
  'definition',
  'slug',
  'listen_port',
  'protocol',
  'custom_middleware',
  'cache_options',
  'CORS',
  'enable_signature_checking',
  'base_identity_provided_by',
  'event_handlers',
  'uptime_tests',
  'global_rate_limit',
  'disable_rate_limit',
  'is_oas',
] as const;

/** The kind a value's shape says, or `undefined` when it is not one of ours. */
export function kindFromContent(value: unknown): DocumentKind | undefined {
  if (!isObject(value)) return undefined;
  // OAS documents: the extensions decide; a streams document also carries x-svc-api-gateway.
  if (isObject(value['x-svc-streaming'])) return 'streams';
  if (isObject(value['x-svc-api-gateway'])) return 'oas';
  if (has(value, 'openapi') || has(value, 'swagger')) return undefined; // plain OpenAPI: not ours
  if (isObject(value.api_definition)) return 'dashboard-api';
  if (looksClassic(value)) return 'classic';
  if (typeof value.client_id === 'string' && count(value, ['redirect_uri', 'secret', 'policy_id', 'api_id']) > 0) return 'oauth-client';
  if (has(value, 'email_address') && count(value, ['first_name', 'last_name', 'user_permissions', 'password']) > 0) return 'user';
  if (has(value, 'target_path') && count(value, ['method', 'header_map', 'event_timeout', 'webhook_id', 'template_path']) > 0) return 'webhook';
  return sessionOrPolicy(value) ?? (isPolicyMap(value) ? 'policies' : undefined);
}

/**
 * The gateway's `policies.json` (gateway/policy.go, LoadPoliciesFromFile decodes a
 * `map[string]user.Policy`): every member is an object that reads as a policy (its own members
 * say so, or it has `access_rights`), and at least one.
 */
function isPolicyMap(value: Json): boolean {
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((entry) => isObject(entry) && (isObject(entry.access_rights) || sessionOrPolicy(entry) === 'policy'));
}

function looksClassic(value: Json): boolean {
  const proxy = value.proxy;
  if (isObject(proxy) && (has(proxy, 'listen_path') || has(proxy, 'target_url'))) return true;
  if (isObject(value.version_data)) return true;
  return has(value, 'api_id') && count(value, CLASSIC_SHAPE) > 0;
}

function sessionOrPolicy(value: Json): DocumentKind | undefined {
  const sessionScore = count(value, SESSION_ONLY);
  const policyScore = count(value, POLICY_ONLY);
  const shared = count(value, SESSION_OR_POLICY);
  const hasAccessRights = isObject(value.access_rights);
  const plausible = hasAccessRights || (shared >= 2 && sessionScore + policyScore >= 1) || sessionScore + policyScore >= 3;
  if (!plausible) return undefined;
  if (policyScore > sessionScore) return 'policy';
  if (sessionScore > policyScore) return 'session';
  // Tie (usually nothing specific): policies are named objects with an id, keys are not.
  if (has(value, 'name') && (has(value, 'id') || has(value, '_id'))) return 'policy';
  return 'session';
}
