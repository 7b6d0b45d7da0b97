// The harness of the pushDocument tests (pushDocument.test.ts, pushDocumentAfterSend.test.ts): a sandbox
// per file, a scripted PushUi, requests and fresh policies on the server.
import { after, before } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { pushDocument, type PushRequest, type PushUi, type SendSummary } from '../../../engine/src/sync/pushPipeline';
import { readRemote } from '../../../engine/src/sync/remoteReader';
import type { RemoteTarget } from '../../../engine/src/sync/syncKinds';
import { startSandbox } from '../../../sandbox/src/index';

export let sandbox: Awaited<ReturnType<typeof startSandbox>>;
export let client: ManagementClient;

/** One in-memory sandbox per test file (call at the top of the file). */
export function useSandbox(): void {
  before(async () => {
    sandbox = await startSandbox({ port: 0, memory: true });
    client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  });
  after(async () => {
    await sandbox?.close();
  });
}

export const gatewayOnly = () =>
  new ManagementClient({ name: 'gw', dashboardUrl: sandbox.url, credentials: { gatewaySecret: sandbox.credentials.gatewaySecret }, retries: 0 });

/** A PushUi answering from a script; `asked` records each question in order, `seen` what it was shown. */
export function scripted(script: Partial<PushUi> = {}) {
  const asked: string[] = [];
  const seen: {
    diff?: { remoteText: string; title: string };
    summary?: SendSummary;
    reloadMessage?: string;
    oasContext?: { name: string; environment: string };
  } = {};
  const ui: PushUi = {
    confirmDespiteErrors: async (name, errors) => (asked.push(`errors:${name}:${errors.length}`), (await script.confirmDespiteErrors?.(name, errors)) ?? false),
    resolveConflict: async (facts) => (asked.push('conflict'), script.resolveConflict ? script.resolveConflict(facts) : 'cancel'),
    chooseOasCreate: async (context) => {
      asked.push('oasCreate');
      seen.oasContext = { name: context.name, environment: context.environment };
      return script.chooseOasCreate ? script.chooseOasCreate(context) : 'new';
    },
    chooseStreamsUpdate: async (name) => (asked.push(`streams:${name}`), script.chooseStreamsUpdate ? script.chooseStreamsUpdate(name) : 'put'),
    askKeyId: async (name) => (asked.push(`keyId:${name}`), script.askKeyId ? script.askKeyId(name) : undefined),
    showDiff: async (remoteText, title, document) => {
      asked.push('diff');
      seen.diff = { remoteText, title };
      await script.showDiff?.(remoteText, title, document);
    },
    confirmSend: async (summary) => (asked.push('confirm'), (seen.summary = summary), script.confirmSend ? script.confirmSend(summary) : true),
    offerReload: async (message) => (asked.push('reload'), (seen.reloadMessage = message), script.offerReload ? script.offerReload(message) : false),
  };
  return { ui, asked, seen };
}

export const request = (name: string, document: unknown, more: Partial<PushRequest> = {}): PushRequest => ({
  environment: 'sb',
  name,
  uri: `file:///w/${name}`,
  text: typeof document === 'string' ? document : JSON.stringify(document),
  errors: [],
  ...more,
});

export const push = (ui: PushUi, req: PushRequest, on: ManagementClient = client) => pushDocument({ clientFor: async () => on, ui }, req);

export const policyTarget = (id: string): RemoteTarget => ({ kind: 'policy', id });
export const serverPolicy = async (id: string) => (await readRemote(client, policyTarget(id))).document as Record<string, unknown>;
let policyCounter = 0;
/** A number no other test of this file has used (for ids and paths of their own). */
export const nextNumber = () => ++policyCounter;
/** A fresh policy on the server (so each test owns what it changes). */
export async function freshPolicy(): Promise<{ id: string; doc: Record<string, unknown> }> {
  const base = await serverPolicy('silver-plan');
  const id = `push-unit-${++policyCounter}`;
  await client.createPolicy({ ...base, id, _id: undefined, name: `Push unit ${policyCounter}` } as never);
  return { id, doc: await serverPolicy(id) };
}
