// The environment's deploy record after a pull or a push: what the server has now (the base of
// the next three-way diff), its ids there, and the hash of the rendered definition then. Shared
// by the `svc` commands and the editor, so both leave the same record behind.
import { hashDocument } from '../sync/canonicalJson';
import type { PushOutcome } from '../sync/pushPipeline';
import type { RemoteTarget } from '../sync/syncKinds';
import { writeDeployRecord, type DeployRecord } from './deployState';
import { identityOf, type Identity } from './identity';
import type { EnvInspection } from './inspectDefinition';
import { render } from './render';
import { addedMembers, withServerFilled } from './serverFilled';

/** The environment's new deploy record after a push: the server's version is the base; what it added to what was sent is not drift. */
export async function recordPush(root: string, environment: string, c: EnvInspection, outcome: PushOutcome): Promise<boolean> {
  if (!outcome.target || !outcome.remoteHash || outcome.remoteDocument === undefined) return false;
  const { def } = c;
  const ids = identityOf(def.kind, outcome.remoteDocument);
  const rendered = render({ kind: def.kind, base: def.base, overlay: def.overlay, identity: ids });
  const serverFilled = addedMembers(rendered, outcome.remoteDocument);
  const record: DeployRecord = {
    environment,
    file: def.file,
    kind: def.kind,
    id: outcome.target.id,
    ...(outcome.target.apiId ? { apiId: outcome.target.apiId } : {}),
    ids,
    serverHash: outcome.remoteHash,
    fileHash: hashDocument(def.kind, withServerFilled(rendered, outcome.remoteDocument, serverFilled)),
    base: outcome.remoteDocument,
    serverFilled,
  };
  await writeDeployRecord(root, record);
  return true;
}

/** The record after a pull split the server's document into `base` and `overlay` (as now written). */
export function pulledRecord(
  environment: string,
  file: string,
  target: RemoteTarget,
  split: { base: unknown; overlay: unknown; identity: Identity },
  remote: unknown,
): DeployRecord {
  return {
    environment,
    file,
    kind: target.kind,
    id: target.id,
    ...(target.apiId ? { apiId: target.apiId } : {}),
    ids: split.identity,
    serverHash: hashDocument(target.kind, remote),
    fileHash: hashDocument(target.kind, render({ kind: target.kind, base: split.base, overlay: split.overlay, identity: split.identity })),
    base: remote,
  };
}
