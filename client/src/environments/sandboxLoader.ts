// The Local sandbox runs inside the extension host but ships as a bundle of its own
// (dist/sandbox.js, built from sandbox/src by scripts/build.mjs): the client imports none of the
// sandbox's sources, and activation does not pay for loading it until the sandbox first starts.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { SandboxStarter } from './localSandbox';

/** Starts (or joins) the Local sandbox through the bundle beside the client's (`distDir`). */
export function bundledSandboxStarter(distDir: string): SandboxStarter {
  return (options) => {
    const load = createRequire(path.join(distDir, 'client.js'));
    const bundle = load(path.join(distDir, 'sandbox.js')) as { joinOrStartSandbox: SandboxStarter };
    return bundle.joinOrStartSandbox(options);
  };
}
