// Shared by the e2e runner (test/e2e/run.mjs) and `npm start` (scripts/start.mjs): installs
// (idempotently) and starts the VS Code server bundled in code-server, and builds the URL
// that opens a workbench with our extension loaded as a development extension.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs test/e2e/setup.sh (apt Chromium, Node 24, code-server into a cache folder; a no-op when
 * already done). Its progress goes to stderr; its stdout holds `NODE24=…` and `SERVER_MAIN=…`.
 */
export function runSetup(root) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [join(root, 'test/e2e/setup.sh')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const value = (key) => (out.match(new RegExp(`^${key}=(.+)$`, 'm')) || [])[1];
      const node24 = value('NODE24');
      const serverMain = value('SERVER_MAIN');
      if (code !== 0 || !node24 || !serverMain) reject(new Error(`test/e2e/setup.sh failed (exit ${code}); output:\n${out}`));
      else resolve({ node24, serverMain });
    });
  });
}

/**
 * Starts server-main.js in its own process group (detached = setsid), so that stop() can kill
 * the extension host and file watchers it spawns, which otherwise outlive it.
 * Resolves once it prints `Extension host agent listening on <port>`.
 */
export function startVscodeServer({
  node24,
  serverMain,
  host = '127.0.0.1',
  port = 0,
  userDataDir,
  serverDataDir,
  extensionsDir,
  env = {},
  onOutput = () => {},
  timeoutMs = 60_000,
}) {
  const args = [
    serverMain,
    '--host',
    host,
    '--port',
    String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--enable-smoke-test-driver',
    '--disable-telemetry',
    '--disable-workspace-trust',
    '--user-data-dir',
    userDataDir,
    '--server-data-dir',
    serverDataDir,
    '--extensions-dir',
    extensionsDir,
  ];
  const child = spawn(node24, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const signal of ['SIGTERM']) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* group already gone */
      }
    }
    // Whatever ignores SIGTERM (watchers) is killed hard a moment later; unref so we never wait on it.
    setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 2000).unref();
  };
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`VS Code server did not report "Extension host agent listening" within ${timeoutMs / 1000}s`)), timeoutMs);
    const onData = (data) => {
      const text = data.toString();
      onOutput(text);
      buffered += text;
      const m = buffered.match(/Extension host agent listening on (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
      if (buffered.length > 100_000) buffered = buffered.slice(-10_000);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`VS Code server exited before listening (code ${code}, signal ${signal})`));
    });
  });
  return { child, pid: child.pid, ready, exited, stop };
}

/**
 * The workbench URL: opens `folder` and loads `extensionDevelopmentPath` (and optionally runs the
 * tests at `extensionTestsPath`) through the same payload VS Code's own smoke tests use.
 */
export function workbenchUrl({ host = '127.0.0.1', port, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const remote = (p) => `vscode-remote://${host}:${port}${p}`;
  const payload = [['extensionDevelopmentPath', remote(extensionDevelopmentPath)]];
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  return `http://${host}:${port}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Debian's Chromium with the flags that keep it from calling hosts this machine cannot reach. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
