// The deploy state a team shares: per environment, one small file per definition recording what
// was last pulled from or pushed to that environment. It is committed with the definitions, so a
// fresh checkout (a CI job without a cache) has the base of the three-way diff, and two branches
// that push different APIs touch different files (no merge conflict). Layout (docs/sync.md):
//
//   .svc-deploy/<environment>/<definition path>   (the definition's own path, e.g. svc/payments.oas.json)
//
// Contents: the resource's kind and id on that server (and its other id members), a hash of the
// server's version, a hash of the rendered file as pulled or pushed, and the server's version
// itself (the base). No secret (key secrets are placeholders already), no machine path, no time:
// the file changes only when its content does. Members sorted, 2-space JSON, final newline.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { canonicalJson } from '../sync/canonicalJson';
import { containedPath } from '../sync/pathContainment';
import { isSyncKind, type RemoteTarget, type SyncKind } from '../sync/syncKinds';
import type { Identity } from './identity';

export const DEPLOY_DIR = '.svc-deploy';
const FORMAT = 1;

export interface DeployRecord {
  environment: string;
  /** The definition, relative to the root, `/` separators. */
  file: string;
  kind: SyncKind;
  /** API id, policy id, or key hash on this environment's server. */
  id: string;
  /** Keys: an API the key grants (endpoint 17's path). */
  apiId?: string;
  /** The id members of the resource on this server (pointer → value). */
  ids: Identity;
  /** Hash of the server's normalised version at the last pull or push. */
  serverHash: string;
  /** Hash of the rendered definition (base ⊕ overlay ⊕ ids) at the last pull or push. */
  fileHash: string;
  /** The server's version then: the base of the three-way diff. Absent when moved from a state without it. */
  base?: unknown;
  /** Members the server added to what the last push sent (serverFilled.ts): not drift. */
  serverFilled?: string[];
}

export const targetOf = (r: DeployRecord): RemoteTarget => ({ kind: r.kind, id: r.id, ...(r.apiId ? { apiId: r.apiId } : {}) });

export function deployRecordPath(environment: string, file: string): string {
  return `${DEPLOY_DIR}/${environment}/${file}`;
}

/** The stable text of a record: fixed member order, the base with sorted members. */
export function formatDeployRecord(record: DeployRecord): string {
  const ordered = {
    format: FORMAT,
    environment: record.environment,
    file: record.file,
    kind: record.kind,
    id: record.id,
    ...(record.apiId ? { apiId: record.apiId } : {}),
    ids: JSON.parse(canonicalJson(record.ids)) as unknown,
    serverHash: record.serverHash,
    fileHash: record.fileHash,
    ...(record.serverFilled?.length ? { serverFilled: [...record.serverFilled].sort() } : {}),
    ...(record.base !== undefined ? { base: JSON.parse(canonicalJson(record.base)) as unknown } : {}),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

export function parseDeployRecord(text: string): DeployRecord {
  const v = JSON.parse(text) as Record<string, unknown>;
  const str = (name: string) => {
    if (typeof v[name] !== 'string' || !v[name]) throw new Error(`"${name}" is missing`);
    return v[name];
  };
  if (v.format !== FORMAT) throw new Error(`unknown format ${String(v.format)}`);
  if (!isSyncKind(v.kind)) throw new Error(`unknown kind ${String(v.kind)}`);
  const record: DeployRecord = {
    environment: str('environment'),
    file: str('file'),
    kind: v.kind,
    id: str('id'),
    ids: v.ids && typeof v.ids === 'object' ? (v.ids as Identity) : {},
    serverHash: str('serverHash'),
    fileHash: str('fileHash'),
  };
  if (typeof v.apiId === 'string') record.apiId = v.apiId;
  if (v.base !== undefined) record.base = v.base;
  if (Array.isArray(v.serverFilled)) record.serverFilled = v.serverFilled.filter((p): p is string => typeof p === 'string');
  return record;
}

/** A damaged record: the file to fix and why. */
export class DeployStateError extends Error {}

export async function readDeployRecord(root: string, environment: string, file: string): Promise<DeployRecord | undefined> {
  const where = deployRecordPath(environment, file);
  let text: string;
  try {
    text = await fs.readFile(await containedPath(root, where, where), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const record = parseDeployRecord(text);
    if (record.environment !== environment || record.file !== file) throw new Error(`it describes '${record.file}' of '${record.environment}'`);
    return record;
  } catch (err) {
    // A merge conflict's markers land here too: say which file and what to do.
    throw new DeployStateError(
      `${where} cannot be read (${err instanceof Error ? err.message : String(err)}): ` +
        `resolve it (after a merge, take either side and run svc diff), or delete it and pull again.`,
    );
  }
}

export async function writeDeployRecord(root: string, record: DeployRecord): Promise<void> {
  const where = deployRecordPath(record.environment, record.file);
  const file = await containedPath(root, where, where);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, formatDeployRecord(record), 'utf8');
  await fs.rename(temp, file);
}

/** Every record of an environment, by definition path. */
export async function listDeployRecords(root: string, environment: string): Promise<Map<string, DeployRecord>> {
  const dir = path.join(root, DEPLOY_DIR, environment);
  const records = new Map<string, DeployRecord>();
  const walk = async (folder: string): Promise<void> => {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.json')) {
        const file = path.relative(dir, full).split(path.sep).join('/');
        const record = await readDeployRecord(root, environment, file);
        if (record) records.set(file, record);
      }
    }
  };
  await walk(dir);
  return records;
}

/**
 * The base of the three-way diff for a definition in an environment: the server's version at the
 * last pull or push, and its hash. The one way other sync code (the three-way merge) asks for it.
 */
export async function baseOf(root: string, environment: string, file: string): Promise<{ document: unknown; serverHash: string } | undefined> {
  const record = await readDeployRecord(root, environment, file);
  return record?.base === undefined ? undefined : { document: record.base, serverHash: record.serverHash };
}
