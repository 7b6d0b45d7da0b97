// Sandboxes as child processes for the lock and crash tests: the CLI bundled once with esbuild
// (a plain `node` start costs a fraction of a tsx start, so many rounds fit in a test), started
// with `--data DIR`, answering on 127.0.0.1 only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

export const repoRoot = join(__dirname, '..', '..', '..');
const outDir = join(repoRoot, 'out', 'test-bundles');
let bundled: Promise<string> | undefined;

/** Bundles sandbox/src/cli.ts (once per test process) and returns the wrapper to start. */
export function sandboxCliBundle(): Promise<string> {
  return (bundled ??= (async () => {
    mkdirSync(outDir, { recursive: true });
    const outfile = join(outDir, `sandbox-cli-${process.pid}.js`);
    await esbuild.build({
      entryPoints: [join(repoRoot, 'sandbox/src/cli.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      mainFields: ['module', 'main'],
      outfile,
      logLevel: 'warning',
    });
    // Waits until the time in SVC_TEST_START_AT, so several children race for the lock together.
    const wrapper = join(outDir, `start-at-${process.pid}.js`);
    writeFileSync(
      wrapper,
      `const at = Number(process.env.SVC_TEST_START_AT || 0);\n` +
        `const go = () => (Date.now() >= at ? require(${JSON.stringify(outfile)}) : setTimeout(go, 1));\ngo();\n`,
    );
    // The bundles are this test process's own: gone when it exits.
    process.once('exit', () => [outfile, wrapper].forEach((f) => rmSync(f, { force: true })));
    return wrapper;
  })());
}

export interface ChildSandbox {
  child: ChildProcess;
  /** Resolves with the URL and gateway secret once listening; rejects if the process exits first. */
  listening: Promise<{ url: string; secret: string; dashboardToken: string }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
}

export async function startChildSandbox(dataDir: string, extra: string[] = [], startAt = 0): Promise<ChildSandbox> {
  const wrapper = await sandboxCliBundle();
  const child = spawn(process.execPath, [wrapper, '--data', dataDir, '--port', '0', '--host', '127.0.0.1', ...extra], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SVC_TEST_START_AT: String(startAt) },
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<{ url: string; secret: string; dashboardToken: string }>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const secret = /X-Svc-Authorization: (\S+)/.exec(out)?.[1];
      const dashboardToken = /Authorization: +Bearer (\S+)/.exec(out)?.[1];
      if (url && secret && dashboardToken) resolve({ url, secret, dashboardToken });
    });
    void exited.then(({ code, signal }) => reject(new Error(`exited ${code ?? signal}: ${err}`)));
  });
  listening.catch(() => undefined);
  return { child, listening, exited, stdout: () => out, stderr: () => err };
}
