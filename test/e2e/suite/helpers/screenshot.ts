// Screenshots of the workbench from inside the suite, through the runner's loopback endpoint
// (test/e2e/workbench-endpoint.mjs, URL in SVC_E2E_DRIVER_URL; see test/e2e/README.md).
import { callDriver, hasDriver } from './driver';

/**
 * Saves a PNG of the workbench as it is now to test/out/<name>.png and returns its path;
 * returns undefined under a runner that offers no screenshots (@vscode/test-electron).
 */
export async function screenshot(name: string): Promise<string | undefined> {
  if (!hasDriver()) return undefined;
  return callDriver('/screenshot', { name });
}
