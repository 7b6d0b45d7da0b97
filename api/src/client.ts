// ManagementClient: one typed method per endpoint of the management API spec (endpoints 1-24,
// numbered as in ../shared/spec/management-api.md) plus the listings beyond the spec that the
// sandbox documents (sandbox/README.md). Listings answer a 404/405 with a ManagementApiError of
// kind 'missing-endpoint' so a view can say "this server does not list X" instead of failing.
import { FAMILIES, type ConnectionConfig, type Family } from './connection';
import type { EndpointAvailability } from './availability';
import { ManagementApiError } from './errors';
import { HttpTransport, type ApiRequest } from './http';
import type {
  ActionResult,
  AnalyticsEnvelope,
  ApiListEnvelope,
  ClassicApiDefinition,
  DashApi,
  DashboardSession,
  DayRange,
  ExampleApiDefinition,
  ExampleSummary,
  GatewayApi,
  GatewaySession,
  KeyListEnvelope,
  KeyResult,
  MigrateRequest,
  MigrateResponse,
  OAuthClient,
  OasDocument,
  Policy,
  StatusResult,
  StreamsDocument,
  User,
  UserListEnvelope,
  Webhook,
  WebhookListEnvelope,
} from './types';

/** The streams media type of endpoints 12, 13 and 14. */
export const STREAMS_MEDIA_TYPE = 'application/vnd.svc.streams.oas';

/** Every method takes these last. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** A page of a paged list: `p` is 1-based; below zero asks for every item (spec, Limits). */
export interface PageOptions extends CallOptions {
  p?: number;
}

export interface CreateOasApiOptions extends CallOptions {
  baseApiId?: string;
  baseApiVersionName?: string;
  newVersionName?: string;
  setDefault?: boolean;
}

export interface CreateCustomKeyOptions extends CallOptions {
  /** Keep the live quota as it is (`suppress_reset=1`). */
  suppressReset?: boolean;
  /** Ask for a `key_hash` that resembles the key name (`hashed`). */
  hashed?: boolean;
}

export interface KeyLookupOptions extends CallOptions {
  /** `auto_guess`: it is unknown whether the path value is a hash. */
  autoGuess?: boolean;
  /** `hashed`: the path value is the key's hash. */
  hashed?: boolean;
  /** `username`: the path value is a username. */
  username?: boolean;
}

export interface UpdateKeyOptions extends KeyLookupOptions {
  /** `suppress_reset=1`: keep the live quota from being reset. */
  suppressReset?: boolean;
}

/** Query parameters of the streams PATCH (gateway-facts §8.4). */
export interface StreamsPatchOptions extends CallOptions {
  listenPath?: string;
  customDomain?: string;
  allowList?: boolean;
  validateRequest?: boolean;
  mockResponse?: boolean;
  authentication?: boolean;
}

export interface GetExampleOptions extends CallOptions {
  readme?: boolean;
  apiDef?: boolean;
  /** `x-svc-examples-index`: URL of the index file or repository root. */
  examplesIndex?: string;
  /** `x-svc-repo-url`: repository the example is fetched from. */
  repoUrl?: string;
}

export type FamilyCheckState = 'ok' | 'error' | 'not-configured' | 'not-checked';

export interface FamilyCheck {
  family: Family;
  state: FamilyCheckState;
  /** The cheap read used, e.g. `GET /svc/policies`. */
  endpoint?: string;
  durationMs?: number;
  error?: ManagementApiError;
  /** Why a family was not checked. */
  detail?: string;
}

export interface ConnectionReport {
  /** True when at least one family answered and none of the checked ones failed. */
  ok: boolean;
  families: FamilyCheck[];
}

const flag = (value: boolean | undefined) => (value ? '1' : undefined);
const truthy = (value: boolean | undefined) => (value ? 'true' : undefined);

export class ManagementClient {
  private readonly http: HttpTransport;

  constructor(readonly config: ConnectionConfig) {
    this.http = new HttpTransport(config);
  }

  /** The endpoints beyond the spec this environment's server lacks, as learned this session. */
  get availability(): EndpointAvailability {
    return this.http.availability;
  }

  /** Closes the kept-alive connections (an environment removed or reconfigured). */
  dispose(): void {
    this.http.dispose();
  }

  private call<T>(request: ApiRequest): Promise<T> {
    return this.http.sendJson<T>(request);
  }

  // ---- Gateway family (/svc/..., X-Svc-Authorization) ---------------------------------------

  /** 1. GET /svc/oauth/clients/{apiID}/{keyName} */
  getOAuthClient(apiId: string, clientId: string, options: CallOptions = {}): Promise<OAuthClient> {
    return this.call({
      method: 'GET',
      pathTemplate: '/svc/oauth/clients/{apiID}/{keyName}',
      params: { apiID: apiId, keyName: clientId },
      signal: options.signal,
    });
  }

  /** 2. PUT /svc/apis/{apiID}: the id must equal `api_id` in the body; a reload makes it live. */
  replaceClassicApi(apiId: string, definition: ClassicApiDefinition, options: CallOptions = {}): Promise<ActionResult> {
    return this.call({ method: 'PUT', pathTemplate: '/svc/apis/{apiID}', params: { apiID: apiId }, body: definition, signal: options.signal });
  }

  /** 3. GET /svc/apis/oas/{apiID}; `mode: 'public'` leaves out the x-svc-api-gateway extension. */
  getOasApi(apiId: string, options: CallOptions & { mode?: 'public' } = {}): Promise<OasDocument> {
    return this.call({ method: 'GET', pathTemplate: '/svc/apis/oas/{apiID}', params: { apiID: apiId }, query: { mode: options.mode }, signal: options.signal });
  }

  /** 4. POST /svc/apis/oas */
  createOasApi(document: OasDocument, options: CreateOasApiOptions = {}): Promise<ActionResult> {
    return this.call({
      method: 'POST',
      pathTemplate: '/svc/apis/oas',
      query: {
        base_api_id: options.baseApiId,
        base_api_version_name: options.baseApiVersionName,
        new_version_name: options.newVersionName,
        set_default: options.setDefault,
      },
      body: document,
      signal: options.signal,
    });
  }

  /** 5. POST /svc/keys/{keyID}: create a custom key or import one. */
  createCustomKey(keyId: string, session: GatewaySession, options: CreateCustomKeyOptions = {}): Promise<ActionResult> {
    return this.call({
      method: 'POST',
      pathTemplate: '/svc/keys/{keyID}',
      params: { keyID: keyId },
      secretParams: ['keyID'],
      query: { suppress_reset: flag(options.suppressReset), hashed: options.hashed },
      body: session,
      signal: options.signal,
    });
  }

  /** 6. POST /svc/org/keys/{keyID} */
  createOrgKey(keyId: string, session: GatewaySession, options: CallOptions & { resetQuota?: boolean } = {}): Promise<ActionResult> {
    return this.call({
      method: 'POST',
      pathTemplate: '/svc/org/keys/{keyID}',
      params: { keyID: keyId },
      secretParams: ['keyID'],
      query: { reset_quota: flag(options.resetQuota) },
      body: session,
      signal: options.signal,
    });
  }

  /** 7. GET /svc/policies (a bare array, not paged). */
  async listPolicies(options: CallOptions = {}): Promise<Policy[]> {
    return (await this.call<Policy[] | null>({ method: 'GET', pathTemplate: '/svc/policies', signal: options.signal })) ?? [];
  }

  /** 8. POST /svc/policies */
  createPolicy(policy: Policy, options: CallOptions = {}): Promise<ActionResult> {
    return this.call({ method: 'POST', pathTemplate: '/svc/policies', body: policy, signal: options.signal });
  }

  /** 9. PUT /svc/policies/{polID} */
  updatePolicy(policyId: string, policy: Policy, options: CallOptions = {}): Promise<ActionResult> {
    return this.call({ method: 'PUT', pathTemplate: '/svc/policies/{polID}', params: { polID: policyId }, body: policy, signal: options.signal });
  }

  // ---- Dashboard family (/api/..., Authorization: Bearer) -----------------------------------

  /** 10. GET /api/apis; `p` pages as the dashboard does (gateway-facts §8.3). */
  listApis(options: PageOptions = {}): Promise<ApiListEnvelope> {
    return this.call({ method: 'GET', pathTemplate: '/api/apis', query: { p: options.p }, signal: options.signal });
  }

  /** 11. PUT /api/apis/{apiId} */
  updateApi(apiId: string, api: DashApi, options: CallOptions = {}): Promise<StatusResult> {
    return this.call({ method: 'PUT', pathTemplate: '/api/apis/{apiId}', params: { apiId }, body: api, signal: options.signal });
  }

  /** 12. PATCH /api/apis/streams/{apiId} with the streams media type and the §8.4 parameters. */
  patchStreamsApi(apiId: string, document: StreamsDocument, options: StreamsPatchOptions = {}): Promise<StatusResult> {
    return this.call({
      method: 'PATCH',
      pathTemplate: '/api/apis/streams/{apiId}',
      params: { apiId },
      query: {
        listenPath: options.listenPath,
        customDomain: options.customDomain,
        allowList: options.allowList,
        validateRequest: options.validateRequest,
        mockResponse: options.mockResponse,
        authentication: options.authentication,
      },
      body: document,
      contentType: STREAMS_MEDIA_TYPE,
      signal: options.signal,
    });
  }

  /** 13. PUT /api/apis/streams/{apiId} */
  replaceStreamsApi(apiId: string, document: StreamsDocument, options: CallOptions = {}): Promise<StatusResult> {
    return this.call({
      method: 'PUT',
      pathTemplate: '/api/apis/streams/{apiId}',
      params: { apiId },
      body: document,
      contentType: STREAMS_MEDIA_TYPE,
      signal: options.signal,
    });
  }

  /** 14. GET /api/apis/streams/{apiId} with `Accept` the streams media type. */
  getStreamsApi(apiId: string, options: CallOptions = {}): Promise<StreamsDocument> {
    return this.call({ method: 'GET', pathTemplate: '/api/apis/streams/{apiId}', params: { apiId }, accept: STREAMS_MEDIA_TYPE, signal: options.signal });
  }

  /** 15. POST /api/apis/migrate */
  migrateApis(request: MigrateRequest, options: CallOptions = {}): Promise<MigrateResponse> {
    return this.call({ method: 'POST', pathTemplate: '/api/apis/migrate', body: request, signal: options.signal });
  }

  /** 16. GET /api/examples/{location}; the location (`udg/vat-checker`) keeps its `/`. */
  getExample(location: string, options: GetExampleOptions = {}): Promise<ExampleApiDefinition> {
    const headers: Record<string, string> = {};
    if (options.examplesIndex) headers['x-svc-examples-index'] = options.examplesIndex;
    if (options.repoUrl) headers['x-svc-repo-url'] = options.repoUrl;
    return this.call({
      method: 'GET',
      pathTemplate: '/api/examples/{location}',
      params: { location },
      slashParams: ['location'],
      query: { readme: options.readme, apiDef: options.apiDef },
      headers,
      signal: options.signal,
    });
  }

  /** 17. PUT /api/apis/{apiID}/keys/{keyID} */
  updateKey(apiId: string, keyId: string, session: DashboardSession, options: UpdateKeyOptions = {}): Promise<KeyResult> {
    return this.call({
      method: 'PUT',
      pathTemplate: '/api/apis/{apiID}/keys/{keyID}',
      params: { apiID: apiId, keyID: keyId },
      secretParams: ['keyID'],
      query: { ...keyLookupQuery(options), suppress_reset: flag(options.suppressReset) },
      body: session,
      signal: options.signal,
    });
  }

  /** 18. GET /api/apis/{apiID}/keys/{keyID} */
  getKey(apiId: string, keyId: string, options: KeyLookupOptions = {}): Promise<KeyResult> {
    return this.call({
      method: 'GET',
      pathTemplate: '/api/apis/{apiID}/keys/{keyID}',
      params: { apiID: apiId, keyID: keyId },
      secretParams: ['keyID'],
      query: keyLookupQuery(options),
      signal: options.signal,
    });
  }

  /** 19. POST /api/keys/{keyId}: create a custom key. */
  createDashboardKey(keyId: string, session: DashboardSession, options: CallOptions = {}): Promise<KeyResult> {
    return this.call({ method: 'POST', pathTemplate: '/api/keys/{keyId}', params: { keyId }, secretParams: ['keyId'], body: session, signal: options.signal });
  }

  /** 20. POST /api/users */
  addUser(user: User, options: CallOptions = {}): Promise<StatusResult> {
    return this.call({ method: 'POST', pathTemplate: '/api/users', body: user, signal: options.signal });
  }

  /** 21. GET /api/activity/oauthid/{OAuthClientID}/{startDay}/{startMonth}/{startYear}/{EndDay}/{EndMonth}/{EndYear} */
  getOAuthClientAnalytics(clientId: string, range: DayRange, options: PageOptions = {}): Promise<AnalyticsEnvelope> {
    return this.call({
      method: 'GET',
      pathTemplate: '/api/activity/oauthid/{OAuthClientID}/{startDay}/{startMonth}/{startYear}/{EndDay}/{EndMonth}/{EndYear}',
      params: {
        OAuthClientID: clientId,
        startDay: String(range.start.day),
        startMonth: String(range.start.month),
        startYear: String(range.start.year),
        EndDay: String(range.end.day),
        EndMonth: String(range.end.month),
        EndYear: String(range.end.year),
      },
      // The envelope is paged like the other dashboard lists (`pages`, gateway-facts §8.3).
      query: { p: options.p },
      signal: options.signal,
    });
  }

  /** 22. GET /api/hooks/{hookId} */
  getWebhook(hookId: string, options: CallOptions = {}): Promise<Webhook> {
    return this.call({ method: 'GET', pathTemplate: '/api/hooks/{hookId}', params: { hookId }, signal: options.signal });
  }

  /** 23. GET /api/hooks?p= */
  listWebhooks(options: PageOptions = {}): Promise<WebhookListEnvelope> {
    return this.call({ method: 'GET', pathTemplate: '/api/hooks', query: { p: options.p }, signal: options.signal });
  }

  // ---- Admin family (/admin/..., Admin-Auth) ------------------------------------------------

  /** 24. PUT /admin/org/keys/{keyId} */
  updateOrgKeyAdmin(keyId: string, session: DashboardSession, options: CallOptions = {}): Promise<StatusResult> {
    return this.call({
      method: 'PUT',
      pathTemplate: '/admin/org/keys/{keyId}',
      params: { keyId },
      secretParams: ['keyId'],
      body: session,
      signal: options.signal,
    });
  }

  // ---- Listing extensions (sandbox/README.md); 404/405 → kind 'missing-endpoint' ------------

  /** GET /svc/apis: every API the gateway has loaded (classic form; OAS ones with is_oas). */
  async listGatewayApis(options: CallOptions = {}): Promise<GatewayApi[]> {
    return (await this.call<GatewayApi[] | null>({ method: 'GET', pathTemplate: '/svc/apis', extension: true, signal: options.signal })) ?? [];
  }

  /** GET /svc/apis/{apiID}: one classic definition. */
  getClassicApi(apiId: string, options: CallOptions = {}): Promise<ClassicApiDefinition> {
    return this.call({
      method: 'GET',
      pathTemplate: '/svc/apis/{apiID}',
      params: { apiID: apiId },
      extension: true,
      missingHint: 'classic definitions are read from the dashboard listing (GET /api/apis) instead, which needs the dashboard token',
      signal: options.signal,
    });
  }

  /** GET /svc/keys/{keyID}: one key session with its live quota; `hashed` when the id is the key's hash. */
  getGatewayKey(keyId: string, options: CallOptions & { hashed?: boolean } = {}): Promise<GatewaySession> {
    return this.call({
      method: 'GET',
      pathTemplate: '/svc/keys/{keyID}',
      params: { keyID: keyId },
      secretParams: ['keyID'],
      query: { hashed: truthy(options.hashed) },
      extension: true,
      missingHint: 'read the key through an API it grants access to (GET /api/apis/{apiID}/keys/{keyID})',
      signal: options.signal,
    });
  }

  /** GET /svc/oauth/clients/{apiID}: the OAuth clients of an API. */
  async listOAuthClients(apiId: string, options: CallOptions = {}): Promise<OAuthClient[]> {
    return (
      (await this.call<OAuthClient[] | null>({
        method: 'GET',
        pathTemplate: '/svc/oauth/clients/{apiID}',
        params: { apiID: apiId },
        extension: true,
        missingHint: 'open an OAuth client by its id instead',
        signal: options.signal,
      })) ?? []
    );
  }

  /** GET /api/apis/{apiId}: one dashboard API record. */
  getDashboardApi(apiId: string, options: CallOptions = {}): Promise<DashApi> {
    return this.call({
      method: 'GET',
      pathTemplate: '/api/apis/{apiId}',
      params: { apiId },
      extension: true,
      missingHint: 'the record is found in the listing (GET /api/apis) instead',
      signal: options.signal,
    });
  }

  /** GET /api/keys?p=: key ids, paged. */
  listKeys(options: PageOptions = {}): Promise<KeyListEnvelope> {
    return this.call({
      method: 'GET',
      pathTemplate: '/api/keys',
      query: { p: options.p },
      extension: true,
      missingHint: 'open a key by id instead',
      signal: options.signal,
    });
  }

  /** GET /api/users?p= */
  listUsers(options: PageOptions = {}): Promise<UserListEnvelope> {
    return this.call({ method: 'GET', pathTemplate: '/api/users', query: { p: options.p }, extension: true, signal: options.signal });
  }

  /** GET /api/examples: the catalogue index. */
  async listExamples(options: CallOptions = {}): Promise<ExampleSummary[]> {
    return (
      (await this.call<ExampleSummary[] | null>({
        method: 'GET',
        pathTemplate: '/api/examples',
        extension: true,
        missingHint: 'open an example by its location instead',
        signal: options.signal,
      })) ?? []
    );
  }

  /** GET /svc/reload/group: the hot reload that makes replaced definitions live (spec endpoint 2). */
  reloadGateway(options: CallOptions = {}): Promise<ActionResult> {
    return this.call({
      method: 'GET',
      pathTemplate: '/svc/reload/group',
      extension: true,
      missingHint: "a stored definition becomes live at the gateway's next reload (restart it or wait for its own reload)",
      signal: options.signal,
    });
  }

  // ---- Connection test ------------------------------------------------------------------

  /**
   * Checks each family that has a credential with a cheap read: gateway `GET /svc/policies`,
   * dashboard `GET /api/hooks?p=1`. The admin family has no read endpoint and its only
   * operation writes, so its secret is reported as not checked rather than probed.
   */
  async testConnection(options: CallOptions = {}): Promise<ConnectionReport> {
    const configured = (family: Family) => !!this.config.credentials[FAMILIES[family].credential]?.trim();
    const probe = async (family: Family, endpoint: string, read: () => Promise<unknown>): Promise<FamilyCheck> => {
      if (!configured(family)) return { family, state: 'not-configured', endpoint };
      const started = Date.now();
      try {
        await read();
        return { family, state: 'ok', endpoint, durationMs: Date.now() - started };
      } catch (error) {
        if (!(error instanceof ManagementApiError)) throw error;
        return { family, state: 'error', endpoint, durationMs: Date.now() - started, error };
      }
    };
    const families = await Promise.all([
      probe('gateway', 'GET /svc/policies', () => this.listPolicies(options)),
      probe('dashboard', 'GET /api/hooks', () => this.listWebhooks({ p: 1, signal: options.signal })),
    ]);
    families.push(
      configured('admin')
        ? { family: 'admin', state: 'not-checked', detail: 'The admin family offers no read; its secret is checked on first use.' }
        : { family: 'admin', state: 'not-configured' },
    );
    const checked = families.filter((f) => f.state === 'ok' || f.state === 'error');
    return { ok: checked.length > 0 && checked.every((f) => f.state === 'ok'), families };
  }
}

function keyLookupQuery(options: KeyLookupOptions) {
  return {
    auto_guess: options.autoGuess,
    hashed: truthy(options.hashed),
    username: options.username,
  };
}
