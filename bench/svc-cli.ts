// `npm run bench:cli`: `svc pull --all` and `svc diff` (the real bundle, dist/svc.js, as a child
// process) against a sandbox holding 1,000 APIs besides its seed. Prints wall-clock times and
// per-resource figures; a benchmark, not a test (exits 0).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagementClient } from '../api/src';
import { startSandbox } from '../sandbox/src/index';

const COUNT = Number(process.env.SVC_BENCH_APIS ?? 1000);
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

async function main() {
  const sandbox = await startSandbox({ port: 0, memory: true });
  const client = new ManagementClient({ name: 'bench', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  const made = Date.now();
  for (let i = 0; i < COUNT; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, COUNT - i) }, (_, j) => client.createOasApi(oasDocument(i + j) as never)));
  }
  const apis = (await client.listApis({ p: -1 })).apis?.length ?? 0;
  console.log(`sandbox: ${apis} APIs (${COUNT} created in ${Date.now() - made} ms), plus the seed's policies and keys`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
  const { gatewaySecret, dashboardToken } = sandbox.credentials;
  const env = { ...process.env, SVC_DASHBOARD_URL: sandbox.url, SVC_GATEWAY_SECRET: gatewaySecret, SVC_DASHBOARD_TOKEN: dashboardToken };
  // The sandbox answers from this process: run the CLI asynchronously so the event loop serves it.
  const svc = (args: string[]) =>
    new Promise<{ ms: number; code: number | null; stderr: string }>((resolve) => {
      const started = process.hrtime.bigint();
      const profile = process.env.SVC_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SVC_BENCH_PROFILE}`] : [];
      const child = spawn(process.execPath, [...profile, path.join(root, 'bin/svc.js'), ...args, '--quiet'], { cwd: dir, env });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdout.resume();
      child.on('exit', (code) => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, code, stderr }));
    });
  try {
    const pull = await svc(['pull', '--all']);
    const files = fs.readdirSync(path.join(dir, 'svc')).length;
    console.log(`svc pull --all: ${(pull.ms / 1000).toFixed(2)} s for ${files} files (${(pull.ms / files).toFixed(1)} ms per resource), exit ${pull.code}`);
    const again = await svc(['pull', '--all']);
    console.log(`svc pull --all again (all unchanged): ${(again.ms / 1000).toFixed(2)} s, exit ${again.code}`);
    const diff = await svc(['diff']);
    const perFile = (diff.ms / files).toFixed(1);
    console.log(`svc diff (no differences): ${(diff.ms / 1000).toFixed(2)} s for ${files} files (${perFile} ms per file), exit ${diff.code}`);
    for (const name of fs
      .readdirSync(path.join(dir, 'svc'))
      .filter((f) => f.startsWith('bench-api-'))
      .slice(0, 10)) {
      const file = path.join(dir, 'svc', name);
      const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
      doc.info.title += ' (edited)';
      fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    }
    const edited = await svc(['diff', '--format', 'json']);
    console.log(`svc diff --format json (10 files edited): ${(edited.ms / 1000).toFixed(2)} s, exit ${edited.code}`);
    if (pull.stderr || diff.stderr) console.log(pull.stderr, diff.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await sandbox.close();
  }
}

void main();
