// What the tree needs from a management server, in the tree's own terms. The adapter in
// managementSource.ts implements it on the typed management client; unit tests use a fake.
// Free of `vscode`.

export type ApiKind = 'classic' | 'oas' | 'streams';

export interface ApiSummary {
  kind: ApiKind;
  id: string;
  name: string;
  listenPath?: string;
  active: boolean;
  /** True when the API uses the gateway as OAuth provider, so it can have OAuth clients. */
  usesOAuth: boolean;
  /** The record as listed, for the tooltip and as a fallback document. */
  raw: unknown;
}

export interface PolicySummary {
  id: string;
  name: string;
  active: boolean;
  raw: unknown;
}
export interface KeySummary {
  id: string;
  alias?: string;
  /** Without an alias: what the key grants ("key for Petstore · policies gold"), when its session was read. */
  displayName?: string;
  active: boolean;
  apiIds: string[];
  raw: unknown;
}
export interface WebhookSummary {
  id: string;
  name: string;
  method?: string;
  targetPath?: string;
  raw: unknown;
}
export interface ExampleSummary {
  location: string;
  name: string;
  description?: string;
  raw: unknown;
}
export interface OAuthClientSummary {
  id: string;
  apiId: string;
  description?: string;
  raw: unknown;
}

/** One page of a paged listing; `pages` is the number of pages the server reports. */
export interface Page<T> {
  items: T[];
  pages: number;
}

/** What a selected node opens: enough to fetch the current JSON of the resource. */
export type ResourceRef =
  | { type: 'api'; kind: ApiKind; id: string }
  | { type: 'policy'; id: string }
  | { type: 'key'; id: string; apiId?: string }
  | { type: 'webhook'; id: string }
  | { type: 'example'; location: string }
  | { type: 'oauthClient'; apiId: string; id: string };

/**
 * Listings the spec does not define throw a ManagementApiError of kind `missing-endpoint`
 * on a server without them; the model turns that into an explanatory node.
 */
export interface ResourceSource {
  listApis(page: number): Promise<Page<ApiSummary>>;
  listOAuthClients(apiId: string): Promise<OAuthClientSummary[]>;
  listPolicies(): Promise<PolicySummary[]>;
  listKeys(page: number): Promise<Page<KeySummary>>;
  listWebhooks(page: number): Promise<Page<WebhookSummary>>;
  listExamples(): Promise<ExampleSummary[]>;
  /** The current JSON of one resource, as the server returns it. */
  fetchDocument(ref: ResourceRef): Promise<unknown>;
}
