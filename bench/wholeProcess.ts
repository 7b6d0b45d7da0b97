// The whole-process section of `npm run bench`: what users and CI feel, start-up included.
// svc-lint against `node -e ""` (Node's bare start) and against the OpenAPI linters people use
// (Redocly CLI `lint`, Spectral `lint` with its `spectral:oas` ruleset) on the same generated
// documents; the language server from spawn to the first diagnostics and its memory; the
// extension's activation. Every figure is a median of interleaved runs (one run of each command
// per round, so a burst of load on this shared machine hits all of them alike), and each target
// is a ratio measured in the same run. The peers live in bench/package.json, installed here on
// first use (never by the root `npm install`).
//   SVC_BENCH_ONLY=whole npm run bench        this section alone
//   SVC_BENCH_RUNS=9                          rounds (default 7)
//   SVC_BENCH_PARTS=start,peers,growth,server,activation,yaml   some parts only (default: all)
//   SVC_BENCH_SUBJECT=<checkout>              measure another built checkout's svc-lint, server
//                                             and client (the "before" figures of docs/performance.md)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LspClient } from '../test/protocol/helpers/lspClient';
import { SERVER_EXEC_ARGV } from '../common/src/serverProcess';
import { largeOasDocument } from './inputs';

export const ROOT = join(__dirname, '..');
/** The checkout whose bin/svc-lint.js, dist/server.js and dist/client.js are measured. */
export const SUBJECT = process.env.SVC_BENCH_SUBJECT ?? ROOT;
export const RUNS = Math.max(1, Number(process.env.SVC_BENCH_RUNS ?? 7));
const PARTS = new Set((process.env.SVC_BENCH_PARTS ?? 'start,peers,growth,server,activation,yaml').split(','));
const PEERS = join(__dirname, 'node_modules');
const REDOCLY = join(PEERS, '@redocly', 'cli', 'bin', 'cli.js');
const SPECTRAL = join(PEERS, '@stoplight', 'spectral-cli', 'dist', 'index.js');
/** No telemetry, no update checks: the peers send nothing anywhere while measured. */
const QUIET_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1', CI: 'true' };

export interface Command {
  name: string;
  args: string[];
  cwd: string;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const ms = (v: number) => `${v.toFixed(0).padStart(6)} ms`;
// Three decimals below 0.1: a ratio of 0.083 against a target of 0.08 must not print as 0.08.
export const ratio = (v: number) => `${v.toFixed(v < 0.1 ? 3 : 2).padStart(6)}×`;
export const load = () => loadavg()[0].toFixed(2);
/** Issue 32: every verdict carries the load it was measured under; a target counts only on a quiet machine. */
export const mark = (ok: boolean) => {
  const now = loadavg()[0];
  return `${ok ? 'meets target' : 'MISSES target'}   load ${now.toFixed(2)}${now > 2 ? '   WARNING: load above 2, not a quiet figure' : ''}`;
};

/** Installs bench/'s peers (pinned in bench/package-lock.json) when they are not there yet. */
export function ensurePeers(): void {
  if (existsSync(REDOCLY) && existsSync(SPECTRAL)) return;
  console.log('Installing the peer linters into bench/node_modules (first run only)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: __dirname, stdio: 'inherit', env: QUIET_ENV });
  if (result.status !== 0) throw new Error('npm ci in bench/ failed: the peer linters are not installed');
}

/** Wall time of one process, spawn to exit, its output captured (and checked: a crash is no figure). */
export function timeProcess(command: Command): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, command.args, { cwd: command.cwd, env: QUIET_ENV, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  const elapsed = performance.now() - start;
  // Linters exit 1 when they find problems; anything else (or a signal) means it did not run.
  if (result.status === null || result.status > 1) {
    throw new Error(`${command.name} failed (exit ${result.status}): ${(result.stderr || result.stdout).slice(0, 2000)}`);
  }
  return elapsed;
}

/** Medians of `RUNS` interleaved rounds (one warm-up round first: disk cache, not JIT). */
export function interleaved(commands: Command[]): Map<string, number> {
  for (const command of commands) timeProcess(command);
  const times = new Map<string, number[]>(commands.map((c) => [c.name, []]));
  for (let round = 0; round < RUNS; round++) for (const command of commands) times.get(command.name)!.push(timeProcess(command));
  return new Map([...times].map(([name, values]) => [name, median(values)]));
}

export interface Inputs {
  dir: string;
  small: string;
  oas2: string;
  oas6: string;
  folder: string;
  folderFiles: string[];
}

/**
 * The generated documents, each case in a folder of its own outside any git repository: svc-lint
 * indexes the project around the files it is given (the git root, else the current folder), and
 * each run's current folder is the case's folder.
 */
function writeInputs(): Inputs {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const write = (folder: string, name: string, text: string) => {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, name), text);
    return join(dir, folder, name);
  };
  const small = write('small', 'small.json', largeOasDocument(1));
  const oas2 = write('oas2', 'oas-2mb.json', largeOasDocument(3000));
  const oas6 = write('oas6', 'oas-6mb.json', largeOasDocument(9000));
  // 100 APIs of about 20 KB each, with their own names and listen paths.
  const folderFiles = Array.from({ length: 100 }, (_, i) => write('apis', `api-${String(i).padStart(3, '0')}.json`, largeOasDocument(27, `-${i}`)));
  return { dir, small, oas2, oas6, folder: join(dir, 'apis'), folderFiles };
}

/** Each linter runs in the folder of the files it is given. */
export const svcLint = (name: string, ...files: string[]): Command => ({ name, args: [join(SUBJECT, 'bin', 'svc-lint.js'), ...files], cwd: dirname(files[0]) });
export const redocly = (name: string, ...files: string[]): Command => ({ name, args: [REDOCLY, 'lint', ...files], cwd: dirname(files[0]) });
const spectral = (name: string, ruleset: string, ...files: string[]): Command => ({
  name,
  args: [SPECTRAL, 'lint', '--ruleset', ruleset, ...files],
  cwd: dirname(files[0]),
});

export function line(label: string, value: string, target = ''): void {
  console.log(`  ${label.padEnd(44)} ${value}${target ? `   ${target}` : ''}`);
}

/** The flags the subject's client launches its server with (a checkout from before common/src/serverProcess.ts: none). */
export function serverFlags(): readonly string[] {
  return existsSync(join(SUBJECT, 'common', 'src', 'serverProcess.ts')) ? SERVER_EXEC_ARGV : [];
}

async function serverFigures(small: string, big: string): Promise<{ firstDiagnostics: number[]; node: number[]; rssMb: number[] }> {
  const firstDiagnostics: number[] = [];
  const node: number[] = [];
  const rssMb: number[] = [];
  const bare: Command = { name: 'node -e ""', args: ['-e', ''], cwd: ROOT };
  for (let round = -1; round < RUNS; round++) {
    const nodeMs = timeProcess(bare);
    const start = performance.now();
    // Launched as the client launches it (its Node flags included).
    const client = await LspClient.start({ serverPath: join(SUBJECT, 'dist', 'server.js'), execArgv: serverFlags() });
    try {
      const uri = 'file:///bench/small-oas.json';
      client.open(uri, small);
      await client.waitForDiagnostics(uri, 1, 120000);
      if (round >= 0) {
        firstDiagnostics.push(performance.now() - start);
        node.push(nodeMs);
      }
      if (round >= 0 && round < 3) {
        const bigUri = 'file:///bench/oas-2mb.json';
        client.open(bigUri, big);
        await client.waitForDiagnostics(bigUri, 1, 120000);
        const status = readFileSync(`/proc/${client.process.pid}/status`, 'utf8');
        rssMb.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      }
    } finally {
      await client.stop();
    }
  }
  return { firstDiagnostics, node, rssMb };
}

function activationFigures(): { loadMs: number; activateMs: number } {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-bench-activation-'));
  try {
    const loads: number[] = [];
    const activations: number[] = [];
    for (let round = -1; round < RUNS; round++) {
      const result = spawnSync(process.execPath, [join(__dirname, 'activationProbe.cjs'), join(SUBJECT, 'dist'), scratch], { encoding: 'utf8' });
      const figures = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as { loadMs: number; activateMs: number; error?: string };
      if (figures.error) throw new Error(`activation failed under the probe: ${figures.error}`);
      if (round < 0) continue;
      loads.push(figures.loadMs);
      activations.push(figures.activateMs);
    }
    return { loadMs: median(loads), activateMs: median(activations) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A section that needs this file's helpers and inputs (bench/yaml.ts): the caller hands it in, so
 * this file does not import its own users.
 */
export interface ExtraSection {
  part: string;
  run(inputs: Inputs): Promise<void>;
}

export async function wholeProcessBench(extra: readonly ExtraSection[] = []): Promise<void> {
  ensurePeers();
  const inputs = writeInputs();
  const ruleset = join(inputs.dir, '.spectral.yaml');
  writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
  try {
    const subject = SUBJECT === ROOT ? 'this checkout' : SUBJECT;
    console.log(`\nWhole processes (${subject}; median of ${RUNS} interleaved runs; ${process.version}; load average at start ${load()})`);

    if (PARTS.has('start')) startFigures(inputs);
    if (PARTS.has('peers')) peerFigures(inputs, ruleset);
    if (PARTS.has('growth')) peerGrowthFigures(inputs, ruleset);
    if (PARTS.has('server')) await serverSection(inputs);
    if (PARTS.has('activation')) activationSection();
    for (const section of extra) if (PARTS.has(section.part)) await section.run(inputs);
  } finally {
    rmSync(inputs.dir, { recursive: true, force: true });
  }
}

function startFigures(inputs: Inputs): void {
  const start = interleaved([{ name: 'node', args: ['-e', ''], cwd: inputs.dir }, svcLint('small', inputs.small)]);
  const smallRatio = start.get('small')! / start.get('node')!;
  console.log(`svc-lint on a small OAS definition (${readFileSync(inputs.small).length} bytes)   load ${load()}`);
  line('node -e ""', ms(start.get('node')!));
  line('svc-lint', ms(start.get('small')!), `${ratio(smallRatio)} node   target ≤ 2×     ${mark(smallRatio <= 2)}`);
}

function peerFigures(inputs: Inputs, ruleset: string): void {
  const big = interleaved([
    svcLint('svc-lint 2 MB', inputs.oas2),
    redocly('redocly 2 MB', inputs.oas2),
    spectral('spectral 2 MB', ruleset, inputs.oas2),
    svcLint('svc-lint 6 MB', inputs.oas6),
    svcLint('svc-lint folder', ...inputs.folderFiles),
  ]);
  const ours = big.get('svc-lint 2 MB')!;
  console.log(`\nThe 2 MB OAS document (3,000 operations), 6 MB (9,000) and 100 files of 20 KB   load ${load()}`);
  line('svc-lint 2 MB', ms(ours));
  const vsRedocly = ours / big.get('redocly 2 MB')!;
  const vsSpectral = ours / big.get('spectral 2 MB')!;
  line('Redocly CLI lint 2 MB', ms(big.get('redocly 2 MB')!), `svc-lint ${ratio(vsRedocly)}   target ≤ 0.2×   ${mark(vsRedocly <= 0.2)}`);
  line('Spectral lint (spectral:oas) 2 MB', ms(big.get('spectral 2 MB')!), `svc-lint ${ratio(vsSpectral)}   target ≤ 0.08×  ${mark(vsSpectral <= 0.08)}`);
  const growth = big.get('svc-lint 6 MB')! / ours;
  const folder = big.get('svc-lint folder')! / ours;
  line('svc-lint 6 MB', ms(big.get('svc-lint 6 MB')!), `${ratio(growth)} the 2 MB   target ≤ 3.3×  ${mark(growth <= 3.3)}`);
  line('svc-lint 100 files of 20 KB (one run)', ms(big.get('svc-lint folder')!), `${ratio(folder)} the 2 MB   target ≤ 2×    ${mark(folder <= 2)}`);
}

/** The peers on the 6 MB document and the folder, with svc-lint again (same rounds). */
function peerGrowthFigures(inputs: Inputs, ruleset: string): void {
  const peers = interleaved([
    svcLint('svc-lint 6 MB', inputs.oas6),
    svcLint('svc-lint folder', ...inputs.folderFiles),
    redocly('redocly 6 MB', inputs.oas6),
    spectral('spectral 6 MB', ruleset, inputs.oas6),
    redocly('redocly folder', ...inputs.folderFiles),
    spectral('spectral folder', ruleset, ...inputs.folderFiles),
  ]);
  console.log(`\nThe peers on the 6 MB document and the folder (for comparison; no target)   load ${load()}`);
  line('Redocly CLI 6 MB / folder', `${ms(peers.get('redocly 6 MB')!)} / ${ms(peers.get('redocly folder')!)}`);
  line('Spectral 6 MB / folder', `${ms(peers.get('spectral 6 MB')!)} / ${ms(peers.get('spectral folder')!)}`);
  line('svc-lint 6 MB / folder (same rounds)', `${ms(peers.get('svc-lint 6 MB')!)} / ${ms(peers.get('svc-lint folder')!)}`);
  const vs = (peer: string, ours: string) => ratio(peers.get(ours)! / peers.get(peer)!);
  line('svc-lint / Redocly, 6 MB and folder', `${vs('redocly 6 MB', 'svc-lint 6 MB')} / ${vs('redocly folder', 'svc-lint folder')}`);
  line('svc-lint / Spectral, 6 MB and folder', `${vs('spectral 6 MB', 'svc-lint 6 MB')} / ${vs('spectral folder', 'svc-lint folder')}`);
}

async function serverSection(inputs: Inputs): Promise<void> {
  const server = await serverFigures(readFileSync(inputs.small, 'utf8'), readFileSync(inputs.oas2, 'utf8'));
  const first = median(server.firstDiagnostics);
  const bare = median(server.node);
  const rss = median(server.rssMb);
  console.log(`\nLanguage server (dist/server.js over stdio)   load ${load()}`);
  line('node -e "" (same rounds)', ms(bare));
  line('spawn → first diagnostics, small document', ms(first), `${ratio(first / bare)} node   target ≤ 5×     ${mark(first / bare <= 5)}`);
  line('resident memory, 2 MB document open', `${rss.toFixed(0).padStart(6)} MB`, `target ≤ 100 MB  ${mark(rss <= 100)}`);
  console.log(`  (node flags as the client launches the server: ${serverFlags().join(' ') || 'none'})`);
}

function activationSection(): void {
  const activation = activationFigures();
  console.log(`\nExtension activation (dist/client.js under a stand-in vscode module, bench/activationProbe.cjs)   load ${load()}`);
  line('loading dist/client.js (require)', ms(activation.loadMs));
  line('activate() until it resolves', ms(activation.activateMs), `target ≤ 50 ms  ${mark(activation.activateMs <= 50)}`);
  line('both', ms(activation.loadMs + activation.activateMs));
}
