// Reads a remote resource as the document a pulled file holds, through the same family that
// push will write to (see routing.ts). Free of `vscode`.
import type { ManagementClient } from '../../../api/src/client';
import { isManagementApiError } from '../../../api/src/errors';
import { findDashboardApi, grantedApiIds, grantedApiOfKey, KEY_API_UNKNOWN, readClassicApi } from '../../../api/src/specFallbacks';
import type { DashApi, JsonMap } from '../../../api/src/types';
import { sameDocument } from './canonicalJson';
import { redactSecrets } from './keySecrets';
import { policyNameOf } from './records';
import type { RemoteTarget, SyncKind } from './syncKinds';

export { grantedApiOfKey, KEY_API_UNKNOWN };

/** What the server holds for a target, or `exists: false`. */
export interface RemoteSnapshot {
  exists: boolean;
  /** The document as a pulled file holds it. */
  document?: unknown;
  /** A readable name (for file names and messages). */
  name?: string;
  /** Classic and OAS: the dashboard record, when the dashboard has it (push updates it). */
  dashboardRecord?: DashApi;
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** OAS only: `public` leaves `x-svc-api-gateway` out (such a pull cannot be pushed back). */
  mode?: 'public';
  /** Keys only: keep the consumer secrets (for the request push sends; never for a file or a view). */
  withSecrets?: boolean;
  /**
   * OAS only: the document alone (endpoint 3), without the dashboard record. A base needs only the
   * document; on a spec-only server the record is only in the whole listing (issue 32).
   */
  withoutRecord?: boolean;
}

export const hasGatewayCredential = (client: ManagementClient) => !!client.config.credentials.gatewaySecret?.trim();
export const hasDashboardCredential = (client: ManagementClient) => !!client.config.credentials.dashboardToken?.trim();

const notFound = (err: unknown) => isManagementApiError(err, 'not-found');

const GET_DASHBOARD_API = 'GET /api/apis/{apiId}';

/**
 * Whether this server is known to lack the read of one dashboard record (the spec has none): an
 * API's record is then only in endpoint 10's listing, which is read as seldom as possible.
 */
export const dashboardRecordReadKnownMissing = (client: ManagementClient) => client.availability.isMissing(GET_DASHBOARD_API);

/** Reads the target; `exists: false` when the server says it is not there (other errors throw). */
export async function readRemote(client: ManagementClient, target: RemoteTarget, options: ReadOptions = {}): Promise<RemoteSnapshot> {
  const { signal } = options;
  try {
    switch (target.kind) {
      case 'classic':
        return await readClassic(client, target.id, signal);
      case 'oas': {
        const document = await client.getOasApi(target.id, { mode: options.mode, signal });
        const wanted = hasDashboardCredential(client) && !options.withoutRecord;
        const dashboardRecord = wanted ? await optionalDashboardRecord(client, target.id, signal) : undefined;
        return { exists: true, document, name: oasName(document), dashboardRecord };
      }
      case 'streams': {
        const document = await client.getStreamsApi(target.id, { signal });
        return { exists: true, document, name: oasName(document) };
      }
      case 'policy': {
        const found = (await client.listPolicies({ signal })).find((p) => p.id === target.id || p._id === target.id);
        return found ? { exists: true, document: found, name: policyNameOf(found) } : { exists: false };
      }
      case 'key':
        return await readKey(client, target, signal, options.withSecrets === true);
    }
  } catch (err) {
    if (notFound(err)) return { exists: false };
    throw err;
  }
}

/**
 * The target again, `known` being what was read of it a moment ago (svc push: its plan), for the
 * check right before sending (issue 32). On a server without the read of one dashboard record,
 * an OAS API's record is only in the whole listing (8 MB for 10,000 APIs): there the document
 * alone (endpoint 3) is read, and when it is the same as `known`'s (what the conflict check
 * compares), `known`'s record comes with it (the update writes it back around the new document).
 * A document that moved is read whole again, record and all. Every other case is `readRemote`:
 * where the server reads a record alone (`GET /api/apis/{apiId}`), it is read fresh.
 */
export async function readRemoteAgain(
  client: ManagementClient,
  target: RemoteTarget,
  known: RemoteSnapshot,
  options: ReadOptions = {},
): Promise<RemoteSnapshot> {
  const cheap = target.kind === 'oas' && known.exists && known.dashboardRecord && !options.mode && dashboardRecordReadKnownMissing(client);
  if (!cheap) return readRemote(client, target, options);
  let document: unknown;
  try {
    document = await client.getOasApi(target.id, { signal: options.signal });
  } catch (err) {
    if (notFound(err)) return { exists: false };
    throw err;
  }
  if (!sameDocument('oas', document, known.document)) return readRemote(client, target, options);
  return { exists: true, document, name: oasName(document), dashboardRecord: known.dashboardRecord };
}

/** The dashboard's record when the environment has a token and the dashboard knows the API (its read, else its listing). */
async function optionalDashboardRecord(client: ManagementClient, id: string, signal?: AbortSignal): Promise<DashApi | undefined> {
  return findDashboardApi(client, id, { signal });
}

/** Classic: the dashboard record's definition when the dashboard has it, else the gateway's stored one (specFallbacks). */
async function readClassic(client: ManagementClient, id: string, signal?: AbortSignal): Promise<RemoteSnapshot> {
  if (!hasDashboardCredential(client) && !hasGatewayCredential(client)) return { exists: false };
  const read = await readClassicApi(client, id, { signal });
  if (!read) return { exists: false };
  return { exists: true, document: read.definition, name: read.definition.name, dashboardRecord: read.record };
}

/** Keys through the dashboard (endpoint 18), or the gateway without a dashboard token; addressed by hash; `key_id` (the credential) is left out. */
async function readKey(client: ManagementClient, target: RemoteTarget, signal: AbortSignal | undefined, withSecrets: boolean): Promise<RemoteSnapshot> {
  let data: unknown;
  if (hasDashboardCredential(client) || !hasGatewayCredential(client)) {
    const apiId = target.apiId ?? (await grantedApiOfKey(client, target.id, { hashed: true, signal }));
    if (!apiId) throw new Error(KEY_API_UNKNOWN);
    data = (await client.getKey(apiId, target.id, { hashed: true, signal })).data;
  } else {
    // Only the gateway secret (keys pushed through POST /svc/keys/{id}): the gateway's read, by hash.
    data = await client.getGatewayKey(target.id, { hashed: true, signal });
  }
  const raw: JsonMap = { ...(data as JsonMap) };
  delete raw.key_id;
  // Consumer secrets become placeholders: whatever shows or stores this document holds none.
  const document = withSecrets ? raw : (redactSecrets(raw).document as JsonMap);
  const alias = typeof document.alias === 'string' && document.alias ? document.alias : undefined;
  return { exists: true, document, name: alias ?? `key-${target.id.slice(0, 8)}` };
}

export function oasName(document: unknown): string | undefined {
  const doc = document as { info?: { title?: string }; 'x-svc-api-gateway'?: { info?: { name?: string } } };
  return doc?.['x-svc-api-gateway']?.info?.name || doc?.info?.title;
}

/** The id a document names for itself (used when a file was not pulled). */
export function idInDocument(kind: SyncKind, document: unknown): string | undefined {
  const doc = (document ?? {}) as JsonMap;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  switch (kind) {
    case 'classic':
      return str(doc.api_id);
    case 'oas':
    case 'streams':
      return str(((doc['x-svc-api-gateway'] as JsonMap | undefined)?.info as JsonMap | undefined)?.id);
    case 'policy':
      return str(doc.id) ?? str(doc._id);
    case 'key':
      return undefined; // a key file never carries its id (see RemoteTarget)
  }
}

/** The first API a key grants access to (endpoint 17's path needs one). */
export function apiIdOfKey(document: unknown): string | undefined {
  return grantedApiIds(document)[0];
}
