// Everything one sandbox instance holds. No module-level state: two sandboxes in one process
// (the extension host and a test, say) never share anything.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { Collection } from './collection.js';
import { WriteQueue } from './writeQueue.js';
import { writeFileAtomic } from './atomicFile.js';
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

  constructor(
    readonly dataDir: string | undefined,
    private readonly log: (line: string) => void,
  ) {
    const make = <T>(name: string) => new Collection<T>(name, dataDir, this.queue, log);
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

  async load(): Promise<void> {
    if (!this.dataDir) return;
    await fs.mkdir(this.dataDir, { recursive: true });
    try {
      this.meta = JSON.parse(await fs.readFile(this.metaPath(), 'utf8')) as SandboxMeta;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log(`[store] sandbox.json unreadable, starting a new one: ${(error as Error).message}`);
      }
    }
    await Promise.all([
      this.apis.load((a) => a.id),
      this.keys.load((k) => k.keyId),
      this.orgKeys.load((k) => k.orgId),
      this.policies.load((p) => String(p.id)),
      this.oauthClients.load(oauthClientId),
      this.users.load((u) => String(u.id)),
      this.hooks.load((h) => String(h.id)),
      this.analytics.load((a) => a.clientId),
      this.quotas.load((q) => q.id),
    ]);
  }

  /** On a clean stop, after every write: one snapshot per collection, so the next start is quick. */
  async saveSnapshots(): Promise<void> {
    if (!this.dataDir) return;
    const all = [this.apis, this.keys, this.orgKeys, this.policies, this.oauthClients, this.users, this.hooks, this.analytics, this.quotas];
    await Promise.all(all.map((c) => c.saveSnapshot()));
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

/** OAuth clients are addressed by API and client id together. */
export function oauthClientId(client: Json): string {
  return `${String(client.api_id)}/${String(client.client_id)}`;
}
