// From what the tree knows about a resource (explorer ResourceRef) to a sync target. Keys are
// looked up once to learn their hash: files and `svc:` URIs name keys by hash, never by id.
// Free of `vscode`.
import type { ManagementClient } from '../../api/client';
import type { ResourceRef } from '../../explorer/resourceSource';
import { anyApiId } from './remoteReader';
import type { RemoteTarget } from './syncKinds';

export async function targetOfRef(client: ManagementClient, ref: ResourceRef, signal?: AbortSignal): Promise<RemoteTarget | undefined> {
  switch (ref.type) {
    case 'api':
      return { kind: ref.kind, id: ref.id };
    case 'policy':
      return { kind: 'policy', id: ref.id };
    case 'key': {
      const apiId = ref.apiId ?? (await anyApiId(client, signal));
      const result = await client.getKey(apiId, ref.id, { autoGuess: true, signal });
      const rights = (result.data)?.access_rights;
      const grantedApi = rights && typeof rights === 'object' ? Object.keys(rights)[0] : undefined;
      if (!result.key_hash) throw new Error('The server did not return the key\'s hash, which pull and edit-remote use to address keys.');
      return { kind: 'key', id: result.key_hash, apiId: grantedApi ?? apiId };
    }
    default:
      return undefined;
  }
}
