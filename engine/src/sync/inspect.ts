// One workspace file against the server: what it is (kind, target), what the server holds now,
// and the field-level comparison against the base recorded at the pull. Shared by `svc diff`,
// `svc push` (its plan) and Compare with Environment. Free of `vscode`.
import { OutsideWorkspaceReadError, readContained } from './readContainment';
import { pathToFileURL } from 'node:url';
import type { ManagementClient } from '../../../api/src/client';
import { detectKind } from '../../../common/src/detection';
import { compareFile, type FileComparison } from './compare';
import { idInDocument, oasName, readRemote, type RemoteSnapshot } from './remoteReader';
import { readSnapshot, type SyncRecord } from './stateFile';
import { parseDefinitionText } from './documentFormat';
import { SYNC_KIND_LABELS, syncKindOf, type RemoteTarget, type SyncKind } from './syncKinds';

export interface Inspection {
  kind: SyncKind;
  /** Undefined for an OAS document that names no id (push creates it). */
  target?: RemoteTarget;
  /** A readable name: the server's name for it, else the id. */
  name: string;
  text: string;
  local: unknown;
  remote: RemoteSnapshot;
  comparison: FileComparison;
}

/** Why a file cannot be compared, in a sentence that says what to do. */
export class InspectionProblem extends Error {
  /** A key file that was never pulled: it cannot be addressed (keys go by hash), so callers may skip it. */
  constructor(
    message: string,
    readonly unpulledKey = false,
  ) {
    super(message);
  }
}

export async function inspectFile(
  client: ManagementClient,
  root: string,
  file: string,
  record: SyncRecord | undefined,
  signal?: AbortSignal,
  /** The server's version as already read (a listing's, issue 32); else read here. */
  read: (target: RemoteTarget) => Promise<RemoteSnapshot> = (target) => readRemote(client, target, { mode: target.publicMode ? 'public' : undefined, signal }),
): Promise<Inspection> {
  let text: string;
  try {
    // Contained like pull's writes: a state entry or a symlink leading out is refused, with the reason.
    text = await readContained(root, file, record ? '.svc/state.json' : 'the command line');
  } catch (error) {
    if (error instanceof OutsideWorkspaceReadError) throw new InspectionProblem(error.message);
    throw new InspectionProblem('the file is gone: pull it again (svc pull --all) or remove its record by pulling into another folder.');
  }
  let local: unknown;
  try {
    local = parseDefinitionText(file, text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const why = message.startsWith('not valid YAML') || message.startsWith('the YAML') ? message : `not valid JSON (${message})`;
    throw new InspectionProblem(`${why}: fix it first (svc-lint shows where).`);
  }
  const kind = record?.target.kind ?? syncKindOf(detectKind(pathToFileURL(file).toString(), local)?.kind);
  if (!kind) throw new InspectionProblem('not a document svc knows (classic, OAS or streams API, policy, key).');
  let target = record?.target;
  if (!target) {
    const id = idInDocument(kind, local);
    if (id) target = { kind, id };
    else if (kind !== 'oas') {
      // Only OAS documents can be created without an id (the server assigns one).
      if (kind === 'key') throw new InspectionProblem('a key file that was never pulled: keys are addressed by their hash, which only a pull records.', true);
      throw new InspectionProblem(`the ${SYNC_KIND_LABELS[kind]} names no id, so there is nothing on the server to compare it with.`);
    }
  }
  const remote = target ? await read(target) : { exists: false };
  const baseText = record ? await readSnapshot(root, record.remoteHash) : undefined;
  let base: unknown;
  try {
    base = baseText === undefined ? undefined : JSON.parse(baseText);
  } catch {
    base = undefined;
  }
  const comparison = compareFile({ kind, local, remote: remote.exists ? remote.document : undefined, record, base });
  const name = remote.name ?? (kind === 'oas' || kind === 'streams' ? oasName(local) : undefined) ?? target?.id ?? 'new';
  return { kind, target, name, text, local, remote, comparison };
}
