// `npm run bench:cli`: `svc pull --all`, `svc diff` and a one-file `svc push` (the real bundle,
// dist/svc.js, as child processes) against a sandbox holding 10,000 OAS APIs besides its seed,
// beside a floor script (bench/svcCliFloor.mjs: read endpoint 10's listing once, write each
// definition / hash each local file) in the same interleaved rounds, once against the full
// sandbox and once against `--spec-only`. Prints medians, the ratios against the floor (targets of
// issue 32: pull ≤ 3×, diff ≤ 3×, one-file push < 1 s) and the load average beside each.
// A benchmark, not a test (exits 0).
//
// SVC_BENCH_APIS (default 10000), SVC_BENCH_RUNS (rounds, default 3), SVC_BENCH_MODES
// (default "full,spec-only"), SVC_BENCH_PROFILE=<dir> (CPU profiles of the svc runs).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagementClient } from '../api/src';
import { startSandbox } from '../sandbox/src/index';

const COUNT = Number(process.env.SVC_BENCH_APIS ?? 10000);
const RUNS = Number(process.env.SVC_BENCH_RUNS ?? 3);
const MODES = (process.env.SVC_BENCH_MODES ?? 'full,spec-only').split(',').map((m) => m.trim());
const root = path.join(__dirname, '..');

function oasDocument(i: number) {
  return {
    openapi: '3.0.3',
    info: { title: `Bench API ${i}`, version: '1.0.0' },
    paths: { [`/items/${i}`]: { get: { operationId: `get${i}`, responses: { '200': { description: 'ok' } } } } },
    'x-svc-api-gateway': {
      info: { name: `Bench API ${i}`, state: { active: true } },
      upstream: { url: `http://upstream-${i}.internal` },
      server: { listenPath: { value: `/bench-${i}/`, strip: true } },
    },
  };
}

/** Writes the dirty pages out (`sync`), so one command's writeback is not timed in the next one. */
const flushDisk = () => void spawnSync('sync', [], { stdio: 'ignore' });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () => os.loadavg()[0];
const loadNote = (l: number) => `load ${l.toFixed(1)}${l > 2 ? ' (WARNING: load above 2, the machine is not quiet)' : ''}`;

interface Run {
  ms: number;
  code: number | null;
  stderr: string;
}

async function benchMode(specOnly: boolean): Promise<void> {
  const sandbox = await startSandbox({ port: 0, memory: true, specOnly });
  const client = new ManagementClient({ name: 'bench', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  const made = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < COUNT) await client.createOasApi(oasDocument(next++) as never);
    }),
  );
  const apis = (await client.listApis({ p: -1 })).apis?.length ?? 0;
  client.dispose();
  const label = specOnly ? 'spec-only sandbox (--spec-only)' : 'full sandbox';
  console.log(`\n${label}: ${apis} APIs (${COUNT} created in ${Date.now() - made} ms), plus the seed's policies and keys; ${RUNS} interleaved rounds`);

  const { gatewaySecret, dashboardToken } = sandbox.credentials;
  const env = { ...process.env, SVC_DASHBOARD_URL: sandbox.url, SVC_GATEWAY_SECRET: gatewaySecret, SVC_DASHBOARD_TOKEN: dashboardToken };
  // The sandbox answers from this process: run the children asynchronously so the event loop serves it.
  const run = (args: string[], cwd: string, script = path.join(root, 'bin/svc.js'), extra: string[] = ['--quiet']) =>
    new Promise<Run>((resolve) => {
      const started = process.hrtime.bigint();
      const profile = process.env.SVC_BENCH_PROFILE && script.endsWith('svc.js') ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SVC_BENCH_PROFILE}`] : [];
      const child = spawn(process.execPath, [...profile, script, ...args, ...extra], { cwd, env });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.resume();
      child.on('exit', (code) => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, code, stderr }));
    });
  const floor = (mode: 'pull' | 'hash', dir: string) => run([mode, dir], os.tmpdir(), path.join(root, 'bench/svcCliFloor.mjs'), []);
  const check = (what: string, r: Run, ok: number[] = [0]) => {
    if (!ok.includes(r.code ?? -1)) console.log(`  ${what}: exit ${r.code}${r.stderr ? `\n${r.stderr.slice(0, 2000)}` : ''}`);
  };

  const figures: Record<string, number[]> = { floorPull: [], pull: [], pullAgain: [], floorHash: [], diff: [], pushFile: [], pushAll: [], load: [] };
  let files = 0;
  for (let round = 0; round < RUNS; round++) {
    const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-floor-'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
    try {
      figures.load.push(load());
      // Who writes 10,000 files second pays for the first one's writeback: the order alternates,
      // and the page cache is flushed before each of the two.
      const floorPull = async () => {
        flushDisk();
        const fp = await floor('pull', path.join(floorDir, 'svc'));
        check('floor pull', fp);
        figures.floorPull.push(fp.ms);
      };
      const svcPull = async () => {
        flushDisk();
        const pull = await run(['pull', '--all'], dir);
        check('svc pull --all', pull);
        figures.pull.push(pull.ms);
      };
      if (round % 2 === 0) {
        await floorPull();
        await svcPull();
      } else {
        await svcPull();
        await floorPull();
      }
      flushDisk();
      files = fs.readdirSync(path.join(dir, 'svc')).length;
      const fh = await floor('hash', path.join(dir, 'svc'));
      check('floor hash', fh);
      figures.floorHash.push(fh.ms);
      const diff = await run(['diff'], dir);
      check('svc diff', diff);
      figures.diff.push(diff.ms);
      const again = await run(['pull', '--all'], dir);
      check('svc pull --all (again)', again);
      figures.pullAgain.push(again.ms);
      // One file changed among them all: pushed by name, then (another one) by `svc push` alone.
      const names = fs.readdirSync(path.join(dir, 'svc')).filter((f) => f.startsWith('bench-api-'));
      const edit = (name: string) => {
        const file = path.join(dir, 'svc', name);
        const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
        doc.info.title += ` (edited ${round})`;
        fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
        return `svc/${name}`;
      };
      const pushed = await run(['push', edit(names[round % names.length]), '--yes'], dir);
      check('svc push FILE --yes', pushed);
      figures.pushFile.push(pushed.ms);
      edit(names[(round + 1) % names.length]);
      const pushedAll = await run(['push', '--yes'], dir);
      check('svc push --yes', pushedAll);
      figures.pushAll.push(pushedAll.ms);
    } finally {
      fs.rmSync(floorDir, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  await sandbox.close();

  const m = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, median(v)]));
  const l = loadNote(Math.max(...figures.load, load()));
  const ratio = (a: number, b: number, target: number) => `${(a / b).toFixed(2)}× (target ≤ ${target}×: ${a / b <= target ? 'met' : 'MISSED'}; ${l})`;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`  files pulled: ${files}`);
  console.log(`  floor: listing + write each definition  ${s(m.floorPull)}`);
  console.log(`  svc pull --all                          ${s(m.pull)}  = ${ratio(m.pull, m.floorPull, 3)}`);
  console.log(`  svc pull --all again (all unchanged)    ${s(m.pullAgain)}  = ${(m.pullAgain / m.floorPull).toFixed(2)}× the pull floor`);
  console.log(`  floor: listing + hash each local file   ${s(m.floorHash)}`);
  console.log(`  svc diff (nothing changed)              ${s(m.diff)}  = ${ratio(m.diff, m.floorHash, 3)}`);
  console.log(`  svc push FILE --yes (one file changed)  ${s(m.pushFile)}  (target < 1 s: ${m.pushFile < 1000 ? 'met' : 'MISSED'}; ${l})`);
  console.log(`  svc push --yes (one file changed)       ${s(m.pushAll)}  (no target; every tracked file checked)`);
  console.log(
    `  rounds (ms; load): ${JSON.stringify(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.map((x) => Math.round(x * 10) / 10)])))}`,
  );
}

async function main() {
  for (const mode of MODES) await benchMode(mode === 'spec-only');
}

void main();
