// Svc: Set Key Secret — a new value for one consumer secret of a pulled key (hmac_string,
// basic_auth_data.password, jwt_data.secret), sent straight to the server and stored nowhere:
// the key file keeps its placeholder, the state and the log never see the value. Free of `vscode`.
import type { ManagementClient } from '../../../../api/src/client';
import { setAt } from '../../../../engine/src/sync/keySecrets';
import { hasDashboardCredential, readRemote } from './remoteReader';
import type { RemoteTarget } from './syncKinds';

export async function setKeySecret(
  client: ManagementClient,
  target: RemoteTarget,
  path: readonly string[],
  value: string,
  signal?: AbortSignal,
): Promise<void> {
  if (target.kind !== 'key') throw new Error('Set Key Secret works on a pulled key file.');
  if (value === '') throw new Error('The new secret is empty: nothing was sent.');
  if (!hasDashboardCredential(client))
    throw new Error(
      'Setting a key secret updates the key through the dashboard (PUT /api/apis/{apiID}/keys/{keyID}): add a dashboard token to this environment.',
    );
  const current = await readRemote(client, target, { signal, withSecrets: true });
  if (!current.exists || !current.document) throw new Error('This key is no longer on the server: nothing was sent.');
  const session = structuredClone(current.document) as Record<string, unknown>;
  setAt(session, path, value);
  const rights = session.access_rights;
  const apiId = target.apiId ?? (rights && typeof rights === 'object' ? Object.keys(rights)[0] : undefined);
  if (!apiId) throw new Error('Updating a key needs an API it grants access to: the key has no "access_rights".');
  // suppress_reset: a new secret is no reason to reset the consumer's quota.
  await client.updateKey(apiId, target.id, session, { hashed: true, suppressReset: true, signal });
}
