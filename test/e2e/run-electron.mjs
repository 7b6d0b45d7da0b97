// `npm run test:electron`: the same end-to-end suite (out/e2e/suite/index.js, its `run()`)
// through @vscode/test-electron, for machines that reach VS Code's update server (a public CI,
// a developer's laptop). Not part of `npm test`: these machines cannot download VS Code.
// Tests that look at the workbench page (screenshots, DOM queries) skip those checks here,
// because only the code-server runner has a page to drive.
import { runTests } from '@vscode/test-electron';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = mkdtempSync(join(tmpdir(), 'svc-e2e-electron-'));
const workspace = join(tmp, 'workspace');
cpSync(join(root, 'test/e2e/workspace'), workspace, { recursive: true });

try {
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out/e2e/suite/index.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { SVC_E2E_WORKSPACE: workspace, SVC_E2E_GREP: process.env.SVC_E2E_GREP || '' },
  });
} catch (e) {
  console.error(`[e2e-electron] ${e.message || e}`);
  process.exit(1);
}
