// From what the tree knows about a resource (explorer ResourceRef) to a sync target. Keys are
// looked up once to learn their hash: files and `svc:` URIs name keys by hash, never by id.
// Free of `vscode`.
import type { ManagementClient } from '../../../../api/src/client';
import type { ResourceRef } from '../../explorer/resourceSource';
import { keyTargetOf } from '../../../../engine/src/sync/listing';
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
    case 'key':
      return keyTargetOf(client, ref.id, ref.apiId, signal, askApi);
    default:
      return undefined;
  }
}
