// Starting the embedded management server: `startSandbox(options)` serves the whole management
// interface (../shared/spec/management-api.md) on a local port. Plain node:http and no module state,
// so the VS Code extension host can run it in-process, even twice, and stop it cleanly. The public
// face of the sandbox is index.ts; join.ts builds on this file, never the other way round.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BODY_LIMIT } from './http/body.js';
import { newSecret } from './http/ids.js';
import { Router } from './http/router.js';
import { createListener } from './http/server.js';
import { SPEC_ROUTES } from './http/specRoutes.js';
import { defaultDataDir } from './store/dataDir.js';
import { SandboxState } from './store/state.js';
import { acquireLock, type DataDirLock } from './store/lock.js';
import { seedState } from './seed/seed.js';
import type { RouteDeps } from './routes/deps.js';
import { registerGatewayApis } from './routes/gatewayApis.js';
import { registerGatewayKeys } from './routes/gatewayKeys.js';
import { registerDashboardApis } from './routes/dashApis.js';
import { registerDashboardStreams } from './routes/dashStreams.js';
import { registerDashboardKeys } from './routes/dashKeys.js';
import { registerDashboardRecords } from './routes/dashRecords.js';
import { registerExamples } from './routes/examples.js';
import { registerMigrate } from './routes/migrate.js';
import type { SandboxCredentials } from './types.js';
import { warmRefusals } from './routes/refusals.js';
import { apiWithDefaults, policyWithDefaults } from './model/writeDefaults.js';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string;
  /** Data folder; default under the OS cache folder (see defaultDataDir). Ignored with `memory`. */
  dataDir?: string;
  /** Keep everything in memory (tests): nothing is read or written. */
  memory?: boolean;
  /** Credentials to use instead of the folder's stored (or newly generated) ones. */
  credentials?: Partial<SandboxCredentials>;
  /** Fill an empty data folder with the seed data (default true). */
  seed?: boolean;
  log?: (line: string) => void;
  /** Log the `listening on <URL>` line (default true); the CLI prints its own instead. */
  announce?: boolean;
  /** The examples catalogue folder; default: found beside the bundle or in the sources. */
  examplesDir?: string;
  /** Request body limit in bytes (413 past it); default 5 MiB. */
  bodyLimit?: number;
  /** Limits for example catalogues named by request headers. */
  examplesTimeoutMs?: number;
  examplesMaxBytes?: number;
  /**
   * Serve exactly the spec's 24 method/path pairs and answer everything else with a plain-text
   * `404 page not found`, as a strict server built to the spec would; key reads and updates then
   * also need an API the key grants access to. Default false (the listings of the reference too).
   */
  specOnly?: boolean;
  /**
   * Fill in members on every write of an API or a policy, as the reference does (defaults, a
   * creation date, its own member order: model/writeDefaults.ts). Default false.
   */
  writeDefaults?: boolean;
  /**
   * How long `close()` lets requests in flight finish before cutting their connections (slow
   * clients, long uploads); default 3000 ms. Requests arriving meanwhile get 503.
   */
  stopGraceMs?: number;
}

export interface RunningSandbox {
  url: string;
  credentials: SandboxCredentials;
  /** The data folder in use, undefined in memory mode. */
  dataDir: string | undefined;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const log = options.log ?? (() => undefined);
  const dataDir = options.memory ? undefined : (options.dataDir ?? defaultDataDir());
  let lock: DataDirLock | undefined;
  if (dataDir) {
    await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
    lock = await acquireLock(dataDir); // throws DataDirLockedError naming the holder
  }
  try {
    return await serve(options, log, dataDir, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function serve(
  options: SandboxOptions,
  log: (line: string) => void,
  dataDir: string | undefined,
  lock: DataDirLock | undefined,
): Promise<RunningSandbox> {
  const state = new SandboxState(dataDir, log);
  await state.load();
  if (options.writeDefaults) {
    state.apis.beforeSet = (record) => apiWithDefaults(record);
    state.policies.beforeSet = (policy, previous) => policyWithDefaults(policy, previous);
  }

  const credentials = await resolveCredentials(state, options.credentials ?? {});
  // Never seed a folder that holds records (a lost or replaced sandbox.json must not add the seed again).
  if (options.seed !== false && !state.meta.seededAt && state.isEmpty()) {
    await seedState(state);
    state.meta.seededAt = new Date().toISOString();
    await state.saveMeta();
  }

  const deps: RouteDeps = {
    state,
    log,
    specOnly: options.specOnly === true,
    examples: {
      dir: findExamplesDir(options.examplesDir),
      timeoutMs: options.examplesTimeoutMs ?? 5000,
      maxBytes: options.examplesMaxBytes ?? 2 * 1024 * 1024,
    },
  };
  const router = new Router();
  for (const register of [
    registerGatewayApis,
    registerGatewayKeys,
    registerDashboardApis,
    registerDashboardStreams,
    registerDashboardKeys,
    registerDashboardRecords,
    registerExamples,
    registerMigrate,
  ]) {
    register(router, deps);
  }
  if (options.specOnly) {
    const missing = router.restrictTo(SPEC_ROUTES);
    if (missing.length) throw new Error(`the sandbox lacks spec routes: ${missing.join(', ')}`);
  }

  let stopping = false;
  const server = createServer(
    createListener({ router, credentials, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, log, specOnly: deps.specOnly, isStopping: () => stopping }),
  );
  // A client that sends its headers or body slowly cannot hold a connection (and a stop) forever.
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  await lock?.setUrl(url);
  if (options.announce !== false) {
    log(`[sandbox] listening on ${url}${dataDir ? ` with data in ${dataDir}` : ' (memory only)'}${deps.specOnly ? ', spec endpoints only' : ''}`);
  }
  warmRefusals();

  let closing: Promise<void> | undefined;
  return {
    url,
    credentials,
    dataDir,
    close: () =>
      (closing ??= (async () => {
        // Stop accepting; idle keep-alive connections go now; requests in flight get the grace
        // period, then their connections are cut (their writes, if any, still finish below).
        stopping = true;
        await new Promise<void>((resolve) => {
          const cut = setTimeout(() => server.closeAllConnections(), options.stopGraceMs ?? 3000);
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
          server.closeIdleConnections();
        });
        await state.queue.drain();
        await state.saveSnapshots().catch((error: unknown) => log(`[store] snapshot not written: ${(error as Error).message}`));
        await lock?.release();
      })()),
  };
}

/** Credentials given win; the rest come from the data folder, or are generated and stored there. */
async function resolveCredentials(state: SandboxState, given: Partial<SandboxCredentials>): Promise<SandboxCredentials> {
  let stored = state.meta.credentials;
  if (!stored) {
    stored = { gatewaySecret: newSecret(), dashboardToken: newSecret(), adminSecret: newSecret() };
    state.meta.credentials = stored;
    await state.saveMeta();
  }
  const pick = (name: keyof SandboxCredentials) => (given[name] ? String(given[name]) : stored[name]);
  return { gatewaySecret: pick('gatewaySecret'), dashboardToken: pick('dashboardToken'), adminSecret: pick('adminSecret') };
}

/** The catalogue ships as dist/examples beside the bundle, and lives in sandbox/examples in the sources. */
function findExamplesDir(given: string | undefined): string | undefined {
  const candidates = given ? [given] : [join(__dirname, 'examples'), join(__dirname, '..', 'examples'), join(process.cwd(), 'sandbox', 'examples')];
  return candidates.find((dir) => existsSync(join(dir, 'index.json')));
}
