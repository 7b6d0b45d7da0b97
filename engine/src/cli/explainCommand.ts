// `svc explain`: would the gateway let this key make this request, and why (docs/access.md).
// Offline: the key file, and the policies and API definitions found in the folder (--dir,
// default the current directory). Exit 0 allowed, 1 denied, 2 usage. `--expect FILE` checks a
// list of expected allows and denies and exits 1 when one does not hold: access as CI tests.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { explainRequest, type ApiInfo, type Decider, type Explanation } from '../../../access/src/explain';
import { findApi, readFolder, type Folder } from '../../../access/src/folder';
import { parseSession } from '../../../access/src/model';
import { CliError, EXIT, type ExitCode } from './exitCodes';
import type { Reporter } from './io';

export interface ExplainOptions {
  positionals: string[];
  api?: string;
  method?: string;
  path?: string;
  version?: string;
  dir?: string;
  expect?: string;
  format: 'text' | 'json';
}

interface Question {
  keyFile: string;
  api: string;
  method: string;
  path: string;
  version?: string;
}

const display = (cwd: string, file: string) => relative(cwd, file).split(sep).join('/') || file;

function readKey(file: string) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`Cannot read the key file ${file}: check the path.`);
  }
  try {
    return parseSession(JSON.parse(text));
  } catch {
    throw new CliError(`${file} is not valid JSON: fix it, then run svc explain again.`);
  }
}

function resolveApi(folder: Folder, wanted: string, out: Reporter): ApiInfo {
  const found = findApi(folder.apis, wanted);
  if (found.ambiguous)
    throw new CliError(
      `Several API definitions are named '${wanted}' (${found.ambiguous.map((a) => `${a.id} in ${a.file}`).join(', ')}): pass the API id instead.`,
    );
  if (found.api) return found.api;
  out.note(`no API definition with the id or name '${wanted}' in the folder: treating it as an API id (not versioned).`);
  return { id: wanted };
}

function decidersText(deciders: Decider[], folder: Folder, keyFile: string): string {
  const where = deciders.map((d) => {
    const file = d.in === 'key' ? keyFile : (folder.policies.get(d.policy ?? '')?.file ?? `policy '${d.policy}' (not in the folder)`);
    return d.path.length ? `${file}: ${d.path.join('.')}` : file;
  });
  return where.length ? ` [${where.join('; ')}]` : '';
}

function ask(cwd: string, folder: Folder, q: Question, out: Reporter): { e: Explanation; api: ApiInfo; keyFile: string } {
  const keyPath = isAbsolute(q.keyFile) ? q.keyFile : resolve(cwd, q.keyFile);
  const key = readKey(keyPath);
  const api = resolveApi(folder, q.api, out);
  const e = explainRequest(key, (id) => folder.policies.get(id)?.policy, { api, method: q.method, path: q.path, ...(q.version ? { version: q.version } : {}) });
  return { e, api, keyFile: display(cwd, keyPath) };
}

function requestLine(q: Question, api: ApiInfo): string {
  return `${q.method.toUpperCase()} ${q.path} on API ${api.name ? `'${api.name}' (${api.id})` : `'${api.id}'`}`;
}

function asJson(q: Question, r: { e: Explanation; api: ApiInfo; keyFile: string }, folder: Folder) {
  const fileOf = (d: Decider) => (d.in === 'key' ? r.keyFile : (folder.policies.get(d.policy ?? '')?.file ?? null));
  return {
    key: r.keyFile,
    api: { id: r.api.id, ...(r.api.name ? { name: r.api.name } : {}) },
    method: q.method.toUpperCase(),
    path: q.path,
    allowed: r.e.allowed,
    status: r.e.status,
    ...(r.e.message ? { message: r.e.message } : {}),
    steps: r.e.steps.map((s) => ({ check: s.check, ok: s.ok, text: s.text, deciders: s.deciders.map((d) => ({ ...d, file: fileOf(d) })) })),
    ...(r.e.limit ? { limit: r.e.limit } : {}),
  };
}

function folderOf(cwd: string, dir: string | undefined): Folder {
  const root = resolve(cwd, dir ?? '.');
  try {
    if (!statSync(root).isDirectory()) throw new Error();
  } catch {
    throw new CliError(`--dir ${dir}: no such folder.`);
  }
  return readFolder(root);
}

export function explainCommand(cwd: string, options: ExplainOptions, out: Reporter, stdout: (text: string) => void): ExitCode {
  if (options.expect) return expectCommand(cwd, options, out, stdout);
  const [what, keyFile, ...extra] = options.positionals;
  if (what !== 'key' || !keyFile || extra.length)
    throw new CliError('Usage: svc explain key FILE --api NAME --method METHOD --path PATH [--version V] [--dir DIR] [--format json]');
  if (!options.api || !options.method || !options.path)
    throw new CliError('svc explain key needs --api, --method and --path (for example --api Orders --method GET --path /orders).');
  const folder = folderOf(cwd, options.dir);
  const q: Question = { keyFile, api: options.api, method: options.method, path: options.path, ...(options.version ? { version: options.version } : {}) };
  const r = ask(cwd, folder, q, out);
  if (options.format === 'json') stdout(`${JSON.stringify(asJson(q, r, folder), null, 2)}\n`);
  else {
    const head = r.e.allowed ? 'ALLOWED' : `DENIED (${r.e.status} "${r.e.message}")`;
    stdout(`${head}  ${requestLine(q, r.api)} with ${r.keyFile}\n`);
    for (const s of r.e.steps) stdout(`  ${s.ok ? '✓' : '✗'} ${s.text}${decidersText(s.deciders, folder, r.keyFile)}\n`);
  }
  return r.e.allowed ? EXIT.ok : EXIT.differences;
}

interface Expectation extends Question {
  allow: boolean;
}

function readExpectations(file: string): Expectation[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new CliError(`Cannot read ${file} as JSON: it should hold a list of { "key", "api", "method", "path", "allow" }.`);
  }
  const list = Array.isArray(value) ? value : (value as { expectations?: unknown })?.expectations;
  if (!Array.isArray(list) || list.length === 0)
    throw new CliError(`${file} holds no expectations: give a list of { "key", "api", "method", "path", "allow" }.`);
  return list.map((x: Record<string, unknown>, i) => {
    const bad = ['key', 'api', 'method', 'path'].filter((m) => typeof x?.[m] !== 'string');
    if (bad.length || typeof x.allow !== 'boolean')
      throw new CliError(`${file}: expectation ${i + 1} needs string ${['key', 'api', 'method', 'path'].join(', ')} and a boolean allow.`);
    return {
      keyFile: x.key as string,
      api: x.api as string,
      method: x.method as string,
      path: x.path as string,
      allow: x.allow,
      ...(typeof x.version === 'string' ? { version: x.version } : {}),
    };
  });
}

function expectCommand(cwd: string, options: ExplainOptions, out: Reporter, stdout: (text: string) => void): ExitCode {
  const file = resolve(cwd, options.expect!);
  const expectations = readExpectations(file);
  // Key files are relative to the expectations file, so the file travels with the repository.
  const base = dirname(file);
  const folder = folderOf(cwd, options.dir);
  let failed = 0;
  const results = expectations.map((x) => {
    const r = ask(base, folder, x, out);
    const ok = r.e.allowed === x.allow;
    if (!ok) failed++;
    return { x, r, ok };
  });
  if (options.format === 'json') {
    const entries = results.map(({ x, r, ok }) => ({ ok, expected: x.allow ? 'allow' : 'deny', ...asJson(x, r, folder) }));
    stdout(`${JSON.stringify({ passed: results.length - failed, failed, results: entries }, null, 2)}\n`);
  } else {
    for (const { x, r, ok } of results) {
      const got = r.e.allowed ? 'allowed' : `denied: ${r.e.steps.at(-1)?.text ?? r.e.message}`;
      stdout(
        `${ok ? 'ok  ' : 'FAIL'} ${requestLine(x, r.api)} with ${display(cwd, resolve(base, x.keyFile))}: expected ${x.allow ? 'allow' : 'deny'}, ${got}\n`,
      );
    }
    stdout(`${results.length - failed} passed, ${failed} failed\n`);
  }
  return failed ? EXIT.differences : EXIT.ok;
}
