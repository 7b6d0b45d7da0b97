// `npm start`, the main job: builds the extension and opens it in a real VS Code on a copy of the
// sample workspace, with the built-in "Local sandbox" environment (the bundled management server with
// seed data, started in-process by the extension) active in the Svc Gateway view.
//   - The copy: <start profile>/workspace, made from samples/workspace on the first run and kept after
//     (scripts/lib/demoWorkspace.mjs), so a demo session leaves the repository clean.
//     `npm start -- --reset-workspace` makes it fresh again.
//   - With the desktop `code` on PATH: `code --extensionDevelopmentPath=<repo> <the copy>`.
//   - Otherwise: the browser VS Code bundled in code-server (installed once by test/e2e/setup.sh),
//     bound to 127.0.0.1; it prints the URL to open and runs until Ctrl-C.
// Knobs: SVC_PORT (default 8383), SVC_START_BROWSER=1 (use the browser VS Code even when `code`
// exists), SVC_START_SMOKE=1 (for tests: exit 0 as soon as the server listens).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoFolderToOpen } from './lib/demoWorkspace.mjs';
import { runSetup, startVscodeServer, workbenchUrl } from './lib/vscode-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.SVC_PORT || 8383);
const say = (msg) => console.log(`[start] ${msg}`);

function hasDesktopCode() {
  if (process.env.SVC_START_BROWSER === '1') return false;
  return spawnSync('sh', ['-c', 'command -v code'], { stdio: 'ignore' }).status === 0;
}

say('building the extension…');
if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0) {
  console.error('[start] the build failed; fix the errors above and run `npm start` again.');
  process.exit(1);
}

// A persistent profile, so settings, environments and the demo workspace survive restarts of `npm start`;
// the folder opened is the copy in it, never the repository's samples.
let chosen;
try {
  chosen = demoFolderToOpen({ root, reset: process.argv.includes('--reset-workspace') });
} catch (e) {
  console.error(`[start] ${e.message}`);
  process.exit(1);
}
const { profile, folder: workspace, prepared } = chosen;
say(
  prepared === 'kept'
    ? `opening the demo workspace ${workspace} as you left it (a fresh copy of the samples: npm start -- --reset-workspace)`
    : `opening a fresh copy of samples/workspace in ${workspace}; the repository stays untouched`,
);

if (hasDesktopCode()) {
  say('opening the desktop VS Code with the extension loaded for development');
  const child = spawn('code', ['--extensionDevelopmentPath', root, workspace], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  say('no desktop `code` on PATH: using the browser VS Code bundled in code-server');
  const { node24, serverMain } = await runSetup(root);
  for (const d of ['user-data', 'server-data', 'extensions']) mkdirSync(join(profile, d), { recursive: true });
  const server = startVscodeServer({
    node24,
    serverMain,
    port,
    userDataDir: join(profile, 'user-data'),
    serverDataDir: join(profile, 'server-data'),
    extensionsDir: join(profile, 'extensions'),
    onOutput: (text) => {
      if (process.env.SVC_START_VERBOSE === '1') process.stdout.write(text);
    },
  });
  const stop = () => {
    server.stop();
  };
  process.on('SIGINT', () => {
    say('stopping');
    stop();
    process.exit(0);
  });
  process.on('SIGTERM', () => {
    stop();
    process.exit(0);
  });
  server.exited.then(({ code }) => {
    console.error(`[start] the VS Code server stopped (code ${code}).`);
    process.exit(code || 1);
  });

  let listening;
  try {
    listening = await server.ready;
  } catch (e) {
    stop();
    console.error(`[start] ${e.message}. Is port ${port} in use? Try SVC_PORT=<another port> npm start.`);
    process.exit(1);
  }
  const url = workbenchUrl({ port: listening, folder: workspace, extensionDevelopmentPath: root });
  console.log(`
  Svc Gateway Tools is running in VS Code at:

    ${url}

  Open it in a browser on this machine, then click the Svc Gateway icon in the activity bar:
  the "Local sandbox" environment lists the seeded APIs, policies, keys and webhooks.
  Press Ctrl-C to stop.
`);
  if (process.env.SVC_START_SMOKE === '1') {
    stop();
    process.exit(0);
  }
}
