// One definition as an environment sees it: the file `P`, its overlay `environments/E/P`, the
// environment's deploy record, and the rendered document that is sent. Shared by the `svc`
// commands and the editor (push, pull, compare, promote). Free of `vscode`.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectKind } from '../../../common/src/detection';
import { formatDocument } from '../sync/canonicalJson';
import { containedPath } from '../sync/pathContainment';
import { syncKindOf, type SyncKind } from '../sync/syncKinds';
import { DEPLOY_DIR, type DeployRecord } from './deployState';
import { overlayPathOf, render } from './render';
import { withServerFilled } from './serverFilled';

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

/** `file` (relative to the root) parsed; ENOENT passes through; invalid JSON is a DefinitionProblem saying what to do. */
export async function readDefinitionJson(root: string, file: string, what = 'fix it first (svc-lint or the Problems view shows where)'): Promise<unknown> {
  const text = await fs.readFile(await containedPath(root, file, file), 'utf8');
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new DefinitionProblem(`${file} is not valid JSON (${err instanceof Error ? err.message : String(err)}): ${what}.`);
  }
}

/** `file` parsed, or undefined when it is not there. */
export async function readDefinitionIfThere(root: string, file: string, what?: string): Promise<unknown> {
  try {
    return await readDefinitionJson(root, file, what);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export function readOverlay(root: string, environment: string, file: string): Promise<unknown> {
  return readDefinitionIfThere(root, overlayPathOf(environment, file));
}

export async function loadDefinition(root: string, environment: string, file: string, record: DeployRecord | undefined): Promise<Definition> {
  const base = await readDefinitionIfThere(root, file);
  if (base === undefined) throw new DefinitionProblem(`${file} is gone: pull it again, or delete ${DEPLOY_DIR}/${environment}/${file}.`);
  const overlay = await readOverlay(root, environment, file);
  const kind = record?.kind ?? syncKindOf(detectKind(pathToFileURL(path.join(root, file)).toString(), base)?.kind);
  if (!kind) throw new DefinitionProblem(`${file} is not a document svc knows (classic, OAS or streams API, policy, key).`);
  const rendered = render({ kind, base, overlay, identity: record?.ids, newResource: !record });
  const comparable = record ? withServerFilled(rendered, record.base, record.serverFilled) : rendered;
  return { file, kind, base, overlayFile: overlayPathOf(environment, file), overlay, record, rendered, renderedText: formatDocument(rendered), comparable };
}
