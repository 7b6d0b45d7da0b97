// Kind → endpoint: which management endpoint a push of a document goes to. Pure (no `vscode`,
// no I/O of its own): `planPush` decides from the facts, the returned route's `send` performs
// the one call on the client it is given. The rules (docs/sync.md, "Which endpoint"):
//
// - classic: PUT /api/apis/{id} (the dashboard record with `api_definition` replaced) when the
//   environment has a dashboard token and the dashboard has the record; otherwise
//   PUT /svc/apis/{id} with the gateway secret, which stores the definition without loading it
//   (a reload makes it live). The spec has no create for classic definitions.
// - OAS: create through POST /svc/apis/oas (optionally as a new version of a base API); update
//   through the dashboard record (PUT /api/apis/{id} with `oas` replaced).
// - streams: PUT /api/apis/streams/{id} with the streams media type, or PATCH with its query
//   parameters when only the OAS part is to change.
// - policy: PUT /svc/policies/{id} when it exists, else POST /svc/policies.
// - key: PUT /api/apis/{apiID}/keys/{hash}?hashed=1 with a dashboard token, else
//   POST /svc/keys/{keyID} with the gateway secret (the user types the key id: files never hold it).
//   Both keep the live quota (`suppress_reset=1`) unless the user asks to reset it.
import type { ManagementClient, StreamsPatchOptions } from '../../../api/src/client';
import type { ClassicApiDefinition, DashApi, DashboardSession, GatewaySession, OasDocument, Policy, StreamsDocument } from '../../../api/src/types';
import type { SyncKind } from './syncKinds';

/** The client methods a push may call. */
export type PushClient = Pick<
  ManagementClient,
  | 'replaceClassicApi'
  | 'updateApi'
  | 'createOasApi'
  | 'replaceStreamsApi'
  | 'patchStreamsApi'
  | 'createPolicy'
  | 'updatePolicy'
  | 'updateKey'
  | 'createCustomKey'
>;

/** "Create as a new version of …" (endpoint 4's query). */
export interface OasVersionChoice {
  baseApiId: string;
  newVersionName: string;
  baseApiVersionName?: string;
  setDefault?: boolean;
}

export type StreamsPatchParameters = Omit<StreamsPatchOptions, 'signal'>;

export interface PushChoices {
  /** OAS: create the document as a new version of a base API (endpoint 4). */
  oasVersion?: OasVersionChoice;
  /** Streams: update only the OAS part (endpoint 12) with these parameters. */
  streamsPatch?: StreamsPatchParameters;
  /** Streams: replace the whole document (endpoint 13) without asking. */
  streamsPut?: boolean;
  /** Keys over the gateway: the key id (never stored; asked each time). */
  keyId?: string;
  /** Keys: reset the live quota (default: keep it). */
  resetQuota?: boolean;
}

export interface RoutingInput {
  kind: SyncKind;
  document: unknown;
  /** API id, policy id or key hash; undefined when the document names none. */
  id?: string;
  /** Keys: the API in endpoint 17's path. */
  apiId?: string;
  /** Whether the target exists on the server now. */
  exists: boolean;
  credentials: { gateway: boolean; dashboard: boolean };
  /** Classic and OAS: the dashboard's record, when it has one. */
  dashboardRecord?: DashApi;
  choices?: PushChoices;
}

export interface PushRoute {
  /** Method and path template, e.g. `PUT /svc/apis/{apiID}`. */
  endpoint: string;
  family: 'gateway' | 'dashboard';
  operation: 'create' | 'update';
  /** Gateway-style classic writes are stored, not loaded: a reload makes them live. */
  reloadNeeded: boolean;
  /** The rule that chose this endpoint, in words (confirm dialog and log). */
  why: string;
  /** Performs the call; resolves to the id of the resource afterwards. */
  send(client: PushClient, signal?: AbortSignal): Promise<string>;
}

export interface RoutingRefusal {
  refused: string;
}

export type RoutingResult = PushRoute | RoutingRefusal;

export const isRefusal = (r: RoutingResult): r is RoutingRefusal => 'refused' in r;

const NEED_GATEWAY = 'Set the gateway secret of this environment (Svc: Set Credentials)';
const NEED_DASHBOARD = 'Set the dashboard token of this environment (Svc: Set Credentials)';

export function planPush(input: RoutingInput): RoutingResult {
  switch (input.kind) {
    case 'classic':
      return planClassic(input);
    case 'oas':
      return planOas(input);
    case 'streams':
      return planStreams(input);
    case 'policy':
      return planPolicy(input);
    case 'key':
      return planKey(input);
  }
}

function planClassic({ id, exists, credentials, dashboardRecord, document }: RoutingInput): RoutingResult {
  if (!id) return { refused: 'This classic definition has no "api_id": add the id of the API it replaces.' };
  if (!exists) {
    return {
      refused:
        `API '${id}' does not exist on this environment, and the management API has no endpoint that creates a classic definition: ` +
        `create it as an OAS API, or pull an existing API and edit that.`,
    };
  }
  const definition = document as ClassicApiDefinition;
  if (credentials.dashboard && dashboardRecord) {
    return {
      endpoint: 'PUT /api/apis/{apiId}',
      family: 'dashboard',
      operation: 'update',
      reloadNeeded: false,
      why: 'the environment has a dashboard token and the dashboard has this API, so its record is updated (live at once)',
      send: async (client, signal) => {
        await client.updateApi(id, { ...dashboardRecord, api_definition: definition }, { signal });
        return typeof definition.api_id === 'string' && definition.api_id ? definition.api_id : id;
      },
    };
  }
  if (!credentials.gateway)
    return {
      refused:
        `${credentials.dashboard ? 'The dashboard has no record of this API' : 'This environment has no credential for API definitions'}: ` +
        `${NEED_GATEWAY.toLowerCase()} to push through PUT /svc/apis/{apiID}.`,
    };
  if (definition.api_id !== id)
    return {
      refused:
        `The "api_id" in the document ('${String(definition.api_id)}') ` +
        `must equal the id of the API it replaces ('${id}'): the gateway refuses the update otherwise.`,
    };
  return {
    endpoint: 'PUT /svc/apis/{apiID}',
    family: 'gateway',
    operation: 'update',
    reloadNeeded: true,
    why: credentials.dashboard
      ? "the dashboard has no record of this API, so the gateway's stored definition is replaced"
      : "the environment has only the gateway secret, so the gateway's stored definition is replaced",
    send: async (client, signal) => {
      await client.replaceClassicApi(id, definition, { signal });
      return id;
    },
  };
}

function planOas({ id, exists, credentials, dashboardRecord, document, choices }: RoutingInput): RoutingResult {
  const doc = document as OasDocument;
  if (!doc || typeof doc !== 'object' || !doc['x-svc-api-gateway']) {
    return {
      refused: 'This OAS document has no "x-svc-api-gateway" extension (pulled with mode=public?): it cannot be pushed. Pull the API again with the extension.',
    };
  }
  if (choices?.oasVersion || !exists) {
    if (!credentials.gateway) return { refused: `Creating an OAS API goes through POST /svc/apis/oas: ${NEED_GATEWAY.toLowerCase()}.` };
    const version = choices?.oasVersion;
    if (version && !version.newVersionName.trim()) return { refused: 'A new version needs a version name.' };
    return {
      endpoint: 'POST /svc/apis/oas',
      family: 'gateway',
      operation: 'create',
      reloadNeeded: false,
      why: version
        ? `a new version '${version.newVersionName}' of API '${version.baseApiId}' is created`
        : id
          ? `API '${id}' does not exist on this environment, so it is created`
          : 'the document names no API id, so a new API is created',
      send: async (client, signal) => {
        // A new version is a new API: the id in the document (if it names the base) must not clash.
        const body = version && id === version.baseApiId ? withoutOasId(doc) : doc;
        const result = await client.createOasApi(body, {
          baseApiId: version?.baseApiId,
          newVersionName: version?.newVersionName,
          baseApiVersionName: version?.baseApiVersionName || undefined,
          setDefault: version?.setDefault,
          signal,
        });
        return result.key ?? id ?? '';
      },
    };
  }
  if (!credentials.dashboard || !dashboardRecord) {
    return {
      refused:
        `Updating OAS API '${id}' goes through its dashboard record (PUT /api/apis/{apiId}): ` +
        `${credentials.dashboard ? 'the dashboard has no record of it' : NEED_DASHBOARD.toLowerCase()}.`,
    };
  }
  return {
    endpoint: 'PUT /api/apis/{apiId}',
    family: 'dashboard',
    operation: 'update',
    reloadNeeded: false,
    why: 'an existing OAS API is updated through its dashboard record (the spec has no gateway-style OAS update)',
    send: async (client, signal) => {
      await client.updateApi(id!, { ...dashboardRecord, oas: doc }, { signal });
      return id!;
    },
  };
}

function withoutOasId(doc: OasDocument): OasDocument {
  const copy = structuredClone(doc);
  const info = copy['x-svc-api-gateway']?.info;
  if (info) {
    delete info.id;
    delete info.dbId;
  }
  return copy;
}

function planStreams({ id, exists, credentials, document, choices }: RoutingInput): RoutingResult {
  if (!id) return { refused: 'This streams document names no API (x-svc-api-gateway.info.id): pull the streams API first.' };
  if (!exists) return { refused: `Streams API '${id}' does not exist on this environment, and the management API has no endpoint that creates one.` };
  if (!credentials.dashboard) return { refused: `Streams APIs are written through the dashboard: ${NEED_DASHBOARD.toLowerCase()}.` };
  const doc = document as StreamsDocument;
  const patch = choices?.streamsPatch;
  if (patch) {
    return {
      endpoint: 'PATCH /api/apis/streams/{apiId}',
      family: 'dashboard',
      operation: 'update',
      reloadNeeded: false,
      why: 'only the OAS part is updated, with the chosen import parameters; extension members the document leaves out are kept',
      send: async (client, signal) => {
        await client.patchStreamsApi(id, doc, { ...patch, signal });
        return id;
      },
    };
  }
  return {
    endpoint: 'PUT /api/apis/streams/{apiId}',
    family: 'dashboard',
    operation: 'update',
    reloadNeeded: false,
    why: 'the whole streams document is replaced (Content-Type application/vnd.svc.streams.oas)',
    send: async (client, signal) => {
      await client.replaceStreamsApi(id, doc, { signal });
      return id;
    },
  };
}

function planPolicy({ id, exists, credentials, document }: RoutingInput): RoutingResult {
  if (!credentials.gateway) return { refused: `Policies are written through the gateway: ${NEED_GATEWAY.toLowerCase()}.` };
  const policy = document as Policy;
  if (!id) return { refused: 'This policy has no "id": the gateway refuses a policy without one. Add an "id".' };
  if (exists) {
    return {
      endpoint: 'PUT /svc/policies/{polID}',
      family: 'gateway',
      operation: 'update',
      reloadNeeded: false,
      why: `policy '${id}' exists, so it is updated`,
      send: async (client, signal) => {
        await client.updatePolicy(id, policy, { signal });
        return id;
      },
    };
  }
  return {
    endpoint: 'POST /svc/policies',
    family: 'gateway',
    operation: 'create',
    reloadNeeded: false,
    why: `policy '${id}' does not exist on this environment, so it is created`,
    send: async (client, signal) => {
      const result = await client.createPolicy(policy, { signal });
      return result.key || id;
    },
  };
}

function planKey({ id, apiId, exists, credentials, document, choices }: RoutingInput): RoutingResult {
  const keepQuota = choices?.resetQuota !== true;
  if (credentials.dashboard && id) {
    if (!exists) return { refused: 'This key does not exist on this environment: create keys with Svc: Create Key.' };
    if (!apiId) return { refused: 'Updating a key needs an API it grants access to (endpoint 17): add one to "access_rights".' };
    return {
      endpoint: 'PUT /api/apis/{apiID}/keys/{keyID}',
      family: 'dashboard',
      operation: 'update',
      reloadNeeded: false,
      why: `the dashboard updates the key, addressed by its hash${keepQuota ? '; the live quota is kept (suppress_reset=1)' : '; the live quota is reset'}`,
      send: async (client, signal) => {
        await client.updateKey(apiId, id, document as DashboardSession, { hashed: true, suppressReset: keepQuota, signal });
        return id;
      },
    };
  }
  if (credentials.gateway && choices?.keyId) {
    const keyId = choices.keyId;
    return {
      endpoint: 'POST /svc/keys/{keyID}',
      family: 'gateway',
      operation: exists ? 'update' : 'create',
      reloadNeeded: false,
      why: `the gateway imports the key under the id you typed${keepQuota ? '; the live quota is kept (suppress_reset=1)' : '; the live quota is reset'}`,
      send: async (client, signal) => {
        const result = await client.createCustomKey(keyId, document as GatewaySession, { suppressReset: keepQuota, signal });
        return result.key_hash || id || '';
      },
    };
  }
  if (credentials.gateway)
    return { refused: 'Pushing a key through the gateway (POST /svc/keys/{keyID}) needs the key id, which files never hold: type it when asked.' };
  return { refused: `Keys are written through the dashboard or the gateway: ${NEED_DASHBOARD.toLowerCase()}, or the gateway secret.` };
}
