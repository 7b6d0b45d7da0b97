// Shapes of the classic → OAS-native migration converter (docs: migration-mapping.md).
// The classic definition is kept loose on purpose: real documents carry members the spec does
// not list (e.g. `ip_access_control_disabled`, `upstream_auth`, `error_overrides`), and the
// converter must read them without a cast at every step.

/** A JSON object whose members are read defensively by the mappers. */
export type Json = Record<string, any>;

/** One entry of `version_data.versions` (gateway-facts §2.3). */
export interface VersionInfo extends Json {
  name?: string;
  expires?: string;
  use_extended_paths?: boolean;
  extended_paths?: Json;
  global_headers?: Record<string, string>;
  global_headers_remove?: string[];
  global_headers_disabled?: boolean;
  global_response_headers?: Record<string, string>;
  global_response_headers_remove?: string[];
  global_response_headers_disabled?: boolean;
  ignore_endpoint_case?: boolean;
  global_size_limit?: number;
  global_size_limit_disabled?: boolean;
  global_enforce_timeout?: number | string;
  global_enforce_timeout_disabled?: boolean;
  override_target?: string;
}

/** Classic API definition (spec "ClassicApiDefinition"); every member optional. */
export interface ClassicApiDefinition extends Json {
  api_id?: string;
  id?: string;
  org_id?: string;
  name?: string;
  active?: boolean;
  internal?: boolean;
  is_oas?: boolean;
  protocol?: string;
  listen_port?: number;
  expiration?: string;
  proxy?: Json;
  definition?: Json;
  version_data?: { not_versioned?: boolean; default_version?: string; versions?: Record<string, VersionInfo> } & Json;
  auth_configs?: Record<string, Json>;
  graphql?: Json;
}

/** An OAS document (spec "OasDocument") carrying `x-svc-api-gateway`. */
export interface OasDocument extends Json {
  openapi: string;
  info: Json & { title: string; version: string };
  paths: Json;
  components?: Json;
  security?: Array<Record<string, string[]>>;
  'x-svc-api-gateway': Json;
}

/** Options of `convertClassicToOas`. */
export interface ConvertOptions {
  /** New ids for child APIs (§3). Default: 32 random hex characters. Tests pass a counter. */
  generateId?: () => string;
  /**
   * Extra validation of each finished document (§7), e.g. the project's extension schema run
   * with ajv by the caller. Each returned string is one problem (`<dotted.path>: <message>`).
   */
  validate?: (doc: OasDocument) => string[];
  /**
   * Form of `rateLimit.per`. The spec decides (gateway-facts §3.4): integer seconds in OAS
   * documents (default). `duration` gives the reference gateway's Go form (`"1m"`).
   */
  rateLimitPer?: 'seconds' | 'duration';
}

/**
 * Result of a conversion: documents plus what was dropped (§6, `warnings`) and what changed shape on the way
 * (`changes`: one sentence per reshaping that applied to this API, e.g. a map that became a list; changes.ts).
 */
export type ConvertResult =
  | { ok: true; baseAPI: OasDocument; versions: OasDocument[]; warnings: string[]; changes: string[] }
  | { ok: false; errors: string[]; warnings: string[]; changes: string[] };

/** Collects §6 notes while the stages run. */
export interface Report {
  warnings: string[];
}
