// The language server at workspace scale (issue 32): `dist/server.js --stdio`, launched as the
// client launches it, on a workspace folder of 10,000 definition files (the navigation inputs ten
// times over, each copy with its own ids, names and listen paths). Figures: initialized → the
// scan's "indexed … workspace file(s)" log line (the index built), the server's resident memory
// then, references p50/p95 at 200 positions over LSP, and the first diagnostics of a file opened
// in that workspace against the same file opened in an empty one (both after the scan).
// `npm run bench:workspace`; SVC_BENCH_WORKSPACE_FILES (default 10000), SVC_BENCH_RUNS (default 3).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_EXEC_ARGV } from '../common/src/serverProcess';
import { LspClient } from '../test/protocol/helpers/lspClient';
import { navigationInputs } from './navigation';

const TARGET_FILES = Number(process.env.SVC_BENCH_WORKSPACE_FILES ?? 10000);
const RUNS = Number(process.env.SVC_BENCH_RUNS ?? 3);

/** The 1,000 navigation inputs, copied until there are TARGET_FILES, each copy with ids and paths of its own. */
export function workspaceInputs(count = TARGET_FILES): Array<{ path: string; text: string }> {
  const base = navigationInputs();
  const files: Array<{ path: string; text: string }> = [];
  for (let copy = 0; files.length < count; copy++) {
    for (const f of base) {
      if (files.length >= count) break;
      const text =
        copy === 0
          ? f.text
          : f.text
              .replace(/api-([0-9a-f]{6})/g, (_, hex: string) => `api-${copy.toString(16)}${hex.slice(copy.toString(16).length)}`)
              .replace(/policy-(\d+)/g, `policy-c${copy}-$1`)
              .replace(/"\/(classic|oas)-(\d+)\/"/g, `"/$1-c${copy}-$2/"`);
      files.push({ path: `copy-${copy}/${f.uri.replace('file:///bench/', '')}`, text });
    }
  }
  return files;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A file the user opens: an OAS API of its own (not in the workspace). */
const opened = JSON.parse(navigationInputs().find((f) => f.uri.includes('/oas-'))!.text) as Record<string, any>;
opened['x-svc-api-gateway'].info.id = 'api-opened';
opened['x-svc-api-gateway'].server.listenPath.value = '/opened/';
const OPENED_TEXT = JSON.stringify(opened, null, 2);

async function firstDiagnostics(client: LspClient, folder: string, name: string): Promise<number> {
  const uri = pathToFileURL(join(folder, name)).href;
  const started = performance.now();
  client.open(uri, OPENED_TEXT);
  await client.waitForDiagnostics(uri, 1, 120000);
  return performance.now() - started;
}

export async function workspaceServerBench(): Promise<void> {
  const files = workspaceInputs();
  const workspace = mkdtempSync(join(tmpdir(), 'svc-bench-ws-'));
  const empty = mkdtempSync(join(tmpdir(), 'svc-bench-ws-empty-'));
  for (const f of files) {
    mkdirSync(dirname(join(workspace, f.path)), { recursive: true });
    writeFileSync(join(workspace, f.path), f.text);
  }
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  const figures = {
    build: [] as number[],
    rss: [] as number[],
    full: [] as number[],
    empty: [] as number[],
    p50: [] as number[],
    p95: [] as number[],
    load: [] as number[],
  };
  try {
    for (let round = 0; round < RUNS; round++) {
      figures.load.push(loadavg()[0]);
      // An empty workspace: the first diagnostics of the opened file.
      const bare = await LspClient.start({ workspaceFolder: empty, execArgv: SERVER_EXEC_ARGV });
      try {
        await bare.waitFor(() => bare.notifications.some((n) => /indexed listen paths of 0 /.test(n.params?.message ?? '')), 'the empty scan', 60000);
        figures.empty.push(await firstDiagnostics(bare, empty, 'opened.oas.json'));
      } finally {
        await bare.stop();
      }
      // The workspace of TARGET_FILES files.
      const started = performance.now();
      const client = await LspClient.start({ workspaceFolder: workspace, execArgv: SERVER_EXEC_ARGV });
      try {
        const done = await client.waitFor(
          () => client.notifications.find((n) => /indexed listen paths of \d+ /.test(n.params?.message ?? ''))?.params.message as string | undefined,
          'the workspace scan',
          600000,
        );
        figures.build.push(performance.now() - started);
        if (round === 0) console.log(`  server: ${done.replace(/^\[workspace\] /, '')}`);
        figures.full.push(await firstDiagnostics(client, workspace, 'opened.oas.json'));
        figures.rss.push(rssMb(client.process.pid!));
        // References at 200 positions spread over the files (API ids in APIs, grants in policies and keys).
        const times: number[] = [];
        for (let n = 0; n < 200; n++) {
          const f = files[Math.floor((n * files.length) / 200)];
          const uri = pathToFileURL(join(workspace, f.path)).href;
          // As the user asks: on a document already open (its diagnostics in), not one still being opened.
          client.open(uri, f.text);
          await client.waitForDiagnostics(uri, 1, 60000);
          const offset = f.text.indexOf('"api-') + 2;
          const before = f.text.slice(0, offset).split('\n');
          const position = { line: before.length - 1, character: before[before.length - 1].length };
          const t = performance.now();
          await client.request('textDocument/references', { textDocument: { uri }, position, context: { includeDeclaration: true } });
          times.push(performance.now() - t);
          client.close(uri);
        }
        figures.p50.push(percentile(times, 50));
        figures.p95.push(percentile(times, 95));
      } finally {
        await client.stop();
      }
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  }
  const load = Math.max(...figures.load, loadavg()[0]);
  const note = `load ${load.toFixed(1)}${load > 2 ? ' (WARNING: load above 2, not a quiet figure)' : ''}`;
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`\nThe language server on a workspace of ${files.length} definition files (${(bytes / 1e6).toFixed(1)} MB), median of ${RUNS} rounds   ${note}`);
  console.log(`  initialized → index built          ${ms(median(figures.build))}   target ≤ 3000 ms: ${mark(median(figures.build) <= 3000)}`);
  console.log(`  resident memory after the scan      ${median(figures.rss).toFixed(0)} MB   target ≤ 300 MB: ${mark(median(figures.rss) <= 300)}`);
  const [full, bare] = [median(figures.full), median(figures.empty)];
  console.log(
    `  first diagnostics of an opened file ${ms(full)} in the workspace, ${ms(bare)} in an empty one   target: no slower: ${mark(full <= bare * 1.1)}`,
  );
  const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  console.log(
    `  references p50 / p95                ${list(figures.p50)} / ${list(figures.p95)} ms over LSP   target p95 ≤ 20 ms: ${mark(median(figures.p95) <= 20)}`,
  );
  console.log(`  rounds: ${JSON.stringify(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.map((x) => Math.round(x * 10) / 10)])))}`);
}

if (require.main === module) {
  workspaceServerBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
