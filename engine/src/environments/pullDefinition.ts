// Pull for an environment of svc.environments.json, shared by `svc pull --env` and the editor's
// Pull and Pull All: the server's (rendered) document is split into the definition and the
// environment's overlay (render.ts's unrender): a member the overlay sets is updated there,
// anything else in the definition. A change to the definition that would alter what another
// declared environment renders is not written without a choice: the CLI takes it from --into
// (refusing without), the editor asks. Nothing the server fills in counts: a resource whose
// server version and rendered files are as recorded is left alone (no rewrite with the server's
// defaults). The deploy record goes to .svc-deploy/. Free of `vscode`.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { formatDocument, hashDocument, VOLATILE_MEMBERS } from '../sync/canonicalJson';
import { fileNameFor } from '../sync/fileNaming';
import { containedPath } from '../sync/pathContainment';
import type { RemoteSnapshot } from '../sync/remoteReader';
import type { RemoteTarget } from '../sync/syncKinds';
import { writeDeployRecord, type DeployRecord } from './deployState';
import { readDefinitionIfThere, readOverlay } from './definition';
import { pulledRecord } from './recordDeploy';
import { affectedEnvironments, overlayPathOf, render, unrender } from './render';
import { selects, type Selector } from './selection';
import { withServerFilled } from './serverFilled';

export type PullInto = 'base' | 'overlay';

export interface PullDefinitionRequest {
  root: string;
  environment: string;
  /** The other declared environments: a change to the definition must not alter their rendering unasked. */
  others: readonly string[];
  /** The definition, relative to the root, `/` separators. */
  file: string;
  /** The environment's deploy record of it, if any. */
  record?: DeployRecord;
  target: RemoteTarget;
  /** The server's document now. */
  remote: unknown;
  /** Replace changes made here since the last pull or push (`--force`; the editor after asking). */
  force?: boolean;
  /** Where a change goes that the overlay does not set: `base` (every environment gets it) or `overlay` (only this one). */
  into?: PullInto;
}

export interface PullDefinitionPorts {
  /** Writes a definition or overlay (relative path, already contained). Default: Node's fs. The editor writes open files through their editor. */
  writeText?(file: string, text: string): Promise<void>;
  /** True when an editor holds unsaved changes of the file (relative path): those count as changes here. */
  unsaved?(file: string): boolean;
}

export type PullDefinitionResult =
  /** The server's version and the rendered files are as recorded: nothing written. */
  | { status: 'unchanged'; file: string }
  /** Changed here (on disk, or unsaved in an editor) since the last pull or push: nothing written unless `force`. */
  | { status: 'kept'; file: string; reason: 'modified' | 'unsaved' }
  /** Writing the definition would change how `affected` render: nothing written until `into` says where. */
  | { status: 'needs-choice'; file: string; overlayFile: string; affected: string[] }
  /** Written: `wrote` lists the files (relative paths); empty when the files already render the server's version. */
  | { status: 'pulled'; file: string; wrote: string[]; record: DeployRecord };

async function writeContained(root: string, file: string, text: string, ports: PullDefinitionPorts): Promise<void> {
  const abs = await containedPath(root, file, file);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  if (ports.writeText) await ports.writeText(file, text);
  else await fs.writeFile(abs, text, 'utf8');
}

export async function pullDefinition(request: PullDefinitionRequest, ports: PullDefinitionPorts = {}): Promise<PullDefinitionResult> {
  const { root, environment, file, record, target, remote } = request;
  const base = await readDefinitionIfThere(root, file, 'fix it before pulling into it');
  const overlay = await readOverlay(root, environment, file);
  const overlayFile = overlayPathOf(environment, file);
  const serverHash = hashDocument(target.kind, remote);
  if (record && base !== undefined) {
    const now = withServerFilled(render({ kind: target.kind, base, overlay, identity: record.ids }), record.base, record.serverFilled);
    const localChanged = hashDocument(target.kind, now) !== record.fileHash;
    if (!localChanged && serverHash === record.serverHash) return { status: 'unchanged', file };
    if (localChanged && !request.force) return { status: 'kept', file, reason: 'modified' };
  }
  const split = unrender({ kind: target.kind, base, overlay, identity: record?.ids, remote, into: request.into, volatile: VOLATILE_MEMBERS[target.kind] });
  if (split.baseChanged && base !== undefined && request.into !== 'base') {
    const overlays = new Map<string, unknown>();
    for (const name of request.others) if (name !== environment) overlays.set(name, await readOverlay(root, name, file));
    const affected = affectedEnvironments(target.kind, base, split.base, overlays, environment);
    if (affected.length) return { status: 'needs-choice', file, overlayFile, affected };
  }
  const writes: Array<[string, unknown]> = [];
  if (base === undefined || split.baseChanged) writes.push([file, split.base]);
  if (split.overlayChanged && split.overlay !== undefined) writes.push([overlayFile, split.overlay]);
  // Unsaved edits of a file about to be written are changes here too: replacing them needs a yes.
  if (!request.force && writes.some(([f]) => ports.unsaved?.(f))) return { status: 'kept', file, reason: 'unsaved' };
  for (const [f, value] of writes) await writeContained(root, f, formatDocument(value), ports);
  const wrote = writes.map(([f]) => f);
  const next = pulledRecord(environment, file, target, split, remote);
  await writeDeployRecord(root, next);
  return { status: 'pulled', file, wrote, record: next };
}

/** Which definition each resource of an environment is pulled into (see definitionFileFor). */
export interface DefinitionIndex {
  records: ReadonlyMap<string, DeployRecord>;
  /** `kind:id` → definition, from the records. */
  fileOf: Map<string, string>;
  /** The definitions this environment already uses (names a new resource must not take). */
  taken: Set<string>;
}

export function definitionIndex(records: ReadonlyMap<string, DeployRecord>): DefinitionIndex {
  const fileOf = new Map<string, string>();
  for (const [file, record] of records) fileOf.set(`${record.kind}:${record.id}`, file);
  return { records, fileOf, taken: new Set(records.keys()) };
}

/**
 * The definition a resource of the environment is pulled into: the one its deploy state records,
 * else the name a pull gives it in `folder` (a definition of that name and kind that another
 * environment tracks is then taken to be the same resource: that is how a second environment is
 * first pulled). A new name is added to the index, so the next resource of that name gets another.
 */
export function definitionFileFor(
  index: DefinitionIndex,
  folder: string,
  target: RemoteTarget,
  remoteName: string | undefined,
): { file: string; record?: DeployRecord } {
  const known = index.fileOf.get(`${target.kind}:${target.id}`);
  if (known) return { file: known, record: index.records.get(known) };
  const name = fileNameFor({ kind: target.kind, name: remoteName, id: target.id }, (n) => index.taken.has(folder === '.' ? n : `${folder}/${n}`));
  const file = folder === '.' ? name : `${folder}/${name}`;
  index.taken.add(file);
  index.fileOf.set(`${target.kind}:${target.id}`, file);
  return { file };
}

export type EnvPullItem =
  | PullDefinitionResult
  | { status: 'missing'; file?: undefined }
  | { status: 'not-selected'; file: string }
  | { status: 'failed'; file?: string; error: unknown };

export interface PullEnvironmentRequest {
  root: string;
  environment: string;
  others: readonly string[];
  /** Where new definitions go, relative to the root (`.` for the root itself). */
  folder: string;
  /** The environment's deploy records by definition (updated as pulls are recorded). */
  records: Map<string, DeployRecord>;
  targets: readonly RemoteTarget[];
  /** The server's version of `targets[index]` (read ahead by the caller), or the error of reading it. */
  remoteOf(index: number): Promise<RemoteSnapshot | Error>;
  selectors?: readonly Selector[];
  force?: boolean;
  into?: PullInto;
  signal?: AbortSignal;
}

export interface PullEnvironmentPorts extends PullDefinitionPorts {
  /** Before each resource is awaited (for progress). */
  onStart?(index: number): void;
  /** Each resource's outcome, in the targets' order; `remote` is the server's document when it was read. */
  onItem(index: number, item: EnvPullItem, remote?: unknown): void | Promise<void>;
  /** Errors that end the whole run (the CLI: a connection failure); others become a `failed` item. */
  isFatal?(err: unknown): boolean;
}

/** Pulls `targets` one after another (reads ahead in parallel are the caller's `remoteOf`); stops early when `signal` aborts. */
export async function pullEnvironment(request: PullEnvironmentRequest, ports: PullEnvironmentPorts): Promise<void> {
  const { records } = request;
  const index = definitionIndex(records);
  for (const [at, target] of request.targets.entries()) {
    if (request.signal?.aborted) return;
    ports.onStart?.(at);
    let file: string | undefined;
    let remoteDocument: unknown;
    let item: EnvPullItem;
    try {
      const remote = await request.remoteOf(at);
      if (remote instanceof Error) throw remote;
      if (!remote.exists) {
        await ports.onItem(at, { status: 'missing' });
        continue;
      }
      remoteDocument = remote.document;
      const found = definitionFileFor(index, request.folder, target, remote.name);
      file = found.file;
      if (!selects(request.selectors ?? [], { kind: target.kind, file, document: remote.document })) item = { status: 'not-selected', file };
      else {
        const { root, environment, others, force, into } = request;
        item = await pullDefinition({ root, environment, others, file, record: found.record, target, remote: remote.document, force, into }, ports);
        if (item.status === 'pulled') records.set(file, item.record);
      }
    } catch (error) {
      if (ports.isFatal?.(error)) throw error;
      item = { status: 'failed', file, error };
    }
    await ports.onItem(at, item, remoteDocument);
  }
}
