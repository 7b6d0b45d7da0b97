// From what the tree knows about a resource (explorer ResourceRef) to a sync target. Keys are
// looked up once to learn their hash: files and `svc:` URIs name keys by hash, never by id.
// Free of `vscode`.
import type { ManagementClient } from '../../api/client';
import type { ResourceRef } from '../../explorer/resourceSource';
import { grantedApiIds } from '../../api/specFallbacks';
import { grantedApiOfKey, KEY_API_UNKNOWN } from './remoteReader';
import type { RemoteTarget } from './syncKinds';

/** `askApi`: asks the user which API the key grants access to, when nothing else says so. */
export async function targetOfRef(
  client: ManagementClient,
  ref: ResourceRef,
  signal?: AbortSignal,
  askApi?: () => Promise<string | undefined>,
): Promise<RemoteTarget | undefined> {
  switch (ref.type) {
    case 'api':
      return { kind: ref.kind, id: ref.id };
    case 'policy':
      return { kind: 'policy', id: ref.id };
    case 'key': {
      const apiId = ref.apiId ?? (await grantedApiOfKey(client, ref.id, { signal })) ?? (await askApi?.());
      if (!apiId) throw new Error(KEY_API_UNKNOWN);
      const result = await client.getKey(apiId, ref.id, { autoGuess: true, signal });
      const grantedApi = grantedApiIds(result.data)[0];
      if (!result.key_hash) throw new Error('The server did not return the key\'s hash, which pull and edit-remote use to address keys.');
      return { kind: 'key', id: result.key_hash, apiId: grantedApi ?? apiId };
    }
    default:
      return undefined;
  }
}
