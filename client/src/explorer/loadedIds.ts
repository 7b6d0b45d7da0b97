// The ids the explorer tree has loaded from each environment: its APIs (page by page) and its
// policies. The language server uses the active environment's ids so that a policy or key
// granting an API the environment has is not warned about as "unknown". Observed by wrapping the
// tree's ResourceSource, so the explorer model itself is unchanged. Free of `vscode`.
import type { ApiSummary, Page, PolicySummary, ResourceSource } from './resourceSource';

/** What one environment's tree has loaded; a list is `undefined` until its listing arrived. */
export interface LoadedIdsOf {
  apiIds?: string[];
  /** True while further pages of APIs have not arrived: an id not listed may still exist. */
  apiIdsPartial?: boolean;
  policyIds?: string[];
}

interface ApiIds {
  /** The ids reported: the last complete listing's, plus those of the listing now arriving. */
  shown: Set<string>;
  /** The listing now arriving (from its first answer), which replaces `shown` once complete. */
  arriving: Set<string>;
  /** Pages of the arriving listing in so far (the first answer counts as page 1), and how many it has. */
  received: Set<number>;
  total: number;
  complete: boolean;
}

export class LoadedIds {
  private readonly apis = new Map<string, ApiIds>();
  private readonly policies = new Map<string, string[]>();
  private readonly listeners = new Set<(environment: string) => void>();

  /** Called with the environment's name whenever what it has loaded changed. */
  onDidChange(listener: (environment: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  of(environment: string): LoadedIdsOf {
    const apis = this.apis.get(environment);
    return {
      apiIds: apis && [...apis.shown],
      apiIdsPartial: apis && !apis.complete,
      policyIds: this.policies.get(environment)?.slice(),
    };
  }

  /**
   * A page of the environment's APIs arrived. The listing (apiListing.ts) starts with `p=-1`
   * (everything; page 1 on a server that refuses it), then fetches pages 2… a few at a time, so
   * they may arrive out of order; it ends early on an empty page or one that adds nothing new (a
   * server ignoring `p`). Until the new listing is complete the ids of the previous one stay, so
   * no warning flickers while a refresh loads.
   */
  apiPage(environment: string, page: number, result: Page<ApiSummary>): void {
    let ids = this.apis.get(environment);
    // Stryker disable next-line BooleanLiteral: `complete` is set at the end of this call, before anyone reads it.
    if (!ids) this.apis.set(environment, (ids = { shown: new Set(), arriving: new Set(), received: new Set(), total: 1, complete: false }));
    if (page <= 1) {
      ids.arriving = new Set();
      ids.received = new Set([1]);
      ids.total = Math.max(1, result.pages);
    } else {
      const arriving = ids.arriving;
      ids.received.add(page);
      // An empty page passes the `every` test below, ending the listing at this page instead of the one before;
      // the page has arrived, so completeness is the same.
      // Stryker disable next-line ConditionalExpression: equivalent (see above)
      if (result.items.length === 0) ids.total = Math.min(ids.total, page - 1);
      else if (result.items.every((api) => arriving.has(api.id))) ids.total = Math.min(ids.total, page);
      else ids.total = Math.max(page, Math.min(ids.total, Math.max(1, result.pages)));
    }
    for (const api of result.items) {
      ids.arriving.add(api.id);
      ids.shown.add(api.id);
    }
    let complete = true;
    for (let n = 1; n <= ids.total && complete; n++) complete = ids.received.has(n);
    if (complete) ids.shown = new Set(ids.arriving);
    ids.complete = complete;
    this.fire(environment);
  }

  policyList(environment: string, policies: readonly PolicySummary[]): void {
    this.policies.set(
      environment,
      policies.map((p) => p.id),
    );
    this.fire(environment);
  }

  /** The same source, reporting the listings it returns for `environment`. */
  observe(environment: string, source: ResourceSource): ResourceSource {
    return {
      listApis: async (page) => {
        const result = await source.listApis(page);
        this.apiPage(environment, page, result);
        return result;
      },
      listPolicies: async () => {
        const result = await source.listPolicies();
        this.policyList(environment, result);
        return result;
      },
      listOAuthClients: (apiId) => source.listOAuthClients(apiId),
      listKeys: (page) => source.listKeys(page),
      listWebhooks: (page) => source.listWebhooks(page),
      listExamples: () => source.listExamples(),
      fetchDocument: (ref) => source.fetchDocument(ref),
    };
  }

  private fire(environment: string): void {
    for (const listener of [...this.listeners]) listener(environment);
  }
}
