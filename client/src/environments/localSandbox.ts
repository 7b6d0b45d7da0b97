// The built-in "Local sandbox" environment: the bundled management server, started in the
// extension host on first use, on a free loopback port, with its data in global storage.
// Credentials come from the running sandbox and live only in memory.
import type { Credentials, Environment } from './model';
import { LOCAL_SANDBOX_NAME } from './model';
import type { Logger } from '../logging/logger';

export interface StartedSandbox {
  url: string;
  credentials: Credentials;
  close(): Promise<void> | void;
}

export type SandboxStarter = (options: { port: number; dataDir?: string; memory?: boolean }) => Promise<StartedSandbox>;

/** The placeholder URL shown before the sandbox runs (the real port is only known later). */
const NOT_STARTED_URL = 'http://127.0.0.1';

export class LocalSandbox {
  private starting: Promise<StartedSandbox> | undefined;
  private running: StartedSandbox | undefined;

  constructor(
    private readonly start: SandboxStarter,
    private readonly dataDir: string,
    private readonly log: Logger,
  ) {}

  /** The environment as the tree and the status bar list it. */
  environment(): Environment {
    return { name: LOCAL_SANDBOX_NAME, dashboardUrl: this.running?.url ?? NOT_STARTED_URL, source: 'builtin' };
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** Starts the sandbox once; concurrent callers share the same start. A failed start can be retried. */
  ensureStarted(): Promise<StartedSandbox> {
    if (!this.starting) {
      this.log.info(`starting the local sandbox (data in ${this.dataDir})`);
      this.starting = this.start({ port: 0, dataDir: this.dataDir }).then(
        (started) => {
          this.running = started;
          this.log.info(`local sandbox listening on ${started.url}`);
          return started;
        },
        (err: unknown) => {
          this.starting = undefined;
          this.log.error('the local sandbox did not start', err);
          throw err;
        },
      );
    }
    return this.starting;
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    this.starting = undefined;
    if (running) {
      await running.close();
      this.log.info('local sandbox stopped');
    }
  }
}
