// migration-mapping.md §2, steps 1–6: in-place clean-up of a (cloned) classic definition before
// the version split (§3, versioning.ts) and the endpoint normalisation (§4, endpoints.ts).
import type { ClassicApiDefinition, Json, Report } from './types.js';
import { isObject, isZero, obj, str } from './util.js';

/** Which classic switch puts each `auth_configs` key in use (§2 step 2, §5.4, §5.5). */
export const AUTH_CONFIG_IN_USE: Readonly<Record<string, (d: ClassicApiDefinition) => boolean>> = {
  authToken: (d) => d.use_standard_auth === true,
  jwt: (d) => d.enable_jwt === true,
  basic: (d) => d.use_basic_auth === true,
  oauth: (d) => d.use_oauth2 === true,
  externalOAuth: (d) => obj(d.external_oauth).enabled === true,
  hmac: (d) => d.enable_signature_checking === true,
  oidc: (d) => d.use_openid === true,
  coprocess: (d) => d.custom_plugin_auth_enabled === true,
};

/** Runs §2 steps 1–6 in order on `def` (mutated). */
export function preprocess(def: ClassicApiDefinition, report: Report): void {
  markCustomPluginAuth(def);
  pruneAuthConfigs(def, report);
  markEmptyThingsDisabled(def);
  moveJwtScopes(def);
  dropResponseBodyTransform(def, report);
  markRateLimitDisabled(def);
}

/** Step 1: both legacy plugin-auth switches mean "custom plugin auth". */
function markCustomPluginAuth(def: ClassicApiDefinition): void {
  if (def.use_go_plugin_auth === true || def.enable_coprocess_auth === true) def.custom_plugin_auth_enabled = true;
}

/**
 * Step 2: keep only `auth_configs` of methods in use and name each after its key (the key becomes
 * the OAS security-scheme name). Our addition: a method in use without an entry gets one (the
 * legacy `auth` member for `authToken`, else empty), so migration never silently drops an
 * authentication method; the preview says so.
 */
function pruneAuthConfigs(def: ClassicApiDefinition, report: Report): void {
  const configs: Record<string, Json> = isObject(def.auth_configs) ? def.auth_configs : {};
  for (const key of Object.keys(configs)) {
    const inUse = AUTH_CONFIG_IN_USE[key];
    if (inUse && inUse(def)) continue;
    const { name: _name, ...rest } = obj(configs[key]);
    if (!isZero(rest)) report.warnings.push(`auth_configs.${key} dropped: the auth method is not in use`);
    delete configs[key];
  }
  for (const [key, inUse] of Object.entries(AUTH_CONFIG_IN_USE)) {
    if (!inUse(def) || isObject(configs[key])) continue;
    configs[key] = key === 'authToken' && isObject(def.auth) ? { ...def.auth } : {};
    report.warnings.push(`auth_configs.${key} missing for an auth method in use: defaults assumed`);
  }
  for (const key of Object.keys(configs)) configs[key] = { ...obj(configs[key]), name: key };
  def.auth_configs = configs;
}

/** Step 3: empty things are marked disabled, so their OAS `enabled` (¬flag) is false. */
function markEmptyThingsDisabled(def: ClassicApiDefinition): void {
  if (!str(def.custom_middleware_bundle)) def.custom_middleware_bundle_disabled = true;
  if (isZeroLength(def.config_data)) def.config_data_disabled = true;
  if (isZeroLength(def.upstream_certificates)) def.upstream_certificates_disabled = true;
  if (isZeroLength(def.pinned_public_keys)) def.certificate_pinning_disabled = true;
  if (isZeroLength(def.tags)) def.tags_disabled = true;
  if (!str(def.domain)) def.domain_disabled = true;
  const mw = def.custom_middleware;
  if (isObject(mw)) {
    if (isObject(mw.auth_check) && !str(mw.auth_check.name) && !str(mw.auth_check.path)) mw.auth_check.disabled = true;
    if (isObject(mw.id_extractor) && !str(mw.id_extractor.extract_from) && !str(mw.id_extractor.extract_with)) {
      mw.id_extractor.disabled = true;
    }
  }
}

function isZeroLength(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.keys(v).length === 0;
  return v === undefined || v === null || v === '';
}

/** Step 4: legacy JWT scope fields move under `scopes.jwt`, or `scopes.oidc` with OpenID on. */
function moveJwtScopes(def: ClassicApiDefinition): void {
  const claim = str(def.jwt_scope_claim_name);
  const mapping = isObject(def.jwt_scope_to_policy_mapping) ? def.jwt_scope_to_policy_mapping : undefined;
  delete def.jwt_scope_claim_name;
  delete def.jwt_scope_to_policy_mapping;
  if (!claim && !mapping) return;
  const scopes = (def.scopes = obj(def.scopes));
  const target = (scopes[def.use_openid === true ? 'oidc' : 'jwt'] = obj(scopes[def.use_openid === true ? 'oidc' : 'jwt']));
  if (claim) target.scope_claim_name = claim;
  if (mapping && Object.keys(mapping).length) target.scope_to_policy = { ...mapping };
}

/** Step 5: the `response_body_transform` processor is dropped (§6). */
function dropResponseBodyTransform(def: ClassicApiDefinition, report: Report): void {
  if (!Array.isArray(def.response_processors)) return;
  const kept = def.response_processors.filter((p: unknown) => obj(p).name !== 'response_body_transform');
  if (kept.length !== def.response_processors.length) {
    report.warnings.push('response_processors: response_body_transform dropped');
  }
  def.response_processors = kept;
}

/** Step 6: a global rate limit without a positive rate and period is off. */
function markRateLimitDisabled(def: ClassicApiDefinition): void {
  const rl = def.global_rate_limit;
  if (!isObject(rl)) return;
  if (!((rl.rate ?? 0) > 0) || !((rl.per ?? 0) > 0)) rl.disabled = true;
}
