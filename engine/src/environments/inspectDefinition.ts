// One definition against one environment's server: the rendered document, the server's version
// now and the deploy record's base, compared field by field (the engine's compareFile). Shared by
// `svc diff/push/promote --env` and the editor's Compare with Environment, Push and Promote.
import type { ManagementClient } from '../../../api/src/client';
import { compareFile, type FileComparison } from '../sync/compare';
import { idInDocument, readRemote, type RemoteSnapshot } from '../sync/remoteReader';
import type { SyncRecord } from '../sync/stateFile';
import type { RemoteTarget } from '../sync/syncKinds';
import { targetOf, type DeployRecord } from './deployState';
import { nameOf } from './selection';
import type { Definition } from './definition';

export interface EnvInspection {
  def: Definition;
  target?: RemoteTarget;
  remote: RemoteSnapshot;
  comparison: FileComparison;
  name: string;
}

/** The deploy record in the shape compareFile reads (its hashes). */
export const asSyncRecord = (r: DeployRecord): SyncRecord => ({
  environment: r.environment,
  target: targetOf(r),
  remoteHash: r.serverHash,
  localHash: r.fileHash,
  pulledAt: '',
});

export async function inspectDefinition(client: ManagementClient, def: Definition, signal?: AbortSignal): Promise<EnvInspection> {
  const id = def.record?.id ?? idInDocument(def.kind, def.rendered);
  const target: RemoteTarget | undefined = def.record ? targetOf(def.record) : id ? { kind: def.kind, id } : undefined;
  const remote = target ? await readRemote(client, target, { signal }) : { exists: false };
  const comparison = compareFile({
    kind: def.kind,
    local: def.comparable,
    remote: remote.exists ? remote.document : undefined,
    record: def.record ? asSyncRecord(def.record) : undefined,
    base: def.record?.base,
  });
  return { def, target, remote, comparison, name: remote.name ?? nameOf(def.kind, def.rendered) ?? target?.id ?? 'new' };
}
