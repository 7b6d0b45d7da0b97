// Pull: one remote resource into a workspace file as formatted JSON, recorded in
// `.svc/state.json`. A file with unpushed changes is merged with the server's version when the
// caller can answer conflicts (pullMerge.ts); otherwise, and for unsaved changes, it is never
// overwritten without the user's answer. Free of `vscode`: the questions and editor state come
// through PullPorts.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { formatDocument, hashDocument } from './canonicalJson';
import { definitionText, formatOfFile, parseDefinitionText } from './documentFormat';
import { copyNameFor, fileNameFor } from './fileNaming';
import { readRemote, type RemoteSnapshot } from './remoteReader';
import { findRecordFor, saveSnapshot, stateKeyOf, STATE_DIR, STATE_FILE } from './stateFile';
import { containedPath } from './pathContainment';
import { SYNC_KIND_LABELS, type RemoteTarget } from './syncKinds';
import type { MergeResolutions } from './mergeFile';
import { mergeIntoFile } from './pullMerge';
import type { OverwriteReason, PullOutcome, PullPorts } from './pullTypes';

export type { OverwriteDecision, OverwriteReason, PullOutcome, PullPorts } from './pullTypes';

export interface PullRequest {
  environment: string;
  target: RemoteTarget;
  /** Workspace folder (file system path). */
  root: string;
  /** Folder for pulled files, relative to root (setting `svc.pull.folder`). */
  folder: string;
  mode?: 'public';
  /** The format of a new file (setting `svc.pull.format`); an existing file keeps its own. */
  format?: 'json' | 'yaml';
  signal?: AbortSignal;
  /** The server's version, when the caller already read it (batch pulls read ahead, in parallel). */
  remote?: RemoteSnapshot;
  /** Conflicts of a merge resolved in advance (`svc pull --ours/--theirs`). */
  resolutions?: MergeResolutions;
}

// Stryker disable next-line StringLiteral: fileNameFor gives a slug, which stays in the contained folder: this is never shown
const NEW_NAME_SOURCE = 'the pulled name';

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    // Stryker disable next-line ArrowFunction: undefined is as false as false to every caller
    () => false,
  );

export async function pullResource(ports: PullPorts, request: PullRequest): Promise<PullOutcome> {
  const { environment, root, signal } = request;
  const { publicMode: _ignored, ...rest } = request.target;
  const target: RemoteTarget = request.mode === 'public' ? { ...rest, publicMode: true } : rest;

  const remote = request.remote ?? (await readRemote(ports.client, target, { mode: request.mode, signal }));
  const label = SYNC_KIND_LABELS[target.kind];
  if (!remote.exists) return { status: 'missing', message: `The ${label} is no longer on '${environment}': refresh the view.` };

  const state = await ports.store.get(root);
  const recorded = findRecordFor(state, environment, target, !!target.publicMode);
  // Paths from the state file and the settings are checked before anything is read or written.
  await containedPath(root, STATE_DIR, `the ${STATE_DIR} folder`);
  const folder = await containedPath(root, request.folder, `the setting svc.pull.folder`);
  // Stryker disable next-line ArrowFunction: new Set(undefined) is the same empty set
  const takenOnDisk = new Set(await fs.readdir(folder).catch(() => [] as string[]));
  const fileName = recorded
    ? undefined
    : fileNameFor(
        { kind: target.kind, name: remote.name ? `${remote.name}${target.publicMode ? ' public' : ''}` : undefined, id: target.id },
        (n) => takenOnDisk.has(n) || !!state.files[stateKeyOf(root, path.join(folder, n))],
        // Only OAS and streams documents can be YAML (the gateway's YAML is for those).
        request.format === 'yaml' && (target.kind === 'oas' || target.kind === 'streams') ? 'yaml' : 'json',
      );
  const file = recorded
    ? await containedPath(root, recorded, `${STATE_DIR}/${STATE_FILE}`)
    : await containedPath(root, path.join(folder, fileName!), NEW_NAME_SOURCE);
  const key = stateKeyOf(root, file);
  // A YAML file is rewritten from its current text (the editor's, else the disk's): only the
  // nodes whose values changed are touched. The snapshot of the server's version stays JSON.
  // Stryker disable next-line ConditionalExpression: a JSON file's text never depends on its current text (definitionText)
  const existing = formatOfFile(file) === 'yaml' && (await exists(file)) ? (ports.unsavedText(file) ?? (await fs.readFile(file, 'utf8'))) : undefined;
  const text = definitionText(file, remote.document, existing);
  const remoteHash = hashDocument(target.kind, remote.document);

  let copiedTo: string | undefined;
  // Stryker disable OptionalChaining: an existing file is a recorded one (a new name is never taken on disk), so record is there
  if (await exists(file)) {
    const unsaved = ports.unsavedText(file);
    const onDisk = await fs.readFile(file, 'utf8');
    const record = state.files[key];
    const reason = overwriteReason(unsaved, onDisk, text, record ? record.localHash : undefined, target, file);
    if (reason === 'modified' && record && ports.resolveMerge) {
      const merged = await mergeIntoFile(ports, {
        root,
        file,
        key,
        environment,
        target,
        record,
        onDisk,
        remote: remote.document,
        // The snapshot is JSON; `text` is YAML for a YAML file.
        remoteText: formatDocument(remote.document),
        remoteHash,
        resolutions: request.resolutions,
      });
      if (merged) return merged;
    }
    if (reason) {
      const decision = await ports.decideOverwrite({ file, reason, environment });
      if (decision === 'skip')
        return {
          status: 'skipped',
          file,
          message: `Pull of ${path.basename(file)} skipped: your ${reason === 'unsaved' ? 'unsaved' : 'local'} changes are kept.`,
        };
      if (decision === 'copy') {
        const siblings = new Set(await fs.readdir(path.dirname(file)));
        copiedTo = path.join(
          path.dirname(file),
          copyNameFor(path.basename(file), (n) => siblings.has(n)),
        );
        // Stryker disable next-line StringLiteral: Node writes a string as UTF-8 when the encoding is empty
        await fs.writeFile(copiedTo, unsaved ?? onDisk, 'utf8');
      }
    } else if (onDisk === text && record?.remoteHash === remoteHash) {
      return { status: 'unchanged', file, message: `${path.basename(file)} is already up to date with '${environment}'.` };
    }
  }

  // Stryker restore OptionalChaining
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Stryker disable next-line StringLiteral: Node writes a string as UTF-8 when the encoding is empty
  await (ports.writeFile ? ports.writeFile(file, text) : fs.writeFile(file, text, 'utf8'));
  await saveSnapshot(root, remoteHash, formatDocument(remote.document));
  await ports.store.update(root, (s) => {
    s.files[key] = { environment, target, remoteHash, localHash: remoteHash, pulledAt: new Date().toISOString() };
  });
  const note = target.publicMode ? ' (public form, without x-svc-api-gateway: it cannot be pushed back)' : '';
  return {
    status: 'pulled',
    file,
    copiedTo,
    message:
      `Pulled the ${label} '${remote.name ?? target.id}' from '${environment}' into ` +
      `${key}${note}${copiedTo ? `; your version is kept in ${path.basename(copiedTo)}` : ''}.`,
  };
}

/** Undefined when writing the pulled text loses nothing; else why the user must be asked. */
export function overwriteReason(
  unsaved: string | undefined,
  onDisk: string,
  pulledText: string,
  recordedLocalHash: string | undefined,
  target: RemoteTarget,
  // Stryker disable next-line StringLiteral: a name without an extension is read as JSON too
  file = 'document.json',
): OverwriteReason | undefined {
  if (unsaved !== undefined && unsaved !== onDisk) return 'unsaved';
  if (onDisk === pulledText) return undefined;
  if (recordedLocalHash === undefined) return 'unrecorded';
  let parsed: unknown;
  // Stryker disable BlockStatement: without the catch's return, a text that does not parse hashes as null, never a recorded document's hash
  try {
    parsed = parseDefinitionText(file, onDisk);
  } catch {
    return 'modified';
  }
  // Stryker restore BlockStatement
  return hashDocument(target.kind, parsed) === recordedLocalHash ? undefined : 'modified';
}
