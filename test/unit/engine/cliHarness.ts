// Runs the `svc` command in-process (runSvc with a scripted CliIo) against a sandbox on
// 127.0.0.1, in a fresh working folder per test group.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagementClient } from '../../../api/src';
import { runSvc } from '../../../engine/src/cli/main';
import type { CliIo } from '../../../engine/src/cli/io';
import { startSandbox, type SandboxOptions } from '../../../sandbox/src/index';

export interface SvcRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Questions asked on the "terminal". */
  asked: string[];
}

export interface SvcOptions {
  tty?: boolean;
  answer?: boolean;
  /** Answers the terminal's question instead of `answer`: a test can act between the question and what follows it. */
  ask?: (question: string) => Promise<boolean>;
  env?: NodeJS.ProcessEnv;
  stderrTTY?: boolean;
}

export interface CliWorld {
  url: string;
  dir: string;
  client: ManagementClient;
  env: NodeJS.ProcessEnv;
  svc(args: string[], options?: SvcOptions): Promise<SvcRun>;
  readJson(file: string): Promise<any>;
  writeJson(file: string, value: unknown, indent?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startCliWorld(options: SandboxOptions = {}): Promise<CliWorld> {
  const sandbox = await startSandbox({ port: 0, memory: true, ...options });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-cli-'));
  const env: NodeJS.ProcessEnv = {
    SVC_DASHBOARD_URL: sandbox.url,
    SVC_GATEWAY_SECRET: sandbox.credentials.gatewaySecret,
    SVC_DASHBOARD_TOKEN: sandbox.credentials.dashboardToken,
    SVC_ADMIN_SECRET: sandbox.credentials.adminSecret,
  };
  const client = new ManagementClient({ name: 'test', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  return {
    url: sandbox.url,
    dir,
    client,
    env,
    async svc(args, o = {}) {
      let stdout = '';
      let stderr = '';
      const asked: string[] = [];
      const io: CliIo = {
        cwd: dir,
        env: o.env ?? env,
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        stderrIsTTY: o.stderrTTY ?? false,
        stdinIsTTY: o.tty ?? false,
        ask: async (q) => (asked.push(q), o.ask ? o.ask(q) : (o.answer ?? false)),
      };
      const code = await runSvc(args, io);
      return { code, stdout, stderr, asked };
    },
    readJson: async (file) => JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')),
    writeJson: (file, value, indent = 2) => fs.writeFile(path.join(dir, file), JSON.stringify(value, null, indent) + '\n'),
    async close() {
      await sandbox.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
