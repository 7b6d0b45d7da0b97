// `npm run bench`: the language server's figures on deterministic large inputs, side by side
// with vscode-json-languageservice (same documents, same schemas) and jsonc-parser's bare
// parse (the floor), then through the real server over stdio: one-character edit → fresh
// diagnostics, completion latency at 200 positions, and the server's resident memory; last, whole
// processes against Node's bare start and the peer linters (bench/wholeProcess.ts).
// A benchmark, not a test: it prints figures and ratios against the targets, and exits 0.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse as jsoncParse } from 'jsonc-parser';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionList } from 'vscode-languageserver-types';
import { buildSync } from 'esbuild';
import type { createLanguageService as CreateLanguageService } from '../server/src/service/languageService';
import { schemasDirectory } from '../server/src/schemas/registry';
import { SCHEMA_BASE_URI, SCHEMA_FILE_BY_KIND } from '../common/src/schemaFiles';
import { LspClient } from '../test/protocol/helpers/lspClient';
import { largeClassicDefinition, largeOasDocument } from './inputs';
import { explorerBench } from './explorer';
import { benchNavigation } from './navigation';
import { wholeProcessBench } from './wholeProcess';
import { yamlSection } from './yaml';
import { reportFormatting } from './formatting';

/** Whole-process sections kept in files of their own. */
const EXTRA_SECTIONS = [{ part: 'yaml', run: yamlSection }];

const RUNS = 7;

/**
 * The in-process figures use the service bundled the way dist/server.js is (esbuild, no
 * keepNames), not tsx's development transform, so they measure the code users run.
 */
function loadBundledService(): typeof CreateLanguageService {
  const outfile = join(__dirname, '..', 'out', 'bench', 'languageService.js');
  buildSync({
    entryPoints: [join(__dirname, '..', 'server', 'src', 'service', 'languageService.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // As scripts/build.mjs: jsonc-parser's UMD entry does not bundle, its ESM one does.
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'warning',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(outfile) as { createLanguageService: typeof CreateLanguageService }).createLanguageService;
}
const createLanguageService = loadBundledService();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
async function timeRuns(runs: number, work: (i: number) => unknown): Promise<number> {
  await work(-1); // warm-up: schema compilation, JIT
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  return median(times);
}
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mark = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

interface Input {
  name: string;
  file: string;
  kind: 'oas' | 'classic';
  text: string;
}

async function compareValidation(input: Input) {
  const ours = createLanguageService();
  let ourCount = 0;
  const oursMs = await timeRuns(RUNS, (i) => {
    // A new version each run: nothing cached, parse included, as after an edit.
    const document = TextDocument.create(`file:///bench/${input.file}`, 'json', i + 10, input.text);
    ourCount = ours.validate(document).length;
  });

  const dir = schemasDirectory();
  const jsonService = getLanguageService({ schemaRequestService: async (uri) => readFileSync(join(dir, basename(uri)), 'utf8') });
  jsonService.configure({ validate: true, schemas: [{ uri: SCHEMA_BASE_URI + SCHEMA_FILE_BY_KIND[input.kind], fileMatch: [input.file] }] });
  let theirCount = 0;
  const jsonMs = await timeRuns(RUNS, async (i) => {
    const document = TextDocument.create(`file:///bench/${input.file}`, 'json', i + 10, input.text);
    theirCount = (await jsonService.doValidation(document, jsonService.parseJSONDocument(document))).length;
  });

  const parseMs = await timeRuns(RUNS, () => jsoncParse(input.text));
  return { oursMs, jsonMs, parseMs, ourCount, theirCount };
}

async function throughServer(text: string) {
  const client = await LspClient.start();
  try {
    const uri = 'file:///bench/bench-oas.json';
    client.open(uri, text);
    const openStart = performance.now();
    await client.waitForDiagnostics(uri, 1, 120000);
    const firstDiagnosticsMs = performance.now() - openStart;

    // One-character edits inside a summary string (the document stays valid).
    const document = TextDocument.create(uri, 'json', 1, text);
    const anchor = text.indexOf('Operation number 1500 ') + 'Operation number '.length;
    const position = document.positionAt(anchor);
    const editTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const version = client.edit(uri, { start: position, end: { line: position.line, character: position.character + 1 } }, String((i + 2) % 10));
      await client.waitForDiagnostics(uri, version, 60000);
      editTimes.push(performance.now() - start);
    }

    // Completion at 200 positions spread evenly over the document: just inside an object.
    const current = TextDocument.create(uri, 'json', 1, text);
    const braces: number[] = [];
    for (let i = text.indexOf('{', 1); i >= 0; i = text.indexOf('{', i + 1)) braces.push(i + 1);
    const positions = Array.from({ length: 200 }, (_, k) => current.positionAt(braces[Math.floor((k * braces.length) / 200)]));
    const coldStart = performance.now();
    await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positions[0] });
    const coldMs = performance.now() - coldStart;
    const times: number[] = [];
    let items = 0;
    for (const p of positions) {
      const start = performance.now();
      const list = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: p });
      times.push(performance.now() - start);
      items += list?.items.length ?? 0;
    }
    const status = readFileSync(`/proc/${client.process.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    return { firstDiagnosticsMs, editMs: median(editTimes), coldMs, p50: percentile(times, 50), p95: percentile(times, 95), items, rssMb };
  } finally {
    await client.stop();
  }
}

async function main(): Promise<void> {
  // `SVC_BENCH_ONLY=navigation npm run bench`: the navigation figures alone.
  if (process.env.SVC_BENCH_ONLY === 'navigation') return reportNavigation();
  // `SVC_BENCH_ONLY=format npm run bench`: how formatting time grows with the document.
  if (process.env.SVC_BENCH_ONLY === 'format') return reportFormatting(createLanguageService);
  // `SVC_BENCH_ONLY=whole npm run bench`: the whole-process figures alone (bench/wholeProcess.ts).
  if (process.env.SVC_BENCH_ONLY === 'whole') return wholeProcessBench(EXTRA_SECTIONS);
  const inputs: Input[] = [
    { name: 'OAS, 3,000 operations', file: 'bench-oas.json', kind: 'oas', text: largeOasDocument() },
    { name: 'classic, 500 versions', file: 'bench-classic.json', kind: 'classic', text: largeClassicDefinition() },
  ];
  console.log('Svc language server benchmark (median of 7 runs; 2-core machine, figures vary with load)\n');
  for (const input of inputs) {
    const r = await compareValidation(input);
    console.log(`${input.name} (${(input.text.length / 1e6).toFixed(2)} MB)`);
    console.log(`  our full validation           ${ms(r.oursMs).padStart(10)}   (${r.ourCount} diagnostics)`);
    console.log(`  vscode-json-languageservice   ${ms(r.jsonMs).padStart(10)}   (${r.theirCount} diagnostics, parse + validate)`);
    console.log(`  jsonc-parser bare parse       ${ms(r.parseMs).padStart(10)}   (the floor)`);
    const vsJson = r.oursMs / r.jsonMs;
    const vsParse = r.oursMs / r.parseMs;
    console.log(`  ratio ours / JSON service     ${vsJson.toFixed(2).padStart(7)}×    target ≤ 0.5×  ${mark(vsJson <= 0.5)}`);
    console.log(`  ratio ours / bare parse       ${vsParse.toFixed(2).padStart(7)}×    target ≤ 4×    ${mark(vsParse <= 4)}\n`);
  }
  const s = await throughServer(inputs[0].text);
  console.log('Through the real server over stdio, OAS document open');
  console.log(`  open → first diagnostics      ${ms(s.firstDiagnosticsMs).padStart(10)}   (includes schema compilation)`);
  console.log(`  1-char edit → diagnostics     ${ms(s.editMs).padStart(10)}   (includes the 200 ms debounce; ${ms(s.editMs - 200)} of work)`);
  console.log(`  first completion (cold)       ${ms(s.coldMs).padStart(10)}   (indexes the container ends of this version)`);
  console.log(`  completion p50 / p95          ${ms(s.p50)} / ${ms(s.p95)}   at 200 positions (${s.items} items)   target p95 ≤ 15 ms  ${mark(s.p95 <= 15)}`);
  console.log(`  server resident memory        ${s.rssMb.toFixed(0).padStart(7)} MB    target ≤ 150 MB  ${mark(s.rssMb <= 150)}`);
  reportNavigation();
  reportFormatting(createLanguageService);
  await explorerBench();
  await wholeProcessBench(EXTRA_SECTIONS);
}

function reportNavigation(): void {
  const n = benchNavigation(() => createLanguageService());
  console.log(`\nNavigation: workspace index of ${n.files} definition files (${(n.bytes / 1e6).toFixed(1)} MB: 600 APIs classic/OAS, 300 policies, 100 keys)`);
  console.log(`  index build                   ${ms(n.buildMs).padStart(10)}   target ≤ 1000 ms  ${mark(n.buildMs <= 1000)}`);
  const target = `target p95 ≤ 20 ms  ${mark(n.p95 <= 20)}`;
  console.log(`  references p50 / p95          ${ms(n.p50)} / ${ms(n.p95)}   at 200 positions (${n.results} locations)   ${target}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
