// The tree's content and state, free of `vscode`: which children a node has, paging state
// of the paged listings, the name filter, and errors turned into nodes. Children load lazily
// (only when VS Code asks for them) and every listing is cached until refreshed, so
// expanding and collapsing never re-fetches and "load more" only fetches the next page.
// What each node looks like (ids, labels, tooltips) is explorerNodes.ts's.
import { ApiListing } from './apiListing';
import { errorInfoOf, isMissingEndpoint, type ErrorInfo } from './errorInfo';
import * as n from './explorerNodes';
import type { EnvironmentEntry } from './explorerNodes';
import { GROUPS, type ApiKindNode, type ApiNode, type ApisGroupNode, type EnvironmentNode, type ErrorNode, type ExplorerNode, type GroupNode } from './nodes';
import * as p from './presentation';
import type { ApiKind, ApiSummary, KeySummary, Page, ResourceSource, WebhookSummary } from './resourceSource';
import { endsPaging } from '../../../api/src/paging';
import { hasMorePages, type PagedList } from './pagedList';

export type { EnvironmentEntry } from './explorerNodes';

export interface ExplorerModelDeps {
  environments(): EnvironmentEntry[];
  /** The source of one environment; throws when nothing may be sent (the error becomes a node). */
  sourceFor(environment: string): Promise<ResourceSource>;
  /** Called after every load attempt of an environment's resources (for the status bar). */
  onLoadResult?(environment: string, error: unknown): void;
  /** The children of the node with this id changed without a refresh (a page arrived in the background). */
  onDidChange?(nodeId: string): void;
  /** Further pages of an environment's APIs load in the background until `settled` (for progress in the view). */
  onBackgroundLoad?(environment: string, settled: Promise<void>): void;
  /**
   * The definition in the workspace of each resource of an environment (`kind:id` → path relative
   * to its folder), from that environment's deploy state or pull records: what `folder:` matches.
   */
  definitionFiles?(environment: string): Promise<ReadonlyMap<string, string>>;
}

const API_KINDS: readonly ApiKind[] = ['classic', 'oas', 'streams'];
/** Pages "Load more APIs…" adds past the background bound. */
const MORE_PAGES = 50;

export class ExplorerModel {
  private filterText = '';
  /** Loaded listings by owner node id; dropped on refresh. */
  private readonly cache = new Map<string, Promise<unknown>>();
  private readonly paged = new Map<string, PagedList<unknown>>();
  /** Every API of an environment, by the id of its APIs group node; dropped (and cancelled) on refresh. */
  private readonly apiListings = new Map<string, Promise<ApiListing>>();
  /** Pages of keys/webhooks loaded before a refresh, so the refresh loads as many again. */
  private readonly keepPages = new Map<string, number>();
  /** Error info of error nodes, by error node id. */
  private readonly errors = new Map<string, ErrorInfo>();
  /** Definition paths per environment, read while a `folder:` filter is on; dropped when the filter changes or on refresh. */
  private readonly definitions = new Map<string, Promise<ReadonlyMap<string, string>>>();

  constructor(private readonly deps: ExplorerModelDeps) {}

  get filter(): string {
    return this.filterText;
  }

  /** Filters resource nodes by name (case-insensitive); '' clears. Uses cached listings only. */
  setFilter(text: string): void {
    this.filterText = text.trim();
    // Read again for the new filter: files may have been pulled or pushed since.
    this.definitions.clear();
  }

  /** Forgets what was loaded under `node` (everything when undefined), so it loads again. */
  invalidate(node?: ExplorerNode): void {
    const prefix = node?.id;
    const under = (key: string) => prefix === undefined || key === prefix || key.startsWith(`${prefix}/`);
    // A refresh keeps what was loaded: the paged listings load as many pages again.
    for (const [key, list] of this.paged) if (under(key)) this.keepPages.set(key, list.page);
    for (const [key, listing] of this.apiListings)
      if (under(key))
        void listing.then(
          (l) => l.cancel(),
          () => undefined,
        );
    for (const map of [this.cache, this.paged, this.errors, this.apiListings] as Map<string, unknown>[]) {
      for (const key of [...map.keys()]) if (under(key)) map.delete(key);
    }
    this.definitions.clear();
  }

  /** Every API of an environment (waits for the background pages); for "Open API by name…". */
  async allApis(environment: string): Promise<ApiSummary[]> {
    const listing = await this.apiListing({ id: `env:${environment}/apis`, environment });
    await listing.whenSettled();
    return [...listing.items];
  }

  /** The children of `node` (the environments when undefined). Never throws. */
  async children(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (!node) return this.environmentNodes();
    try {
      return await this.childrenOf(node);
    } catch (err) {
      return [this.errorNode(node, err)];
    }
  }

  /**
   * Fetches the next page of the listing that owns a load-more node; returns the node to
   * refresh. The owner is the paged group (`ownerId`), which may be the load-more node's
   * grandparent: the APIs listing's "load more" also appears under each kind group.
   */
  async loadMore(loadMoreNode: ExplorerNode): Promise<ExplorerNode | undefined> {
    let owner = loadMoreNode.parent;
    while (owner && loadMoreNode.ownerId !== undefined && owner.id !== loadMoreNode.ownerId) owner = owner.parent;
    if (!owner) return undefined;
    if (owner.type === 'apis') {
      const listing = await this.apiListings.get(owner.id);
      await listing?.resume(MORE_PAGES);
      return owner;
    }
    const list = this.paged.get(owner.id);
    if (!list || list.page >= list.pages) return owner;
    try {
      const next = await this.fetchPage(owner, list.page + 1);
      list.error = undefined;
      if (endsPaging(list.lastPage, next.items)) {
        // Empty, or page 1 again: the server announced more pages than it serves. Stop here.
        list.pages = list.page;
        return owner;
      }
      list.items.push(...next.items);
      list.page += 1;
      list.pages = next.pages;
      list.lastPage = next.items;
    } catch (err) {
      list.error = errorInfoOf(err);
    }
    return owner;
  }

  /** The message and hint behind an error node. */
  errorOf(errorNode: ExplorerNode): ErrorInfo | undefined {
    return this.errors.get(errorNode.id);
  }

  // ---- levels -------------------------------------------------------------------------------

  private environmentNodes(): ExplorerNode[] {
    return this.deps.environments().map((env: EnvironmentEntry) => n.environmentNode(env));
  }

  private async childrenOf(node: ExplorerNode): Promise<ExplorerNode[]> {
    switch (node.type) {
      case 'environment':
      case 'sandboxEnvironment':
        return this.groupNodes(node);
      case 'apis':
        return this.apisChildren(node);
      case 'apiKind':
        return this.apiKindChildren(node);
      case 'api':
        return this.oauthClientNodes(node);
      case 'policies':
        return this.policyNodes(node);
      case 'keys':
        return this.keysChildren(node);
      case 'webhooks':
        return this.webhooksChildren(node);
      case 'examples':
        return this.exampleNodes(node);
      case 'error':
        return this.errorChildren(node);
      default:
        return [];
    }
  }

  private async groupNodes(env: EnvironmentNode): Promise<ExplorerNode[]> {
    // Checks trust and approval (and starts the Local sandbox) once, before any group loads:
    // one error node for the environment instead of five.
    try {
      await this.source(env);
    } catch (err) {
      this.deps.onLoadResult?.(env.environment, err);
      throw err;
    }
    return GROUPS.map((group) => n.groupNode(env, group));
  }

  private async apisChildren(apis: ApisGroupNode): Promise<ExplorerNode[]> {
    const listing = await this.apiListing(apis);
    const files = await this.definitionFilesFor(apis.environment);
    const kinds = API_KINDS.map((kind) => n.apiKindNode(apis, kind, listing, this.filterText, (a) => this.apiMatches(a, files)));
    return [...kinds, ...this.apiListingTail(apis, listing)];
  }

  private async apiKindChildren(group: ApiKindNode): Promise<ExplorerNode[]> {
    const listing = await this.apiListing(group.parent);
    const ofKind = listing.items.filter((a) => a.kind === group.apiKind);
    const files = await this.definitionFilesFor(group.environment);
    const nodes = ofKind.filter((a) => this.apiMatches(a, files)).map((api) => n.apiNode(group, api));
    if (listing.complete) return n.withFilterNote(group, nodes, ofKind.length, this.filterText);
    // Pages remain: claim nothing they do not prove; "Load more" (if any) is on the APIs group only.
    const note = n.messageNode(group, p.notAllLoadedNote(listing), listing.busy ? 'loading~spin' : 'info');
    return [...nodes, note];
  }

  /** The APIs group's tail: a background failure with its retry, or "Load more APIs…" past the bound. */
  private apiListingTail(apis: ApisGroupNode, listing: ApiListing): ExplorerNode[] {
    if (listing.error) return [this.errorNode(apis, listing.error, 'more', apis.id)];
    if (!listing.stoppedAtBound) return [];
    return [n.loadMoreNode(apis, apis, 'APIs', listing.loaded, listing.pages)];
  }

  /** The environment's API listing: started once, further pages in the background, redrawn as they come. */
  private apiListing(apis: Pick<ApisGroupNode, 'id' | 'environment'>): Promise<ApiListing> {
    let entry = this.apiListings.get(apis.id);
    if (entry) return entry;
    let lastDraw = 0;
    const listing: ApiListing = new ApiListing(
      (page) => this.fetchApisPage(apis.environment, page),
      () => {
        // Redraw at most every 300 ms while pages stream in, and once at the end.
        const now = Date.now();
        if (listing.busy && now - lastDraw < 300) return;
        lastDraw = now;
        if (this.apiListings.get(apis.id) === entry) this.deps.onDidChange?.(apis.id);
      },
    );
    entry = listing.start().then(() => {
      if (listing.busy) this.deps.onBackgroundLoad?.(apis.environment, listing.whenSettled());
      return listing;
    });
    const stored = entry;
    entry.catch(() => {
      if (this.apiListings.get(apis.id) === stored) this.apiListings.delete(apis.id);
    });
    this.apiListings.set(apis.id, entry);
    return entry;
  }

  private async oauthClientNodes(api: ApiNode): Promise<ExplorerNode[]> {
    let clients;
    try {
      clients = await this.cached(api, async () => (await this.source(api)).listOAuthClients(api.apiId));
    } catch (err) {
      if (isMissingEndpoint(err)) {
        return [n.messageNode(api, 'This server does not list OAuth clients: use Svc: Show OAuth Client Details… with the client id.', 'info')];
      }
      throw err;
    }
    if (!clients.length) return [n.messageNode(api, 'No OAuth clients.', 'info')];
    const nodes = clients.filter((c) => p.matchesFilter(this.filterText, c.id, c.description)).map((c) => n.oauthClientNode(api, c));
    return n.withFilterNote(api, nodes, clients.length, this.filterText);
  }

  private async policyNodes(group: GroupNode): Promise<ExplorerNode[]> {
    const policies = await this.cached(group, async () => (await this.source(group)).listPolicies());
    const files = await this.definitionFilesFor(group.environment);
    const nodes = policies
      .filter((x) => p.matchesTreeFilter(this.filterText, { texts: [x.name, x.id], tags: p.tagsOfRecord(x.raw), file: files?.get(`policy:${x.id}`) }))
      .map((x) => n.policyNode(group, x));
    return n.withFilterNote(group, nodes, policies.length, this.filterText);
  }

  private async keysChildren(group: GroupNode): Promise<ExplorerNode[]> {
    let list: PagedList<KeySummary>;
    try {
      list = await this.pagedList<KeySummary>(group);
    } catch (err) {
      if (!isMissingEndpoint(err)) throw err;
      return [n.messageNode(group, 'This server does not list keys.', 'info'), n.openByNode(group, 'openKeyById')];
    }
    const nodes = list.items
      .filter((k) => p.matchesFilterWithTags(this.filterText, p.tagsOfRecord(k.raw), k.alias, k.displayName, k.id))
      .map((k) => n.keyNode(group, k));
    return [...n.withFilterNote(group, nodes, list.items.length, this.filterText, hasMorePages(list)), ...this.pagingTail(group, list, 'keys')];
  }

  private async webhooksChildren(group: GroupNode): Promise<ExplorerNode[]> {
    const list = await this.pagedList<WebhookSummary>(group);
    const nodes = list.items.filter((w) => p.matchesFilter(this.filterText, w.name, w.id)).map((w) => n.webhookNode(group, w));
    return [...n.withFilterNote(group, nodes, list.items.length, this.filterText, hasMorePages(list)), ...this.pagingTail(group, list, 'webhooks')];
  }

  private async exampleNodes(group: GroupNode): Promise<ExplorerNode[]> {
    let examples;
    try {
      examples = await this.cached(group, async () => (await this.source(group)).listExamples());
    } catch (err) {
      if (!isMissingEndpoint(err)) throw err;
      return [n.messageNode(group, 'This server has no examples catalogue.', 'info'), n.openByNode(group, 'openExampleByLocation')];
    }
    const nodes = examples.filter((e) => p.matchesFilter(this.filterText, e.name, e.location)).map((e) => n.exampleNode(group, e));
    return n.withFilterNote(group, nodes, examples.length, this.filterText);
  }

  private errorChildren(errorNode: ErrorNode): ExplorerNode[] {
    return n.errorChildNodes(errorNode, this.errors.get(errorNode.id));
  }

  // ---- helpers ------------------------------------------------------------------------------

  private apiMatches(api: ApiSummary, files?: ReadonlyMap<string, string>): boolean {
    return p.matchesTreeFilter(this.filterText, {
      texts: [api.name, api.id, api.listenPath],
      tags: p.tagsOfRecord(api.raw),
      file: files?.get(`${api.kind}:${api.id}`),
    });
  }

  /**
   * Under a `folder:` filter, the definition paths of the environment's resources (read once per
   * filter); otherwise undefined. Keys are recorded by hash and listed by id, so they have none here.
   */
  private definitionFilesFor(environment: string): Promise<ReadonlyMap<string, string> | undefined> {
    if (this.deps.definitionFiles === undefined || p.treeSelector(this.filterText)?.by !== 'folder') return Promise.resolve(undefined);
    let entry = this.definitions.get(environment);
    if (!entry) {
      entry = this.deps.definitionFiles(environment).catch(() => new Map<string, string>());
      this.definitions.set(environment, entry);
    }
    return entry;
  }

  private async source(node: ExplorerNode): Promise<ResourceSource> {
    return this.deps.sourceFor(node.environment);
  }

  /** Loads once per owner; a failure is not cached, so a retry fetches again. */
  private cached<T>(owner: ExplorerNode, load: () => Promise<T>): Promise<T> {
    const key = owner.id;
    let entry = this.cache.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = this.report(owner.environment, load());
      entry.catch(() => this.cache.delete(key));
      this.cache.set(key, entry);
    }
    return entry;
  }

  private report<T>(environment: string, promise: Promise<T>): Promise<T> {
    return promise.then(
      (value) => {
        this.deps.onLoadResult?.(environment, undefined);
        return value;
      },
      (err: unknown) => {
        if (!isMissingEndpoint(err)) this.deps.onLoadResult?.(environment, err);
        throw err;
      },
    );
  }

  private async pagedList<T>(owner: ExplorerNode): Promise<PagedList<T>> {
    const existing = this.paged.get(owner.id);
    if (existing) return existing as PagedList<T>;
    const first = await this.fetchPageOnce(owner);
    // Another caller may have stored the list (and loaded more) meanwhile: keep theirs.
    const again = this.paged.get(owner.id);
    if (again) return again as PagedList<T>;
    const list: PagedList<T> = { items: [...(first.items as T[])], page: 1, pages: first.pages, lastPage: first.items };
    // After a refresh, as many pages as were loaded before (a new item shows, nothing folds away).
    const keep = this.keepPages.get(owner.id) ?? 1;
    this.keepPages.delete(owner.id);
    while (list.page < Math.min(keep, list.pages)) {
      const next = await this.fetchPage(owner, list.page + 1);
      const known = new Set((list.items as Array<{ id?: unknown }>).map((i) => i.id));
      list.items.push(...(next.items as T[]).filter((i) => !known.has((i as { id?: unknown }).id)));
      list.page += 1;
      list.pages = next.pages;
    }
    const raced = this.paged.get(owner.id);
    if (raced) return raced as PagedList<T>;
    this.paged.set(owner.id, list);
    return list;
  }

  private async fetchApisPage(environment: string, page: number): Promise<Page<ApiSummary>> {
    const source = await this.deps.sourceFor(environment);
    return this.report(environment, source.listApis(page));
  }

  private async fetchPage(owner: ExplorerNode, page: number): Promise<Page<unknown>> {
    const source = await this.source(owner);
    const load = owner.type === 'apis' ? source.listApis(page) : owner.type === 'keys' ? source.listKeys(page) : source.listWebhooks(page);
    return this.report<Page<unknown>>(owner.environment, load);
  }

  /** The first page, shared by concurrent callers (kind groups ask while "APIs" loads). */
  private fetchPageOnce(owner: ExplorerNode): Promise<Page<unknown>> {
    let entry = this.cache.get(owner.id) as Promise<Page<unknown>> | undefined;
    if (!entry) {
      entry = this.fetchPage(owner, 1);
      entry.catch(() => this.cache.delete(owner.id));
      this.cache.set(owner.id, entry);
    }
    return entry;
  }

  /**
   * The "load more" node (or the error of a failed one) of `owner`'s paged listing, shown
   * under `under` (default the owner itself; a kind group for the APIs listing).
   */
  private pagingTail(owner: ExplorerNode, list: PagedList<unknown>, noun: string, under: ExplorerNode = owner): ExplorerNode[] {
    if (list.error) return [this.errorNode(under, list.error, 'more', owner.id)];
    if (!hasMorePages(list)) return [];
    return [n.loadMoreNode(owner, under, noun, list.page, list.pages)];
  }

  /**
   * An error as a node under `owner`: its message as label, hint and a retry as children.
   * `retryId` is the node the retry reloads (default `owner`).
   */
  private errorNode(owner: ExplorerNode, err: unknown, suffix = 'error', retryId = owner.id): ExplorerNode {
    const info = isErrorInfo(err) ? err : errorInfoOf(err);
    const id = `${owner.id}/${suffix}`;
    this.errors.set(id, info);
    return n.errorNodeOf(owner, info, id, retryId);
  }
}

function isErrorInfo(value: unknown): value is ErrorInfo {
  return !!value && typeof value === 'object' && !(value instanceof Error) && typeof (value as ErrorInfo).message === 'string';
}
