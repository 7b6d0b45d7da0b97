// Push's decision point when the server moved since the pull: merge the file with the server's
// version now (mergeFile.ts) instead of refusing. Conflicts resolved in advance (`svc push --ours`)
// are applied; the others go to the user through PushUi (per path: base, mine, theirs). Returns
// undefined when a merge is not possible here (the base snapshot is gone, the server deleted the
// resource, or the caller cannot write a merged file): push then asks as it did before merging.
// Free of `vscode`.
import type { MergeConflict, MergeSide } from '../diff/merge';
import { hashDocument } from './canonicalJson';
import { mergeFile, type FileMerge, type MergeResolutions } from './mergeFile';
import type { PushRequest, PushUi } from './pushTypes';
import type { RemoteSnapshot } from './remoteReader';
import type { SyncKind } from './syncKinds';

export type { MergeConflictFacts, MergeFacts } from './pushTypes';

export type PushMerge = undefined | { status: 'conflicts'; conflicts: MergeConflict[] } | { status: 'merged'; merge: FileMerge };

interface MergeRequest extends Pick<PushRequest, 'base' | 'text' | 'resolutions' | 'writeMerged' | 'name' | 'uri' | 'environment'> {
  kind: SyncKind;
  document: unknown;
  remote: RemoteSnapshot;
}

export async function mergeWithServer(ui: PushUi, request: MergeRequest): Promise<PushMerge> {
  const { base, remote, kind, document } = request;
  if (!base?.remoteText || !remote.exists || !request.writeMerged || !ui.confirmMerge || !ui.resolveMergeConflicts) return undefined;
  let baseValue: unknown;
  try {
    baseValue = JSON.parse(base.remoteText);
  } catch {
    return undefined;
  }
  const localChanged = base.localHash === undefined || hashDocument(kind, document) !== base.localHash;
  const run = (resolutions?: MergeResolutions) =>
    mergeFile({
      kind,
      file: request.uri ?? request.name,
      text: request.text,
      local: document,
      base: baseValue,
      remote: remote.document,
      resolutions,
      localChanged,
    });
  let merge = run(request.resolutions);
  if (merge.conflicts.length > 0) {
    const answers = await ui.resolveMergeConflicts({
      name: request.name,
      environment: request.environment,
      kind,
      conflicts: merge.conflicts,
      fromServer: merge.fromServer.map((c) => c.display),
    });
    if (!answers) return { status: 'conflicts', conflicts: merge.conflicts };
    merge = run(withAnswers(request.resolutions, answers));
    if (merge.conflicts.length > 0) return { status: 'conflicts', conflicts: merge.conflicts };
  }
  return { status: 'merged', merge };
}

/** The advance resolutions plus the user's answers (exact pointers, so they win over broader ones). */
export function withAnswers(resolutions: MergeResolutions | undefined, answers: ReadonlyMap<string, MergeSide>): MergeResolutions {
  return { all: resolutions?.all, paths: [...(resolutions?.paths ?? []), ...[...answers].map(([pointer, side]) => ({ pointer, side }))] };
}
