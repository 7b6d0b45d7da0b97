// The audit's crash attack, bounded: SIGKILL cycles of a sandbox process on 127.0.0.1 while
// parallel writers update records, rename APIs (a rename deletes the old record and writes the
// new one: the multi-file write the journal makes all-or-nothing) and migrate APIs (create,
// stage, promote: the promotion replaces the API and deletes its staged copy). The spec has no
// DELETE endpoint; those are the writes that delete. After each kill the next sandbox starts on
// the same folder and every writer checks what survived:
// - lost: an acknowledged write whose effect is gone (an older value, or no API at all);
// - resurrected: a record an acknowledged rename or promotion removed that is back.
// Both must be 0. The figures are printed and quoted in sandbox/README.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildSandbox, sandboxCliBundle, type ChildSandbox } from './childSandbox.js';

const CYCLES = Number(process.env.SVC_CRASH_CYCLES ?? 10);
const UPDATERS = 16;
const RENAMERS = 32;
/** How long the writers run before the kill (ms), varied per cycle. */
const WRITE_WINDOW = (cycle: number) => 500 + ((cycle * 137) % 600);

interface Endpoint {
  url: string;
  secret: string;
  dashboardToken: string;
}

async function call(e: Endpoint, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = path.startsWith('/svc/') ? { 'X-Svc-Authorization': e.secret } : { Authorization: `Bearer ${e.dashboardToken}` };
  const r = await fetch(e.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

/** One updater: policy `crash-p<k>`, `rate` counts up; acked = the last acknowledged rate. */
interface Updater {
  id: string;
  acked: number;
  inFlight: number | undefined;
}

/** One renamer: its API moves from `crash-r<k>-<n>` to `…-<n+1>`; acked = the last acknowledged n. */
interface Renamer {
  k: number;
  acked: number;
  inFlight: number | undefined;
  /** Every n a rename acknowledged moving away from: those records must never come back. */
  removed: Set<number>;
  /** Its API vanished (counted once as lost); it writes no more. */
  gone?: boolean;
}

const apiId = (k: number, n: number) => `crash-r${k}-${n}`;

const MIGRATORS = 8;
const STEPS = ['none', 'created', 'staged', 'promoted'] as const;
type Step = (typeof STEPS)[number];
const rank = (s: Step) => STEPS.indexOf(s);

/** One API a migrator took through create → stage → promote. */
interface Migrated {
  id: string;
  acked: Step;
  inFlight: Step | undefined;
}

/** What the listing shows of a migrated API. */
function observed(id: string, apis: Map<string, boolean>): { step: Step; stagedBack: boolean } {
  const base = apis.get(id);
  const staged = apis.has(`${id}-staged`);
  if (base === undefined) return { step: 'none', stagedBack: false };
  if (base && !staged) return { step: 'promoted', stagedBack: false };
  if (staged) return { step: base ? 'promoted' : 'staged', stagedBack: base };
  return { step: 'created', stagedBack: false };
}

test(`${CYCLES} SIGKILL cycles with ${UPDATERS + RENAMERS + MIGRATORS} parallel writers (update, rename, promote = delete): 0 lost, 0 resurrected`, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-crash-'));
  await sandboxCliBundle();
  const updaters: Updater[] = Array.from({ length: UPDATERS }, (_, k) => ({ id: `crash-p${k}`, acked: -1, inFlight: undefined }));
  const renamers: Renamer[] = Array.from({ length: RENAMERS }, (_, k) => ({ k, acked: 0, inFlight: undefined, removed: new Set() }));
  const migrated: Migrated[] = [];
  const children: ChildSandbox[] = [];
  const track = (child: ChildSandbox) => (children.push(child), child);
  let acknowledged = 0;
  let lost = 0;
  let resurrected = 0;
  const problems: string[] = [];
  try {
    // Set-up (not counted): the renamers' APIs.
    {
      const s = track(await startChildSandbox(dataDir, ['--no-seed']));
      const e = await s.listening;
      for (const r of renamers) {
        const created = await call(e, 'POST', '/svc/apis', { api_id: apiId(r.k, 0), name: `Crash ${r.k}`, proxy: { listen_path: `/crash-${r.k}/` } });
        assert.equal(created.status, 200);
      }
      s.child.kill('SIGTERM');
      assert.equal((await s.exited).code, 0);
    }

    for (let cycle = 0; cycle <= CYCLES; cycle++) {
      const s = track(await startChildSandbox(dataDir, ['--no-seed']));
      const e = await s.listening;
      // Check what the previous cycle left (the journal was replayed by this start).
      const listing: any[] = (await call(e, 'GET', '/svc/apis')).body;
      const apis: string[] = listing.map((a) => a.api_id);
      const oas = new Map<string, boolean>(listing.map((a) => [a.api_id, a.is_oas === true]));
      for (const m of migrated) {
        const seen = observed(m.id, oas);
        if (seen.stagedBack && rank(m.acked) >= rank('promoted')) resurrected++;
        if (rank(seen.step) < rank(m.acked)) lost++;
        const highest = m.inFlight ?? m.acked;
        if (seen.stagedBack || rank(seen.step) < rank(m.acked) || rank(seen.step) > rank(highest)) {
          problems.push(`${m.id}: ${seen.step}${seen.stagedBack ? ' with its staged copy back' : ''}, acknowledged ${m.acked}, in flight ${m.inFlight}`);
        }
        m.acked = seen.step;
        m.inFlight = undefined;
      }
      const policies = new Map<string, number>((await call(e, 'GET', '/svc/policies')).body.map((p: any) => [p.id, p.rate]));
      for (const u of updaters) {
        const rate = policies.get(u.id) ?? -1;
        if (rate !== u.acked && rate !== u.inFlight) {
          if (rate < u.acked) lost++;
          problems.push(`${u.id}: rate ${rate}, acknowledged ${u.acked}, in flight ${u.inFlight}`);
        }
        u.acked = rate; // an unacknowledged write that landed is fine: continue from it
        u.inFlight = undefined;
      }
      for (const r of renamers) {
        if (r.gone) continue;
        const present = apis.filter((id) => id.startsWith(`crash-r${r.k}-`)).map((id) => Number(id.slice(`crash-r${r.k}-`.length)));
        for (const n of present) if (r.removed.has(n)) resurrected++;
        const current = present.filter((n) => !r.removed.has(n));
        if (present.length !== 1 || (present[0] !== r.acked && present[0] !== r.inFlight)) {
          if (!present.includes(r.acked) && !(r.inFlight !== undefined && present.includes(r.inFlight))) lost++;
          problems.push(`renamer ${r.k}: present ${present.join(',') || 'none'}, acknowledged ${r.acked}, in flight ${r.inFlight}`);
        }
        if (current.length) r.acked = Math.max(...current);
        else r.gone = true;
        r.inFlight = undefined;
      }
      if (cycle === CYCLES) {
        s.child.kill('SIGTERM');
        await s.exited;
        break;
      }

      // Warm-up (not counted): the first writes of a run load the validators; the window is for writes.
      await call(e, 'POST', '/svc/policies', { id: 'warm-up', name: 'warm-up' });
      await call(e, 'POST', '/api/apis/migrate', { apiIDs: [apiId(0, renamers[0].acked)], mode: 'dryRun' });
      let stop = false;
      const update = async (u: Updater) => {
        while (!stop) {
          const rate = u.acked + 1;
          u.inFlight = rate;
          const r = await call(e, 'POST', '/svc/policies', { id: u.id, name: u.id, rate }).catch(() => undefined);
          if (r?.status !== 200) return; // the process died: not acknowledged
          acknowledged++;
          u.acked = rate;
          u.inFlight = undefined;
        }
      };
      const rename = async (r: Renamer) => {
        while (!stop && !r.gone) {
          const from = r.acked;
          const read = await call(e, 'GET', `/api/apis/${apiId(r.k, from)}`).catch(() => undefined);
          if (read?.status !== 200) return;
          r.inFlight = from + 1;
          const body = { api_definition: { ...read.body.api_definition, api_id: apiId(r.k, from + 1) } };
          const w = await call(e, 'PUT', `/api/apis/${apiId(r.k, from)}`, body).catch(() => undefined);
          if (w?.status !== 200) return;
          acknowledged++;
          r.removed.add(from);
          r.acked = from + 1;
          r.inFlight = undefined;
        }
      };
      const migrate = async (k: number) => {
        for (let n = 0; !stop; n++) {
          const m: Migrated = { id: `crash-m${k}-c${cycle}-${n}`, acked: 'none', inFlight: 'created' };
          migrated.push(m);
          const steps: Array<[Step, () => Promise<{ status: number } | undefined>]> = [
            [
              'created',
              () =>
                call(e, 'POST', '/svc/apis', {
                  api_id: m.id,
                  name: m.id,
                  proxy: { listen_path: `/${m.id}/`, target_url: 'http://upstream.invalid' },
                  version_data: { not_versioned: true, versions: { Default: { name: 'Default' } } },
                }).catch(() => undefined),
            ],
            ['staged', () => call(e, 'POST', '/api/apis/migrate', { apiIDs: [m.id], mode: 'stage' }).catch(() => undefined)],
            ['promoted', () => call(e, 'POST', '/api/apis/migrate', { apiIDs: [m.id], mode: 'promote' }).catch(() => undefined)],
          ];
          for (const [step, send] of steps) {
            m.inFlight = step;
            const r = await send();
            if (r?.status !== 200) return;
            acknowledged++;
            m.acked = step;
            m.inFlight = undefined;
          }
        }
      };
      const writers = [...updaters.map(update), ...renamers.map(rename), ...Array.from({ length: MIGRATORS }, (_, k) => migrate(k))];
      await new Promise((resolve) => setTimeout(resolve, WRITE_WINDOW(cycle)));
      s.child.kill('SIGKILL');
      stop = true;
      await s.exited;
      await Promise.all(writers);
    }
    const journal = join(dataDir, 'journal');
    assert.ok(!existsSync(journal) || !readdirSync(journal).some((f) => f.endsWith('.json')), 'a clean stop leaves no journal record');
  } finally {
    // Whatever happened, no sandbox outlives the test.
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `crash test: ${CYCLES} SIGKILL cycles, ${UPDATERS + RENAMERS + MIGRATORS} writers: acknowledged ${acknowledged}, lost ${lost}, resurrected ${resurrected}`,
  );
  assert.deepEqual(problems, []);
  assert.equal(lost, 0);
  assert.equal(resurrected, 0);
  assert.ok(acknowledged > CYCLES * 20, `enough writes acknowledged to mean something (${acknowledged})`);
});
