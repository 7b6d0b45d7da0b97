// The world of the CLI tests that count what `svc` asks the server for (cli-diff-report,
// cli-push-edges): one sandbox per test file, everything pulled through a counting proxy
// (countingProxy.ts), and the requests that tell a listing from a read of one resource.
import { strict as assert } from 'node:assert';
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

/** Reads of one API, its record or a policy on its own: what the listings make unnecessary. */
export const singleReads = (requests: readonly string[]) => requests.filter((r) => /^GET \/(svc|api)\/apis\/(oas\/|streams\/)?[0-9a-f]+(\?|$)/.test(r));
export const apiListings = (requests: readonly string[]) => requests.filter((r) => r.startsWith('GET /api/apis?'));
export const policyReads = (requests: readonly string[]) => requests.filter((r) => r === 'GET /svc/policies');
