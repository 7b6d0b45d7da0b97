// Types of every resource and response shape of the management API spec
// (../shared/spec/management-api.md, "Resources and their fields"). Every member is optional
// unless the spec marks it required. Free-form objects ("map") are `JsonMap`. Large documents
// (API definitions, OAS documents) list the members the tools use and keep an index signature,
// because servers add members and we must round-trip what we do not know unchanged.

export type JsonMap = Record<string, unknown>;

// ---- Common response shapes ---------------------------------------------------------------

/** Gateway-style write answer: `{action, key, key_hash, status}`. */
export interface ActionResult {
  action?: string;
  key?: string;
  key_hash?: string;
  status?: string;
}

/** Dashboard-style and admin write answer (capitalised members). */
export interface StatusResult {
  ID?: string;
  Message?: string;
  Meta?: unknown;
  Status?: string;
}

/** Answer of the dashboard key endpoints 17, 18 and 19. */
export interface KeyResult {
  api_model?: JsonMap;
  data?: DashboardSession;
  key_hash?: string;
  key_id?: string;
}

// ---- Session (access key record) ----------------------------------------------------------

export interface Smoothing {
  delay?: number;
  enabled?: boolean;
  step?: number;
  threshold?: number;
  trigger?: number;
}

/** Members shared by the gateway-style and dashboard-style bodies. */
export interface SessionBase {
  access_rights?: JsonMap;
  alias?: string;
  allowance?: number;
  apply_policies?: string[] | null;
  /** @deprecated use apply_policies */
  apply_policy_id?: string;
  certificate?: string;
  data_expires?: number;
  date_created?: string;
  enable_detailed_recording?: boolean;
  expires?: number;
  hmac_enabled?: boolean;
  hmac_string?: string;
  id_extractor_deadline?: number;
  is_inactive?: boolean;
  jwt_data?: { secret?: string };
  last_check?: number;
  last_updated?: string;
  max_query_depth?: number;
  monitor?: { trigger_limits?: number[] };
  oauth_client_id?: string;
  oauth_keys?: JsonMap;
  org_id?: string;
  per?: number;
  quota_max?: number;
  quota_remaining?: number;
  quota_renewal_rate?: number;
  quota_renews?: number;
  rate?: number;
  session_lifetime?: number;
  smoothing?: Smoothing;
  tags?: string[] | null;
  throttle_interval?: number;
  throttle_retry_limit?: number;
}

/** Session as the gateway family (`/svc/...`) sends and receives it: members marked (G). */
export interface GatewaySession extends SessionBase {
  basic_auth_data?: { hash_type?: string; password?: string };
  /** @deprecated use enable_detailed_recording */
  enable_detail_recording?: boolean;
  enable_http_signature_validation?: boolean;
  meta_data?: JsonMap;
  rsa_certificate_id?: string;
}

/** Session as the dashboard (`/api/...`) and admin families use it: members marked (D). */
export interface DashboardSession extends SessionBase {
  basic_auth_data?: { hash_type?: string; password?: string; user?: string };
  key_id?: string;
  meta_data?: unknown;
}

/** Either style; for code that only reads the shared members. */
export type Session = GatewaySession | DashboardSession;

// ---- Policy, OAuth client, user, webhook ----------------------------------------------------

export interface Policy {
  _id?: string;
  id?: string;
  access_rights?: JsonMap;
  active?: boolean;
  enable_http_signature_validation?: boolean;
  graphql_access_rights?: JsonMap;
  hmac_enabled?: boolean;
  is_inactive?: boolean;
  key_expires_in?: number;
  last_updated?: string;
  max_query_depth?: number;
  meta_data?: JsonMap;
  name?: string;
  org_id?: string;
  partitions?: { acl?: boolean; complexity?: boolean; per_api?: boolean; quota?: boolean; rate_limit?: boolean };
  per?: number;
  quota_max?: number;
  quota_renewal_rate?: number;
  rate?: number;
  smoothing?: Smoothing;
  tags?: string[] | null;
  throttle_interval?: number;
  throttle_retry_limit?: number;
}

export interface OAuthClient {
  api_id?: string;
  client_id?: string;
  description?: string;
  meta_data?: JsonMap;
  policy_id?: string;
  redirect_uri?: string;
  /** A client secret: never log it. */
  secret?: string;
}

export interface User {
  email_address: string;
  first_name: string;
  last_name: string;
  user_permissions: JsonMap;
  access_key?: string;
  active?: boolean;
  api_model?: JsonMap;
  created_at?: string;
  group_id?: string;
  id?: string;
  last_login_date?: string;
  org_id?: string;
  password_max_days?: number;
  password_updated?: string;
}

export interface Webhook {
  method: string;
  target_path: string;
  api_model?: JsonMap;
  event_timeout?: number;
  header_map?: Record<string, string>;
  id?: string;
  name?: string;
  org_id?: string;
  template_path?: string;
  webhook_id?: string;
}

// ---- Analytics -----------------------------------------------------------------------------

export interface AnalyticsRecordId {
  alias?: string;
  api_id?: string;
  api_name?: string;
  code?: number;
  day?: number;
  hour?: number;
  iso_country?: string;
  key?: string;
  month?: number;
  path?: string;
  queries?: JsonMap;
  url?: string;
  year?: number;
}

export interface AnalyticsRecord {
  error?: number;
  hits?: number;
  id?: AnalyticsRecordId;
  last_hit?: string;
  latency?: number;
  max_latency?: number;
  max_upstream_latency?: number;
  min_latency?: number;
  min_upstream_latency?: number;
  upstream_latency?: number;
  request_time?: number;
  success?: number;
}

export interface AnalyticsEnvelope {
  data?: AnalyticsRecord[] | null;
  pages?: number;
}

/** The date range of endpoint 21: day, month and year of the first and last day. */
export interface DayRange {
  start: { day: number | string; month: number | string; year: number | string };
  end: { day: number | string; month: number | string; year: number | string };
}

// ---- API definitions ----------------------------------------------------------------------

/** Classic API definition: the members the tools read, plus everything else as-is. */
export interface ClassicApiDefinition {
  api_id?: string;
  id?: string;
  org_id?: string;
  name?: string;
  slug?: string;
  active?: boolean;
  internal?: boolean;
  is_oas?: boolean;
  domain?: string;
  protocol?: string;
  tags?: string[];
  use_keyless?: boolean;
  use_standard_auth?: boolean;
  use_basic_auth?: boolean;
  use_oauth2?: boolean;
  use_openid?: boolean;
  enable_jwt?: boolean;
  use_mutual_tls_auth?: boolean;
  use_go_plugin_auth?: boolean;
  proxy?: {
    listen_path?: string;
    target_url?: string;
    strip_listen_path?: boolean;
    [member: string]: unknown;
  };
  version_data?: { default_version?: string; not_versioned?: boolean; versions?: JsonMap };
  definition?: JsonMap;
  [member: string]: unknown;
}

export interface OasInfo {
  title?: string;
  description?: string;
  termsOfService?: string;
  version?: string;
  contact?: { email?: string; name?: string; url?: string };
  license?: { name?: string; url?: string };
  [member: string]: unknown;
}

/** The `x-svc-api-gateway` extension (ApiExt): members the tools read, the rest kept. */
export interface ApiExt {
  info?: {
    dbId?: string;
    expiration?: string;
    id?: string;
    name?: string;
    orgId?: string;
    state?: { active?: boolean; internal?: boolean };
    versioning?: JsonMap;
    [member: string]: unknown;
  };
  middleware?: { global?: JsonMap; operations?: JsonMap; [member: string]: unknown };
  server?: {
    listenPath?: { strip?: boolean; value?: string };
    customDomain?: { certificates?: string[]; enabled?: boolean; name?: string };
    authentication?: JsonMap;
    [member: string]: unknown;
  };
  upstream?: { url?: string; [member: string]: unknown };
  [member: string]: unknown;
}

export interface OasDocument {
  openapi?: string;
  info?: OasInfo;
  externalDocs?: { description?: string; url?: string };
  servers?: Array<{ description?: string; url?: string; variables?: JsonMap }>;
  tags?: Array<{ name?: string; description?: string; externalDocs?: { description?: string; url?: string } }>;
  security?: JsonMap[];
  paths?: JsonMap;
  components?: JsonMap;
  'x-svc-api-gateway'?: ApiExt;
  [member: string]: unknown;
}

/** Streams API document: an OpenAPI document with both extensions. */
export interface StreamsDocument extends OasDocument {
  'x-svc-streaming'?: { streams?: JsonMap; [member: string]: unknown };
}

export interface HookReference {
  event_name?: string;
  event_timeout?: number;
  hook?: Webhook;
}

/** Dashboard API record. */
export interface DashApi {
  api_definition?: ClassicApiDefinition;
  api_model?: JsonMap;
  categories?: string[];
  created_at?: string;
  hook_references?: HookReference[];
  is_site?: boolean;
  oas?: OasDocument;
  sort_by?: number;
  updated_at?: string;
  user_group_owners?: string[];
  user_owners?: string[];
  [member: string]: unknown;
}

// ---- Examples ------------------------------------------------------------------------------

export interface ExampleApiDefinition {
  api_definition?: ClassicApiDefinition;
  description?: string;
  features?: string[] | null;
  location?: string;
  min_version?: string;
  name?: string;
  oas?: OasDocument;
  readme?: string;
}

/** One entry of `GET /api/examples` (listing extension, gateway-facts §8.6). */
export interface ExampleSummary {
  location: string;
  name?: string;
  shortDescription?: string;
}

// ---- Migration -----------------------------------------------------------------------------

export type MigrateMode = 'dryRun' | 'stage' | 'promote' | 'direct';

export interface MigrateRequest {
  mode: MigrateMode;
  apiIDs?: string[];
  all?: boolean;
  abortOnFailure?: boolean;
  overrideStaged?: boolean;
}

export interface MigrateResponse {
  success?: {
    count?: number;
    apiIDs?: string[];
    stagedAPIs?: Array<{ classicAPIID?: string; oasAPIID?: string }>;
    definitions?: Array<{ apiID?: string; baseAPI?: JsonMap; versions?: JsonMap[] }>;
  };
  failure?: { count?: number; errors?: Array<{ apiID?: string; message?: string[] }> };
  skipped?: { count?: number; apis?: Array<{ apiID?: string; message?: string; key?: string }> };
  abortedOnFailure?: boolean;
}

// ---- List envelopes ------------------------------------------------------------------------

/** `GET /api/apis`: `{apis, pages}` plus members the spec leaves open. */
export interface ApiListEnvelope {
  apis?: DashApi[] | null;
  pages?: number;
  [member: string]: unknown;
}

/** `GET /api/hooks`. */
export interface WebhookListEnvelope {
  hooks?: Webhook[] | null;
  pages?: number;
}

/** `GET /api/keys` (listing extension): key ids only, as the reference lists them. */
export interface KeyListEnvelope {
  data?: { keys?: string[] | null };
  pages?: number;
}

/** `GET /api/users` (listing extension). */
export interface UserListEnvelope {
  users?: User[] | null;
  pages?: number;
}

/** What the gateway answers for `GET /svc/apis/{id}` and lists in `GET /svc/apis`: classic or OAS-native. */
export type GatewayApi = ClassicApiDefinition;
