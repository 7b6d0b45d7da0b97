// Runs the end-to-end suite in a real VS Code (1.139, the build bundled in code-server),
// driven by Debian's Chromium through playwright-core. See test/e2e/README.md.
//   node test/e2e/run.mjs            (after `npm run build`; `npm run test:e2e` does both)
// Knobs: SVC_E2E_GREP (mocha grep), SVC_E2E_KEEP=1 (keep the temp dirs),
//        SVC_E2E_TIMEOUT (seconds for the whole run, default 1200: each test has its own timeout).
// Exit code: the suite's (0 = all passed); 1 on any set-up/start failure or timeout.
import { chromium } from 'playwright-core';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSetup, startVscodeServer, workbenchUrl, CHROMIUM, CHROMIUM_ARGS } from '../../scripts/lib/vscode-server.mjs';
import { startWorkbenchEndpoint } from './workbench-endpoint.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'test/out');
const resultsFile = join(outDir, 'e2e-results.json');
const suiteLog = join(outDir, 'e2e-suite.log');
const consoleLog = join(outDir, 'e2e-browser-console.log');
const serverLog = join(outDir, 'e2e-vscode-server.log');
const testsIndex = join(root, 'out/e2e/suite/index.js');
const timeoutMs = Number(process.env.SVC_E2E_TIMEOUT || 1200) * 1000;
const keep = process.env.SVC_E2E_KEEP === '1';
const started = Date.now();

const say = (msg) => console.log(`[e2e] ${msg}`);
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

mkdirSync(outDir, { recursive: true });
// Stale results must never be relayed as this run's.
for (const f of [resultsFile, suiteLog, consoleLog, serverLog]) rmSync(f, { force: true });

let server;
let browser;
let endpoint;
let tmp;

async function cleanUp() {
  await browser?.close().catch(() => {});
  server?.stop();
  await endpoint?.close().catch(() => {});
  if (tmp && !keep) rmSync(tmp, { recursive: true, force: true });
  else if (tmp) say(`kept temp dirs in ${tmp}`);
}

/** Resolves with the exit code passed by the workbench, or rejects on timeout / crash. */
async function main() {
  if (!existsSync(testsIndex)) throw new Error(`${testsIndex} is missing: run \`npm run build\` first`);

  say('set-up (idempotent)…');
  const { node24, serverMain } = await runSetup(root);
  say(`set-up done at ${elapsed()}`);

  tmp = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
  // Tests may write freely into the workspace: they get a copy.
  const workspace = join(tmp, 'workspace');
  cpSync(join(root, 'test/e2e/workspace'), workspace, { recursive: true });

  let page;
  endpoint = await startWorkbenchEndpoint({
    dir: outDir,
    getPage: () => page,
    onShot: (path) => say(`screenshot ${path.slice(root.length + 1)}`),
  });

  server = startVscodeServer({
    node24,
    serverMain,
    userDataDir: join(tmp, 'user-data'),
    serverDataDir: join(tmp, 'server-data'),
    extensionsDir: join(tmp, 'extensions'),
    // These reach the extension host, hence the suite.
    env: {
      SVC_E2E_RESULTS: resultsFile,
      SVC_E2E_LOG: suiteLog,
      SVC_E2E_DRIVER_URL: endpoint.url,
      SVC_E2E_SCREENSHOT_DIR: outDir,
      SVC_E2E_WORKSPACE: workspace,
      SVC_E2E_GREP: process.env.SVC_E2E_GREP || '',
    },
    onOutput: (text) => appendFileSync(serverLog, text),
  });
  const port = await server.ready;
  say(`VS Code server listening on 127.0.0.1:${port} at ${elapsed()}`);

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();

  let finish;
  const exit = new Promise((resolve, reject) => {
    finish = { resolve, reject };
  });
  await page.exposeFunction('codeAutomationExit', (code) => finish.resolve(Number(code) || 0));
  page.on('console', (msg) => {
    const text = msg.text();
    appendFileSync(consoleLog, `[${msg.type()}] ${text}\n`);
    // The suite marks its own progress lines; everything else is workbench noise kept in the log.
    const i = text.indexOf('[svc-e2e] ');
    if (i >= 0) console.log(`  ${text.slice(i + 10).replace(/%c/g, '')}`);
  });
  page.on('crash', () => finish.reject(new Error('the workbench page crashed')));
  server.exited.then(({ code, signal }) => finish.reject(new Error(`VS Code server exited during the run (code ${code}, signal ${signal}); see ${serverLog}`)));
  const timer = setTimeout(
    () => finish.reject(new Error(`timed out after ${timeoutMs / 1000}s waiting for the suite to finish (SVC_E2E_TIMEOUT); see ${consoleLog}`)),
    timeoutMs,
  );

  const url = workbenchUrl({ port, folder: workspace, extensionDevelopmentPath: root, extensionTestsPath: testsIndex });
  await page.goto(url);
  say(`workbench opened at ${elapsed()}; running the suite…`);
  try {
    const code = await exit;
    await page.screenshot({ path: join(outDir, 'e2e-workbench-final.png') }).catch(() => {});
    return code;
  } catch (e) {
    // A screenshot of the state it hung in is the first thing anyone will want.
    await page.screenshot({ path: join(outDir, 'e2e-workbench-failure.png') }).catch(() => {});
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

function relayResults(code) {
  if (!existsSync(resultsFile)) {
    console.error(`[e2e] the suite wrote no results (${resultsFile}); exit code ${code}`);
    return code || 1;
  }
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  for (const t of r.tests) {
    const mark = t.state === 'passed' ? 'ok  ' : t.state === 'failed' ? 'FAIL' : 'skip';
    console.log(`  ${mark} ${t.title}${t.duration != null ? ` (${t.duration} ms)` : ''}`);
    if (t.error) console.log(`       ${t.error.split('\n').join('\n       ')}`);
  }
  console.log(`[e2e] ${r.passed} passed, ${r.failed} failed in ${elapsed()}`);
  return r.failed > 0 ? code || 1 : code;
}

let exitCode;
try {
  exitCode = relayResults(await main());
} catch (e) {
  console.error(`[e2e] FAILED: ${e.message}`);
  writeFileSync(join(outDir, 'e2e-runner-error.txt'), `${e.stack}\n`);
  exitCode = 1;
}
await cleanUp();
process.exit(exitCode);
