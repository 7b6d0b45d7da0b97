// The world of the CLI tests that count what `svc` asks the server for (cli-diff-report,
// cli-push-edges): one sandbox per test file, everything pulled through a counting proxy
// (countingProxy.ts), and the requests that tell a listing from a read of one resource.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before } from 'node:test';
import { startCliWorld, type CliWorld } from './cliHarness';
import { startCountingProxy, type CountingProxy } from './countingProxy';

export let w: CliWorld;
export let proxy: CountingProxy;
/** The environment of `svc` through the proxy. */
export let env: NodeJS.ProcessEnv;
/** Every pulled file, relative to the working folder. */
export let pulled: string[];

/** One sandbox and proxy for the calling test file, with everything pulled (call at the top of the file). */
export function useProxiedWorld(): void {
  before(async () => {
    w = await startCliWorld();
    proxy = await startCountingProxy(w.url);
    env = { ...w.env, SVC_DASHBOARD_URL: proxy.url };
    const run = await w.svc(['pull', '--all'], { env });
    assert.equal(run.code, 0, run.stderr);
    pulled = Object.keys((await w.readJson('.svc/state.json')).files).sort();
  });
  after(async () => {
    await proxy?.close();
    await w?.close();
  });
}

/** Runs `body`, then puts the files, the state (and the pulled versions) and the server's policies back as they were. */
export async function keeping(files: string[], body: () => Promise<void>): Promise<void> {
  const saved = new Map<string, string | undefined>();
  for (const f of files) saved.set(f, await fs.readFile(path.join(w.dir, f), 'utf8').catch(() => undefined));
  const stateCopy = `${w.dir}-state`;
  await fs.cp(path.join(w.dir, '.svc'), stateCopy, { recursive: true });
  const policies = await w.client.listPolicies();
  try {
    await body();
  } finally {
    for (const [f, text] of saved) {
      // Removed first: a symlink put in the file's place is replaced, not written through.
      await fs.rm(path.join(w.dir, f), { force: true });
      if (text !== undefined) await fs.writeFile(path.join(w.dir, f), text);
    }
    await fs.rm(path.join(w.dir, '.svc'), { recursive: true, force: true });
    await fs.rename(stateCopy, path.join(w.dir, '.svc'));
    for (const p of policies) await w.client.updatePolicy(p.id!, p);
  }
}

/** Reads of one API, its record or a policy on its own: what the listings make unnecessary. */
export const singleReads = (requests: readonly string[]) => requests.filter((r) => /^GET \/(svc|api)\/apis\/(oas\/|streams\/)?[0-9a-f]+(\?|$)/.test(r));
export const apiListings = (requests: readonly string[]) => requests.filter((r) => r.startsWith('GET /api/apis?'));
export const policyReads = (requests: readonly string[]) => requests.filter((r) => r === 'GET /svc/policies');
