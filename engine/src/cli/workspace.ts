// The files a `svc` command works on: the current directory is the workspace root (state in
// `./.svc/`, like the extension's workspace folder), files are named relative to it, and
// nothing outside it is read or written.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { readState, stateKeyOf, type SyncRecord, type SyncState } from '../sync/stateFile';
import { CliError } from './exitCodes';
import type { Connection } from './connection';

export interface WorkFile {
  /** Absolute path. */
  file: string;
  /** Relative to the current directory, `/` separators (the state's key). */
  key: string;
  /** The record for this environment, when the file was pulled. */
  record?: SyncRecord;
}

/** `localeCompare`'s order without a collator per comparison (thousands of files). */
const byName = new Intl.Collator();

export async function loadState(root: string, warn: (line: string) => void): Promise<SyncState> {
  const { state, problem } = await readState(root);
  if (problem) warn(problem);
  return state;
}

/** A folder or file argument inside the root; throws a usage error otherwise. */
export function insideRoot(root: string, arg: string, what: string): string {
  const abs = path.resolve(root, arg);
  const rel = path.relative(root, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new CliError(`${what} '${arg}' is outside the current directory: run svc from the folder that holds .svc/ and the pulled files.`);
  }
  return abs;
}

/** The records of this environment. Without --env, the state must name one environment only. */
export function recordsFor(state: SyncState, connection: Connection): Array<[string, SyncRecord]> {
  const entries = Object.entries(state.files);
  if (connection.explicitEnvironment) return entries.filter(([, r]) => r.environment === connection.environment);
  const names = [...new Set(entries.map(([, r]) => r.environment))];
  if (names.length > 1) {
    const listed = names.map((n) => `'${n}'`).join(', ');
    throw new CliError(`.svc/state.json tracks files of several environments (${listed}): say which one this server is with --env NAME (or SVC_ENVIRONMENT).`);
  }
  return entries;
}

/** Files named on the command line (folders: their .json files), or every tracked file. */
export async function selectFiles(root: string, state: SyncState, connection: Connection, args: readonly string[]): Promise<WorkFile[]> {
  const records = new Map(recordsFor(state, connection));
  if (args.length === 0) {
    return [...records.entries()].sort(([a], [b]) => byName.compare(a, b)).map(([key, record]) => ({ file: path.join(root, ...key.split('/')), key, record }));
  }
  const files: string[] = [];
  for (const arg of args) {
    const abs = insideRoot(root, arg, 'The file');
    const stat = await fs.stat(abs).catch(() => undefined);
    if (!stat) {
      // A tracked file deleted locally is still worth reporting.
      if (records.has(stateKeyOf(root, abs))) files.push(abs);
      else throw new CliError(`No such file: ${arg}.`);
    } else if (stat.isDirectory()) files.push(...(await jsonFilesUnder(abs)));
    else files.push(abs);
  }
  const unique = [...new Set(files)].sort();
  return unique.map((file) => {
    const key = stateKeyOf(root, file);
    return { file, key, record: records.get(key) };
  });
}

async function jsonFilesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name === '.svc' || entry.name === 'node_modules' || entry.name === '.git') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await jsonFilesUnder(full)));
    else if (/\.(json|ya?ml)$/i.test(entry.name)) found.push(full);
  }
  return found;
}
