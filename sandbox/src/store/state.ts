// Everything one sandbox instance holds. No module-level state: two sandboxes in one process
// (the extension host and a test, say) never share anything.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { Collection } from './collection.js';
import { WriteQueue } from './writeQueue.js';
import { writeFileAtomic } from './atomicFile.js';
import { JournaledBatch, replayJournal } from './batch.js';
import { DataDamagedError, type DamagedFile } from './damage.js';
import { securePermissions } from './permissions.js';
import type { AnalyticsSet, ApiRecord, Json, KeyRecord, LiveQuota, OrgKeyRecord, SandboxCredentials } from '../types.js';

/** `<dataDir>/sandbox.json`: the per-folder credentials and whether the seed ran. */
export interface SandboxMeta {
  version: 1;
  seededAt?: string;
  credentials?: SandboxCredentials;
}

export class SandboxState {
  readonly queue = new WriteQueue();
  readonly apis: Collection<ApiRecord>;
  readonly keys: Collection<KeyRecord>;
  readonly orgKeys: Collection<OrgKeyRecord>;
  readonly policies: Collection<Json>;
  readonly oauthClients: Collection<Json>;
  readonly users: Collection<Json>;
  readonly hooks: Collection<Json>;
  readonly analytics: Collection<AnalyticsSet>;
  readonly quotas: Collection<LiveQuota>;
  meta: SandboxMeta = { version: 1 };
  /** Open while `atomically` runs its callback. */
  private batch: JournaledBatch | undefined;

  constructor(
    readonly dataDir: string | undefined,
    private readonly log: (line: string) => void,
  ) {
    const make = <T>(name: string) => new Collection<T>(name, dataDir, this.queue, log, () => this.batch);
    this.apis = make('apis');
    this.keys = make('keys');
    this.orgKeys = make('org-keys');
    this.policies = make('policies');
    this.oauthClients = make('oauth-clients');
    this.users = make('users');
    this.hooks = make('webhooks');
    this.analytics = make('analytics');
    this.quotas = make('live-quotas');
  }

  /** Every collection, in load order. */
  get collections(): Array<Collection<unknown>> {
    return [this.apis, this.keys, this.orgKeys, this.policies, this.oauthClients, this.users, this.hooks, this.analytics, this.quotas] as Array<
      Collection<unknown>
    >;
  }

  /** True when no collection holds a record (a folder that may be seeded). */
  isEmpty(): boolean {
    return this.collections.every((c) => c.size === 0);
  }

  /**
   * Makes the store changes `change` does (synchronously) one all-or-nothing write: they reach the
   * disk together through the journal (batch.ts): each change's own promise (from `set` or
   * `delete`) settles once the whole batch is on disk. Returns what `change` returns.
   */
  atomically<R>(change: () => R): R {
    if (this.batch || !this.dataDir) return change();
    const batch = new JournaledBatch(this.dataDir, this.queue);
    this.batch = batch;
    try {
      return change();
    } finally {
      this.batch = undefined;
      batch.commit();
    }
  }

  async load(): Promise<void> {
    if (!this.dataDir) return;
    await fs.mkdir(this.dataDir, { recursive: true, mode: 0o700 });
    await securePermissions(this.dataDir, this.log);
    try {
      // Stryker disable next-line StringLiteral: without an encoding JSON.parse gets a Buffer, which it reads as UTF-8 text too
      this.meta = parseMeta(await fs.readFile(this.metaPath(), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        // Never regenerate credentials (or seed again) over a damaged file: clients hold the old ones.
        throw new DataDamagedError(
          this.dataDir,
          [{ file: 'sandbox.json', reason: (error as Error).message }],
          'To recover: restore sandbox.json from a backup; or delete it, and the sandbox generates new credentials on the next start ' +
            '(the records are kept and not seeded again); or start with another folder (--data DIR). Nothing in the folder was changed.',
        );
      }
    }
    await replayJournal(
      this.dataDir,
      this.collections.map((c) => c.name),
      this.log,
    );
    const damaged: DamagedFile[] = [];
    await Promise.all([
      this.apis.load((a) => a.id, damaged),
      this.keys.load((k) => k.keyId, damaged),
      this.orgKeys.load((k) => k.orgId, damaged),
      this.policies.load((p) => String(p.id), damaged),
      this.oauthClients.load(oauthClientId, damaged),
      this.users.load((u) => String(u.id), damaged),
      this.hooks.load((h) => String(h.id), damaged),
      this.analytics.load((a) => a.clientId, damaged),
      this.quotas.load((q) => q.id, damaged),
    ]);
    if (damaged.length) throw new DataDamagedError(this.dataDir, damaged);
  }

  /** On a clean stop, after every write: one snapshot per collection, so the next start is quick (in memory: none). */
  async saveSnapshots(): Promise<void> {
    await Promise.all(this.collections.map((c) => c.saveSnapshot()));
  }

  /** The meta file holds credentials: readable by the owner only. */
  saveMeta(): Promise<void> {
    if (!this.dataDir) return Promise.resolve();
    const path = this.metaPath();
    return this.queue.schedule(path, () => writeFileAtomic(path, JSON.stringify(this.meta, null, 2) + '\n', 0o600));
  }

  private metaPath(): string {
    return join(this.dataDir as string, 'sandbox.json');
  }
}

/** `sandbox.json`'s content, or an error saying what is wrong with it. */
function parseMeta(text: string): SandboxMeta {
  let meta: SandboxMeta;
  try {
    meta = JSON.parse(text) as SandboxMeta;
  } catch (error) {
    // Stryker disable next-line ObjectLiteral: load shows only the message; the cause is kept for debugging (and lint's preserve-caught-error)
    throw new Error(`not valid JSON (truncated?): ${(error as Error).message}`, { cause: error });
  }
  // A value that is not an object has no version either.
  if (meta?.version !== 1) throw new Error('not a sandbox.json of a known version');
  const c = meta.credentials;
  // Credentials that are not an object have no members either.
  if (c !== undefined && ![c?.gatewaySecret, c?.dashboardToken, c?.adminSecret].every((v) => typeof v === 'string' && v !== '')) {
    throw new Error('its credentials are incomplete');
  }
  return meta;
}

/** OAuth clients are addressed by API and client id together. */
export function oauthClientId(client: Json): string {
  return `${String(client.api_id)}/${String(client.client_id)}`;
}
