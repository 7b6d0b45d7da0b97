// The environment-aware commands' entry points: `svc push --env`, `svc promote` and `svc render`.
// Thin: choose the definitions (FILE…, --select), load them rendered, hand over to pushDefinitions.
import type { Connection } from '../../cli/connection';
import { CliError, EXIT, type ExitCode } from '../../cli/exitCodes';
import type { CliIo, Reporter } from '../../cli/io';
import type { OasVersionChoice } from '../../sync/routing';
import { listDeployRecords, type DeployRecord } from '../deployState';
import { moveLegacyState } from '../legacyState';
import { selects, type Selector } from '../selection';
import { loadDefinition, type Definition } from '../definition';
import { selectDefinitionFiles } from './definitions';
import { pushDefinitions } from './envPush';
import { hashDocument } from '../../sync/canonicalJson';
import { withServerFilled } from '../serverFilled';

async function loadSelected(
  root: string,
  environment: string,
  records: ReadonlyMap<string, DeployRecord>,
  files: readonly string[],
  selectors: readonly Selector[],
  sourceRecords: ReadonlyMap<string, DeployRecord> = records,
): Promise<Definition[]> {
  const chosen = await selectDefinitionFiles(root, sourceRecords, files);
  const defs: Definition[] = [];
  for (const file of chosen) {
    const def = await loadDefinition(root, environment, file, records.get(file));
    if (selects(selectors, { kind: def.kind, file, document: def.rendered })) defs.push(def);
  }
  return defs;
}

export interface EnvPushArgs {
  files: string[];
  yes: boolean;
  force: boolean;
  reload: boolean;
  oasVersion?: OasVersionChoice;
  selectors: Selector[];
}

export async function envPushCommand(root: string, connection: Connection, args: EnvPushArgs, io: CliIo, out: Reporter): Promise<ExitCode> {
  const environment = connection.environment;
  const moved = await moveLegacyState(root, environment);
  if (moved) out.note(moved);
  const records = await listDeployRecords(root, environment);
  const defs = await loadSelected(root, environment, records, args.files, args.selectors);
  return pushDefinitions(
    root,
    connection,
    defs,
    { ...args, onlyChanged: args.files.length === 0, title: `Push to '${environment}' (rendered with its overlay and ids):` },
    io,
    out,
  );
}

/**
 * `svc promote --from A --to B [FILE…]`: the definitions A has (or FILE…), rendered for B (B's
 * overlay, B's ids; a resource B does not have yet is created there and gets ids of its own),
 * shown as B's server against what would be sent, confirmed and pushed. B's deploy record keeps
 * B's ids, so the same definition maps to its own resource in each environment.
 */
export async function promoteCommand(root: string, from: string, to: Connection, args: EnvPushArgs, io: CliIo, out: Reporter): Promise<ExitCode> {
  if (from === to.environment) throw new CliError('--from and --to name the same environment: promote goes from one environment to another.');
  for (const env of [from, to.environment]) {
    const moved = await moveLegacyState(root, env);
    if (moved) out.note(moved);
  }
  const fromRecords = await listDeployRecords(root, from);
  const toRecords = await listDeployRecords(root, to.environment);
  if (args.files.length === 0 && fromRecords.size === 0) {
    throw new CliError(`'${from}' has no deploy state (.svc-deploy/${from}/): pull from it or push to it first, or name the definitions to promote.`);
  }
  const defs = await loadSelected(root, to.environment, toRecords, args.files, args.selectors, fromRecords);
  // Promotion takes the definitions as they are: say when one is not what the source environment runs.
  for (const def of defs) {
    const source = fromRecords.get(def.file);
    if (!source) continue;
    const asSource = await loadDefinition(root, from, def.file, source);
    if (hashDocument(def.kind, withServerFilled(asSource.rendered, source.base, source.serverFilled)) !== source.fileHash) {
      out.note(`note: ${def.file} changed since it was last deployed to '${from}': promoting the definition as it is in the repository.`);
    }
  }
  return pushDefinitions(
    root,
    to,
    defs,
    { ...args, onlyChanged: false, title: `Promote from '${from}' to '${to.environment}' (rendered with '${to.environment}''s overlay and ids):` },
    io,
    out,
  );
}

/** `svc render --env NAME [FILE…]`: what would be sent. One file: its document; several: one object by file. */
export async function renderCommand(root: string, environment: string, files: string[], selectors: Selector[], out: Reporter): Promise<ExitCode> {
  const records = await listDeployRecords(root, environment);
  if (files.length === 0 && records.size === 0)
    throw new CliError(`'${environment}' has no deploy state yet: name the definitions to render (svc render --env ${environment} FILE…).`);
  const defs = await loadSelected(root, environment, records, files, selectors);
  if (defs.length === 1 && files.length === 1 && !selectors.length) out.json(defs[0].rendered);
  else out.json(Object.fromEntries(defs.map((d) => [d.file, d.rendered])));
  return EXIT.ok;
}
