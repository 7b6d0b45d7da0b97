// Reads that use an endpoint beyond the spec when the server has it, and the spec's own
// endpoints when it has not (issue 11): a classic definition or a dashboard record found in
// endpoint 10's listing, every API through that listing's pages. Free of `vscode`.
import type { CallOptions, ManagementClient } from './client';
import { isManagementApiError } from './errors';
import { ListingWalk } from './listingWalk';
import type { ClassicApiDefinition, DashApi, JsonMap } from './types';

// Only asked of `availability` to skip a call the client refuses at once when known missing (http.ts), with the same error.
// Stryker disable next-line StringLiteral: equivalent (see above)
const GET_DASHBOARD_API = 'GET /api/apis/{apiId}';
const GET_CLASSIC_API = 'GET /svc/apis/{apiID}';
const RELOAD = 'GET /svc/reload/group';

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The ids a dashboard record answers to: API id and database id, classic or OAS. */
export function idsOfRecord(record: DashApi): string[] {
  const classic = (record.api_definition ?? {}) as JsonMap;
  const info = (record.oas?.['x-svc-api-gateway']?.info ?? {}) as JsonMap;
  return [str(classic.api_id), str(classic.id), str(info.id), str(info.dbId)].filter((v): v is string => !!v);
}

/**
 * Every API of endpoint 10: the one walk (listingWalk.ts, issue 32): `p=-1`, else the server's
 * pages with its page size; `until` stops at the page that holds a match.
 */
export function listAllApis(client: ManagementClient, options: CallOptions & { until?: (record: DashApi) => boolean } = {}): Promise<DashApi[]> {
  return listEveryApi(client, options);
}

/**
 * Every API of endpoint 10 in as few answers as the server allows: `p=-1` (everything at once,
 * the spec), else its own pages, a few in flight at a time (the walk the tree uses:
 * listingWalk.ts). For pull and diff of a whole environment (issue 32).
 */
export function listEveryApi(client: ManagementClient, options: CallOptions & { until?: (record: DashApi) => boolean } = {}): Promise<DashApi[]> {
  const walk = new ListingWalk<DashApi>(
    async (p) => {
      const envelope = await client.listApis({ p, signal: options.signal });
      return { items: envelope?.apis ?? [], pages: envelope?.pages };
    },
    { idOf: (record) => idsOfRecord(record)[0] ?? '', until: options.until },
  );
  return walk.all();
}

/**
 * The dashboard record of an API (by API id or database id): `GET /api/apis/{apiId}` when the
 * server has it, else the record in endpoint 10's listing. Undefined when there is none.
 */
export async function findDashboardApi(client: ManagementClient, id: string, options: CallOptions = {}): Promise<DashApi | undefined> {
  if (!client.availability.isMissing(GET_DASHBOARD_API)) {
    try {
      return await client.getDashboardApi(id, options);
    } catch (err) {
      if (isManagementApiError(err, 'not-found')) return undefined;
      if (!isManagementApiError(err, 'missing-endpoint')) throw err;
    }
  }
  // One answer where the server honours `p=-1`; else its pages until the record turns up.
  const matches = (record: DashApi) => idsOfRecord(record).includes(id);
  return (await listEveryApi(client, { signal: options.signal, until: matches })).find(matches);
}

export interface ClassicRead {
  definition: ClassicApiDefinition;
  /** The dashboard record it came from, when it came from the dashboard (push updates it). */
  record?: DashApi;
}

/** The same rule as the tree's kind detection: no gateway or streaming extension and no `is_oas`. */
const isClassicRecord = (record: DashApi) => !record.oas?.['x-svc-api-gateway'] && !record.oas?.['x-svc-streaming'] && record.api_definition?.is_oas !== true;

export const hasCredential = (client: ManagementClient, name: 'gatewaySecret' | 'dashboardToken') => !!client.config.credentials[name]?.trim();

/**
 * A classic definition: the dashboard's record (its extension read, else the listing) when the
 * environment has a dashboard token, else the gateway's `GET /svc/apis/{apiID}` (an extension:
 * without it, and without a dashboard token, the spec offers no way to read one and the error
 * says so). Undefined when the server has no such API.
 */
export async function readClassicApi(client: ManagementClient, id: string, options: CallOptions = {}): Promise<ClassicRead | undefined> {
  if (hasCredential(client, 'dashboardToken')) {
    const record = await findDashboardApi(client, id, options);
    if (record?.api_definition && isClassicRecord(record)) return { definition: record.api_definition, record };
    if (record) return undefined; // an OAS or streams API: not a classic definition
    if (!hasCredential(client, 'gatewaySecret') || client.availability.isMissing(GET_CLASSIC_API)) return undefined;
  }
  try {
    return { definition: await client.getClassicApi(id, options) };
  } catch (err) {
    if (isManagementApiError(err, 'not-found')) return undefined;
    throw err;
  }
}

/** The API ids a key's session grants access to (`access_rights` is keyed by API id). */
export function grantedApiIds(session: unknown): string[] {
  const rights = (session as { access_rights?: unknown } | undefined)?.access_rights;
  return rights && typeof rights === 'object' && !Array.isArray(rights) ? Object.keys(rights) : [];
}

export const KEY_API_UNKNOWN =
  'Reading a key goes through an API it grants access to (GET /api/apis/{apiID}/keys/{keyID}), and which one is not known here: ' +
  'pull the key from its API, or use Svc: Show Key Details and pick the API.';

/**
 * The API a key grants access to, learned without guessing: the gateway's key read
 * (`GET /svc/keys/{keyID}`, beyond the spec) when the server has it and the environment has the
 * gateway secret (a key without access rights is tied to no API: the first listed one addresses it).
 * Undefined otherwise: the caller asks the user or says why it cannot go on.
 * Never "the first API listed": a server that checks `apiID` refuses keys read through another API.
 */
export async function grantedApiOfKey(
  client: ManagementClient,
  keyId: string,
  options: { hashed?: boolean; signal?: AbortSignal } = {},
): Promise<string | undefined> {
  if (!hasCredential(client, 'gatewaySecret') || client.availability.isMissing('GET /svc/keys/{keyID}')) return undefined;
  try {
    const granted = grantedApiIds(await client.getGatewayKey(keyId, options));
    if (granted.length > 0) return granted[0];
    // No access rights: the key is tied to no API, so any API of the server addresses it.
    return idsOfRecord((await client.listApis({ p: 1, signal: options.signal })).apis?.[0] ?? {})[0];
  } catch (err) {
    if (isManagementApiError(err, 'missing-endpoint') || isManagementApiError(err, 'not-found')) return undefined;
    throw err;
  }
}

/** Whether the server is known to lack the hot reload (then a stored definition waits for the gateway's own reload). */
export const reloadKnownMissing = (client: ManagementClient) => client.availability.isMissing(RELOAD);

/** The sentence the UI shows when the server has no reload endpoint. */
export const NO_RELOAD_MESSAGE =
  "This server offers no reload endpoint (GET /svc/reload/group is beyond the spec): the stored definition becomes live at the gateway's next reload.";
