// Promotion of one definition to an environment, for the editor's Promote to Environment… (the
// CLI's `svc promote` runs the same steps over many files, cli/envCommands.ts): the definition
// rendered for the target (its overlay, its ids), compared with the target's server and its
// shared base, pushed through the engine's pipeline with the caller's questions (the diff shown
// is the target's server against the rendered document), and the target's deploy record
// written. Free of `vscode`.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ManagementClient } from '../../../api/src/client';
import { formatDocument } from '../sync/canonicalJson';
import { pushDocument, type PushOutcome, type PushUi } from '../sync/pushPipeline';
import { readDeployRecord } from './deployState';
import { loadDefinition, type Definition } from './definition';
import { inspectDefinition } from './inspectDefinition';
import { recordPush } from './recordDeploy';

export interface PromoteRequest {
  root: string;
  /** The definition, relative to the root. */
  file: string;
  to: string;
  /** Push even when the target's server changed since its last deploy. */
  force?: boolean;
  signal?: AbortSignal;
}

export interface PromoteResult {
  status: PushOutcome['status'] | 'unchanged';
  message: string;
  outcome?: PushOutcome;
}

/** The definition as the target gets it (for the editor's preview). */
export async function renderedFor(root: string, to: string, file: string): Promise<Definition> {
  return loadDefinition(root, to, file, await readDeployRecord(root, to, file));
}

export async function promoteDefinition(
  deps: { client: ManagementClient; ui: PushUi; log?: (line: string) => void },
  request: PromoteRequest,
): Promise<PromoteResult> {
  const { root, file, to } = request;
  const def = await renderedFor(root, to, file);
  const inspection = await inspectDefinition(deps.client, def);
  const { comparison } = inspection;
  if (comparison.status === 'unchanged') return { status: 'unchanged', message: `'${to}' already has ${file} as rendered for it; nothing to send.` };
  if (comparison.remoteChanged && !request.force) {
    return {
      status: 'cancelled',
      message:
        `${file}: the ${def.kind === 'key' ? 'key' : `resource '${inspection.name}'`} changed on the server of '${to}' since its last deploy; ` +
        `nothing was sent. Compare it first (svc diff --env ${to}), or promote anyway.`,
    };
  }
  const outcome = await pushDocument(
    { clientFor: () => Promise.resolve(deps.client), ui: deps.ui, log: deps.log },
    {
      environment: to,
      name: path.basename(file),
      uri: pathToFileURL(path.join(root, file)).toString(),
      text: def.renderedText,
      kind: def.kind === 'key' ? 'session' : def.kind,
      target: inspection.target,
      base: def.record
        ? { remoteHash: def.record.serverHash, remoteText: def.record.base === undefined ? undefined : formatDocument(def.record.base) }
        : undefined,
      errors: [],
      signal: request.signal,
    },
  );
  if (outcome.status === 'pushed' || outcome.status === 'no-op') await recordPush(root, to, inspection, outcome);
  return { status: outcome.status, message: outcome.message.replace(path.basename(file), file), outcome };
}
