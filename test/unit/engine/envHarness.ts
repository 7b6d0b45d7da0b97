// Two sandboxes on 127.0.0.1 (port 0) as the environments "development" and "production" of a
// repository with svc.environments.json; `svc` runs in-process (runSvc) in that repository, or in
// a fresh copy of its committed files (a clone without any cache).
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagementClient } from '../../../api/src';
import { runSvc } from '../../../engine/src/cli/main';
import type { CliIo } from '../../../engine/src/cli/io';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/src/index';
import type { SvcRun } from './cliHarness';

export interface EnvWorld {
  dir: string;
  dev: RunningSandbox;
  prod: RunningSandbox;
  devClient: ManagementClient;
  prodClient: ManagementClient;
  env: NodeJS.ProcessEnv;
  svc(args: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv; tty?: boolean; answer?: boolean }): Promise<SvcRun>;
  read(file: string, cwd?: string): Promise<string>;
  readJson(file: string, cwd?: string): Promise<any>;
  writeJson(file: string, value: unknown, cwd?: string): Promise<void>;
  /** A new folder with the files a clone would have (no .svc/, nothing else). */
  freshClone(): Promise<string>;
  close(): Promise<void>;
}

export async function startEnvWorld(options: { dev?: SandboxOptions; prod?: SandboxOptions } = {}): Promise<EnvWorld> {
  const dev = await startSandbox({ port: 0, memory: true, ...options.dev });
  const prod = await startSandbox({ port: 0, memory: true, seed: false, ...options.prod });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-envs-'));
  const made: string[] = [dir];
  await fs.writeFile(
    path.join(dir, 'svc.environments.json'),
    JSON.stringify(
      [
        { name: 'development', dashboardUrl: dev.url },
        { name: 'production', dashboardUrl: prod.url },
      ],
      null,
      2,
    ),
  );
  const env: NodeJS.ProcessEnv = {
    SVC_DEVELOPMENT_DASHBOARD_TOKEN: dev.credentials.dashboardToken,
    SVC_DEVELOPMENT_GATEWAY_SECRET: dev.credentials.gatewaySecret,
    SVC_PRODUCTION_DASHBOARD_TOKEN: prod.credentials.dashboardToken,
    SVC_PRODUCTION_GATEWAY_SECRET: prod.credentials.gatewaySecret,
  };
  const clientOf = (s: RunningSandbox) => new ManagementClient({ name: 'test', dashboardUrl: s.url, credentials: s.credentials, retries: 0 });
  const at = (file: string, cwd?: string) => path.join(cwd ?? dir, file);
  return {
    dir,
    dev,
    prod,
    devClient: clientOf(dev),
    prodClient: clientOf(prod),
    env,
    async svc(args, o = {}) {
      let stdout = '';
      let stderr = '';
      const asked: string[] = [];
      const io: CliIo = {
        cwd: o.cwd ?? dir,
        env: o.env ?? env,
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        stderrIsTTY: false,
        stdinIsTTY: o.tty ?? false,
        ask: async (q) => (asked.push(q), o.answer ?? false),
      };
      const code = await runSvc(args, io);
      return { code, stdout, stderr, asked };
    },
    read: (file, cwd) => fs.readFile(at(file, cwd), 'utf8'),
    readJson: async (file, cwd) => JSON.parse(await fs.readFile(at(file, cwd), 'utf8')),
    async writeJson(file, value, cwd) {
      await fs.mkdir(path.dirname(at(file, cwd)), { recursive: true });
      await fs.writeFile(at(file, cwd), JSON.stringify(value, null, 2) + '\n');
    },
    async freshClone() {
      const clone = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-clone-'));
      made.push(clone);
      await fs.cp(dir, clone, { recursive: true, filter: (src) => !src.split(path.sep).includes('.svc') && !src.split(path.sep).includes('.git') });
      return clone;
    },
    async close() {
      await Promise.all([dev.close(), prod.close()]);
      await Promise.all(made.map((d) => fs.rm(d, { recursive: true, force: true })));
    },
  };
}
