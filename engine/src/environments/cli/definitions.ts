// The definitions of one environment as `svc` sees them: the file `P`, its overlay
// `environments/E/P`, the environment's deploy record, and the rendered document that is sent.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectKind } from '../../../../common/src/detection';
import { formatDocument } from '../../sync/canonicalJson';
import { containedPath } from '../../sync/pathContainment';
import { syncKindOf, type SyncKind } from '../../sync/syncKinds';
import { CliError } from '../../cli/exitCodes';
import { DEPLOY_DIR, type DeployRecord } from '../deployState';
import { ENVIRONMENTS_FILE } from '../environmentsFile';
import { overlayPathOf, render } from '../render';
import { withServerFilled } from '../serverFilled';

export interface Definition {
  /** Relative to the root, `/` separators. */
  file: string;
  kind: SyncKind;
  base: unknown;
  overlayFile: string;
  overlay?: unknown;
  record?: DeployRecord;
  /** What this environment gets. */
  rendered: unknown;
  renderedText: string;
  /** The rendered document with the members the server filled in at the last push (what comparisons read). */
  comparable: unknown;
}

/** A definition that cannot be used, in a sentence that says what to do. */
export class DefinitionProblem extends Error {}

const keyOf = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

async function readJson(root: string, file: string, what: string): Promise<unknown> {
  const text = await fs.readFile(await containedPath(root, file, what), 'utf8');
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new DefinitionProblem(`${file} is not valid JSON (${err instanceof Error ? err.message : String(err)}): fix it first (svc-lint shows where).`);
  }
}

export async function readOverlay(root: string, environment: string, file: string): Promise<unknown> {
  const overlayFile = overlayPathOf(environment, file);
  try {
    return await readJson(root, overlayFile, overlayFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export async function loadDefinition(root: string, environment: string, file: string, record: DeployRecord | undefined): Promise<Definition> {
  let base: unknown;
  try {
    base = await readJson(root, file, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new DefinitionProblem(`${file} is gone: pull it again, or delete ${DEPLOY_DIR}/${environment}/${file}.`);
    throw err;
  }
  const overlay = await readOverlay(root, environment, file);
  const kind = record?.kind ?? syncKindOf(detectKind(pathToFileURL(path.join(root, file)).toString(), base)?.kind);
  if (!kind) throw new DefinitionProblem(`${file} is not a document svc knows (classic, OAS or streams API, policy, key).`);
  const rendered = render({ kind, base, overlay, identity: record?.ids, newResource: !record });
  const comparable = record ? withServerFilled(rendered, record.base, record.serverFilled) : rendered;
  return { file, kind, base, overlayFile: overlayPathOf(environment, file), overlay, record, rendered, renderedText: formatDocument(rendered), comparable };
}

const SKIPPED_FOLDERS = new Set(['.svc', DEPLOY_DIR, 'environments', 'node_modules', '.git']);

/** Definition paths named on the command line (folders: their .json files), or every file the environment tracks. */
export async function selectDefinitionFiles(root: string, records: ReadonlyMap<string, DeployRecord>, args: readonly string[]): Promise<string[]> {
  if (args.length === 0) return [...records.keys()].sort();
  const files: string[] = [];
  for (const arg of args) {
    const abs = path.resolve(root, arg);
    const rel = path.relative(root, abs);
    if (rel.startsWith('..') || path.isAbsolute(rel))
      throw new CliError(`The file '${arg}' is outside the current directory: run svc from the repository root.`);
    const key = keyOf(root, abs);
    if (key.startsWith('environments/')) throw new CliError(`'${arg}' is an overlay: name the definition it changes (${key.split('/').slice(2).join('/')}).`);
    const stat = await fs.stat(abs).catch(() => undefined);
    if (!stat) {
      if (records.has(key)) files.push(key);
      else throw new CliError(`No such file: ${arg}.`);
    } else if (stat.isDirectory()) files.push(...(await jsonFilesUnder(root, abs)));
    else files.push(key);
  }
  return [...new Set(files)].sort();
}

async function jsonFilesUnder(root: string, dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await jsonFilesUnder(root, full)));
    else if (/\.json$/i.test(entry.name) && entry.name !== ENVIRONMENTS_FILE && entry.name !== 'package.json' && entry.name !== 'package-lock.json') {
      found.push(keyOf(root, full));
    }
  }
  return found;
}
