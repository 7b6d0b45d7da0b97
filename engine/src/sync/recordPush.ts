// After a push (or a push that found nothing to send): the file's record in `.svc/state.json`
// takes the server's version now as its new base, so that the next diff or push compares
// against what was pushed. Shared by the editor's push and `svc push`. Free of `vscode`.
import { formatDocument } from './canonicalJson';
import type { PushOutcome } from './pushPipeline';
import { saveSnapshot, type SyncRecord } from './stateFile';
import type { SyncStateStore } from './stateStore';

export async function recordPush(
  store: SyncStateStore,
  root: string,
  key: string,
  environment: string,
  previous: SyncRecord | undefined,
  outcome: PushOutcome,
): Promise<boolean> {
  if ((outcome.status !== 'pushed' && outcome.status !== 'no-op') || !outcome.target || !outcome.remoteHash) return false;
  const { target, remoteHash, localHash } = outcome;
  await saveSnapshot(root, remoteHash, formatDocument(outcome.remoteDocument));
  await store.update(root, (s) => {
    const now = new Date().toISOString();
    s.files[key] = {
      environment,
      target,
      remoteHash,
      localHash: localHash ?? remoteHash,
      pulledAt: previous?.pulledAt ?? now,
      pushedAt: outcome.status === 'pushed' ? now : previous?.pushedAt,
    };
  });
  return true;
}
