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
  /** The listing now arriving (from its page 1), which replaces `shown` once complete. */
  arriving: Set<string>;
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

  /** A page of the environment's APIs arrived. A refresh starts again at page 1; until it is
   * complete the ids of the previous listing stay, so no warning flickers while pages load. */
  apiPage(environment: string, page: number, result: Page<ApiSummary>): void {
    let ids = this.apis.get(environment);
    if (!ids) this.apis.set(environment, (ids = { shown: new Set(), arriving: new Set(), complete: false }));
    if (page <= 1) {
      ids.arriving = new Set();
      ids.complete = false;
    }
    for (const api of result.items) {
      ids.arriving.add(api.id);
      ids.shown.add(api.id);
    }
    if (page >= result.pages || result.items.length === 0) {
      ids.shown = new Set(ids.arriving);
      ids.complete = true;
    }
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
