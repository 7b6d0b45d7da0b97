// What "pull everything" pulls: every API, policy and key an environment lists, as sync targets.
// A listing the server does not offer (a spec-only server has no key listing) or cannot give
// with the credentials at hand becomes a note, not a failure. Free of `vscode`.
import type { ManagementClient } from '../../../api/src/client';
import { isManagementApiError } from '../../../api/src/errors';
import { apiIdOf, apiKindOf, apiNameOf, policyIdOf } from './records';
import { grantedApiIds, listAllApis } from '../../../api/src/specFallbacks';
import { mapPool, SYNC_CONCURRENCY } from './pool';
import { RemoteCatalog } from './remoteCatalog';
import { grantedApiOfKey, KEY_API_UNKNOWN } from './remoteReader';
import type { RemoteTarget } from './syncKinds';

export interface TargetListing {
  targets: RemoteTarget[];
  /** Resources that were not listed, and why (e.g. "keys not pulled: this server does not offer GET /api/keys"). */
  notes: string[];
}

/** A failure that means "this server (or this credential) cannot list that", not "the run failed". */
const cannotList = (err: unknown) =>
  isManagementApiError(err, 'missing-endpoint') || isManagementApiError(err, 'missing-credential') || isManagementApiError(err, 'forbidden');

/**
 * What to do when the server cannot list keys (GET /api/keys is beyond the spec), in words that
 * hold for the CLI and the editor alike: pull the key by its id, which the CLI takes only from the
 * environment (a key id is a credential), or open it in the editor.
 */
export const KEYS_NOT_LISTED =
  'this server does not list keys (GET /api/keys is beyond the spec). Pull a key by its id: ' +
  '`SVC_KEY_ID=… svc pull --key --api API` (the id only from the environment: it is a credential), ' +
  'or open it in the editor with Svc: Open Key by ID.';

/**
 * The API id for `--api`, given as an id or as a name (the API people know). A name that several
 * APIs share is refused with their ids, so nothing is read through the wrong API.
 */
export async function resolveApiArgument(client: ManagementClient, given: string, signal?: AbortSignal): Promise<string> {
  const records = await listAllApis(client, { signal });
  if (records.some((r) => apiIdOf(r) === given)) return given;
  const named = records.filter((r) => apiNameOf(r) === given);
  if (named.length === 1) return apiIdOf(named[0]);
  if (named.length > 1) throw new Error(`Several APIs are named '${given}' (${named.map(apiIdOf).join(', ')}): give --api one of these ids.`);
  throw new Error(`No API '${given}' on this server (neither an id nor a name): check --api.`);
}

/**
 * `catalog`: the listings read once, which the pull then reads each resource from (issue 32);
 * without one, a catalog of this call's own.
 */
export async function listTargets(client: ManagementClient, signal?: AbortSignal, catalog = new RemoteCatalog(client, signal)): Promise<TargetListing> {
  const targets: RemoteTarget[] = [];
  const notes: string[] = [];
  const attempt = async (what: string, list: () => Promise<void>) => {
    try {
      await list();
    } catch (err) {
      if (!cannotList(err)) throw err;
      notes.push(`${what} not pulled: ${what === 'keys' && isManagementApiError(err, 'missing-endpoint') ? KEYS_NOT_LISTED : err.hint}`);
    }
  };
  await attempt('APIs', async () => {
    // `p=-1`, else every page with the server's page size; a server that ignores `p` yields no duplicates.
    for (const record of await catalog.apis()) {
      const id = apiIdOf(record);
      if (id) targets.push({ kind: apiKindOf(record), id });
    }
  });
  await attempt('policies', async () => {
    for (const policy of await catalog.policies()) {
      const id = policyIdOf(policy);
      if (id) targets.push({ kind: 'policy', id });
    }
  });
  await attempt('keys', async () => {
    // (A server without the key listing: see KEYS_NOT_LISTED for what the note says to do instead.)
    const keyIds = (await client.listKeys({ p: -1, signal })).data?.keys ?? [];
    // Each key is looked up on its own (no listing carries keys whole): a few at a time, in the listing's order.
    const found = await mapPool(keyIds, SYNC_CONCURRENCY, (keyId) =>
      signal?.aborted ? Promise.resolve(undefined) : keyTargetOf(client, keyId, undefined, signal).catch(() => undefined),
    );
    for (const target of found) if (target) targets.push(target);
  });
  return { targets, notes };
}

/**
 * A key as a sync target: looked up once to learn its hash (files and state name keys by hash,
 * never by id, which is a credential) and an API it grants access to (endpoint 17's path).
 */
export async function keyTargetOf(
  client: ManagementClient,
  keyId: string,
  apiId?: string,
  signal?: AbortSignal,
  askApi?: () => Promise<string | undefined>,
): Promise<RemoteTarget> {
  // Endpoints 17/18 take an API the key grants: never an arbitrary one (a strict server refuses it).
  const lookupApi = apiId ?? (await grantedApiOfKey(client, keyId, { signal })) ?? (await askApi?.());
  if (!lookupApi) throw new Error(KEY_API_UNKNOWN);
  const result = await client.getKey(lookupApi, keyId, { autoGuess: true, signal });
  const grantedApi = grantedApiIds(result.data)[0];
  if (!result.key_hash) throw new Error("The server did not return the key's hash, which pull and edit-remote use to address keys.");
  return { kind: 'key', id: result.key_hash, apiId: grantedApi ?? lookupApi };
}
