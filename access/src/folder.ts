// The policies, API definitions and keys of a folder of files (pulled files or a repository),
// for the CLI and the extension's pulled-file commands. Kinds come from the one detection the
// editor uses (common/src/detection.ts); a file that does not parse is skipped and reported.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { kindFromContent } from '../../common/src/detection';
import type { ApiInfo } from './explain';
import { parsePolicy, parseSession, type Policy, type Session } from './model';

export interface FolderPolicy {
  id: string;
  name: string;
  file: string;
  policy: Policy;
}

export interface FolderApi extends ApiInfo {
  file: string;
}

export interface FolderKey {
  file: string;
  session: Session;
  alias: string;
}

export interface Folder {
  policies: Map<string, FolderPolicy>;
  apis: FolderApi[];
  keys: FolderKey[];
  unreadable: string[];
}

const SKIP = new Set(['node_modules', '.git', '.svc', 'out', 'dist']);
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** What an API definition tells the access checks: id, name, organisation, versioning. */
export function apiInfoOf(kind: string | undefined, value: unknown): ApiInfo | undefined {
  if (!isObject(value)) return undefined;
  if (kind === 'dashboard-api' && isObject(value.api_definition)) return apiInfoOf('classic', value.api_definition);
  if (kind === 'classic') {
    const id = str(value.api_id);
    if (!id) return undefined;
    const vd = isObject(value.version_data) ? value.version_data : {};
    return { id, name: str(value.name), orgId: str(value.org_id), notVersioned: vd.not_versioned !== false, defaultVersion: str(vd.default_version) };
  }
  if (kind === 'oas' || kind === 'streams') {
    const ext = isObject(value['x-svc-api-gateway']) ? value['x-svc-api-gateway'] : {};
    const info = isObject(ext.info) ? ext.info : {};
    const id = str(info.id);
    if (!id) return undefined;
    const oasInfo = isObject(value.info) ? value.info : {};
    return { id, name: str(info.name) ?? str(oasInfo.title), orgId: str(info.orgId), notVersioned: true };
  }
  return undefined;
}

export function readFolder(root: string): Folder {
  const folder: Folder = { policies: new Map(), apis: [], keys: [], unreadable: [] };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) addFile(folder, full, relative(root, full).split(sep).join('/'));
    }
  };
  if (statSync(root).isDirectory()) walk(root);
  return folder;
}

function addFile(folder: Folder, full: string, file: string): void {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(full, 'utf8'));
  } catch {
    folder.unreadable.push(file);
    return;
  }
  const kind = kindFromContent(value);
  if (kind === 'policy' && isObject(value)) {
    const policy = parsePolicy(value);
    // Keys name a policy by `id`; dashboard records carry the database `_id` too.
    for (const id of [policy.id, str(value._id)]) if (id && !folder.policies.has(id)) folder.policies.set(id, { id, name: policy.name || id, file, policy });
  } else if (kind === 'session') {
    const session = parseSession(value);
    folder.keys.push({ file, session, alias: session.alias });
  } else {
    const api = apiInfoOf(kind, value);
    if (api) folder.apis.push({ ...api, file });
  }
}

/** The API a user means by `wanted`: its id, else its name (exact, then ignoring case). */
export function findApi(apis: readonly FolderApi[], wanted: string): { api?: FolderApi; ambiguous?: FolderApi[] } {
  const byId = apis.find((a) => a.id === wanted);
  if (byId) return { api: byId };
  for (const same of [(a: FolderApi) => a.name === wanted, (a: FolderApi) => a.name?.toLowerCase() === wanted.toLowerCase()]) {
    const hits = apis.filter(same);
    if (hits.length === 1) return { api: hits[0] };
    if (hits.length > 1) return { ambiguous: hits };
  }
  return {};
}
