// The one-time move from the per-machine state of today's users (`.svc/state.json` and the
// pulled versions in `.svc/remote/`) to the shared deploy state. Records of the environment that
// have no shared record yet are copied, with their base when `.svc/remote/` still has it; the
// per-machine state is left as it is (environments not declared still use it). Once copied, the
// shared record wins and the record is not copied again, so the message appears once.
import { identityOf } from './identity';
import { readDeployRecord, writeDeployRecord, DEPLOY_DIR, type DeployRecord } from './deployState';
import { readSnapshot, readState } from '../sync/stateFile';

export async function moveLegacyState(root: string, environment: string): Promise<string | undefined> {
  const { state } = await readState(root);
  let moved = 0;
  for (const [file, record] of Object.entries(state.files)) {
    if (record.environment !== environment || record.target.publicMode) continue;
    if (await readDeployRecord(root, environment, file)) continue;
    const snapshot = await readSnapshot(root, record.remoteHash);
    let base: unknown;
    try {
      base = snapshot === undefined ? undefined : JSON.parse(snapshot);
    } catch {
      base = undefined;
    }
    const next: DeployRecord = {
      environment,
      file,
      kind: record.target.kind,
      id: record.target.id,
      ...(record.target.apiId ? { apiId: record.target.apiId } : {}),
      ids: base === undefined ? {} : identityOf(record.target.kind, base),
      serverHash: record.remoteHash,
      fileHash: record.localHash,
      ...(base !== undefined ? { base } : {}),
    };
    await writeDeployRecord(root, next);
    moved++;
  }
  if (!moved) return undefined;
  return (
    `note: moved ${moved} record(s) of '${environment}' from .svc/state.json (this machine's state) to ${DEPLOY_DIR}/${environment}/ ` +
    `(the deploy state your team shares): commit ${DEPLOY_DIR}/. From now on svc and the editor read '${environment}' from there; .svc/ is left as it is.`
  );
}
