// Pull's decision point for a file with unpushed changes: merge the server's version into it
// (mergeFile.ts, against the base recorded at the last pull or push) instead of skipping it.
// Conflicts resolved in advance (`svc pull --ours/--theirs`) are applied, the others go to the
// caller (the editor asks; the CLI answers nothing); unresolved, the file is left as it is and
// nothing is recorded. A YAML file is read as YAML and written back in place (mergeFile.ts); the
// base snapshot is JSON whatever the file's format. Returns undefined when there is nothing to
// merge (the server did not move) or no merge is possible (the base snapshot is gone, the file is
// not valid JSON or YAML): pull then asks as it did before. Free of `vscode`.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { parseDefinitionText } from './documentFormat';
import { mergeFile, type MergeResolutions } from './mergeFile';
import type { PullOutcome, PullPorts } from './pullTypes';
import { withAnswers } from './pushMerge';
import { readSnapshot, saveSnapshot, type SyncRecord } from './stateFile';
import type { RemoteTarget } from './syncKinds';

export interface PullMergeInput {
  root: string;
  file: string;
  /** The file's key in the state. */
  key: string;
  environment: string;
  target: RemoteTarget;
  record: SyncRecord;
  onDisk: string;
  remote: unknown;
  /** The server's version as the snapshot holds it (formatted JSON, also for a YAML file), and its hash (the new base). */
  remoteText: string;
  remoteHash: string;
  resolutions?: MergeResolutions;
}

export async function mergeIntoFile(ports: PullPorts, input: PullMergeInput): Promise<PullOutcome | undefined> {
  const { root, file, environment, target, record } = input;
  // The server has nothing new: nothing to merge; pull asks (or skips) as before, so an explicit
  // pull can still replace local changes with the server's version.
  if (input.remoteHash === record.remoteHash) return undefined;
  const baseText = await readSnapshot(root, record.remoteHash);
  if (baseText === undefined || !ports.resolveMerge) return undefined;
  let base: unknown;
  let local: unknown;
  try {
    base = JSON.parse(baseText);
    local = parseDefinitionText(file, input.onDisk);
  } catch {
    return undefined;
  }
  const run = (resolutions?: MergeResolutions) => mergeFile({ kind: target.kind, file, text: input.onDisk, local, base, remote: input.remote, resolutions });
  let merge = run(input.resolutions);
  const name = path.basename(file);
  if (merge.conflicts.length > 0) {
    const answers = await ports.resolveMerge({ file, environment, conflicts: merge.conflicts, fromServer: merge.fromServer.map((c) => c.display) });
    if (answers) merge = run(withAnswers(input.resolutions, answers));
    if (!answers || merge.conflicts.length > 0) {
      return {
        status: 'conflict',
        file,
        conflicts: merge.conflicts,
        message:
          `${name} and '${environment}' both changed ${merge.conflicts.map((c) => c.display).join(', ')} since the last pull: ` +
          'the file is left as it is. Pull it again and choose a side for each path.',
      };
    }
  }
  await (ports.writeFile ? ports.writeFile(file, merge.text) : fs.writeFile(file, merge.text, 'utf8'));
  await saveSnapshot(root, input.remoteHash, input.remoteText);
  await ports.store.update(root, (s) => {
    s.files[input.key] = {
      ...record,
      environment,
      target,
      remoteHash: input.remoteHash,
      // As if pull wrote the server's version and the user's changes were made on top: they still count as unpushed.
      localHash: input.remoteHash,
      pulledAt: new Date().toISOString(),
    };
  });
  const fromServer = merge.fromServer.map((c) => c.display);
  const resolved = merge.resolved.length
    ? `; conflicts resolved: ${merge.resolved.map((c) => `${c.display} (${c.choice === 'ours' ? 'mine' : 'theirs'})`).join(', ')}`
    : '';
  return {
    status: 'merged',
    file,
    fromServer,
    message: `Merged the changes on '${environment}' into ${name} (from the server: ${fromServer.join(', ') || 'nothing'}); your changes are kept${resolved}.`,
  };
}
