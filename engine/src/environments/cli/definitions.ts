// Which definitions a `svc … --env` run works on: the files named on the command line (folders:
// their .json files), or every file the environment tracks. Loading one is definition.ts's.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { CliError } from '../../cli/exitCodes';
import { DEPLOY_DIR, type DeployRecord } from '../deployState';
import { ENVIRONMENTS_FILE } from '../environmentsFile';

const keyOf = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

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
