// What each node of the tree looks like, made from what was loaded: ids, labels, descriptions,
// tooltips, icons, what a node opens. Pure functions, no state and no loading: which children load
// when, paging and caching are explorerModel.ts's. Free of `vscode` (labels and tooltips come from
// presentation.ts).
import { maskKeyId } from '../shared/keyIds';
import type { ApiListing } from './apiListing';
import type { ErrorInfo } from './errorInfo';
import type { ApiKindNode, ApiNode, ApisGroupNode, EnvironmentNode, ErrorNode, ExplorerNode, GroupNode, GroupType } from './nodes';
import * as p from './presentation';
import type { ApiKind, ApiSummary, ExampleSummary, KeySummary, OAuthClientSummary, PolicySummary, WebhookSummary } from './resourceSource';

export interface EnvironmentEntry {
  name: string;
  builtin: boolean;
  active: boolean;
  /** Markdown with URL, source and health. */
  tooltip: string;
  description?: string;
}

export function environmentNode(env: EnvironmentEntry): ExplorerNode {
  return {
    id: `env:${env.name}`,
    type: env.builtin ? 'sandboxEnvironment' : 'environment',
    environment: env.name,
    label: env.name,
    description: env.description,
    tooltip: env.tooltip,
    icon: env.builtin ? 'beaker' : 'cloud',
    collapsible: env.active ? 'expanded' : 'collapsed',
  };
}

export function groupNode(env: EnvironmentNode, group: GroupType): ApisGroupNode | GroupNode {
  const node = { id: `${env.id}/${group}`, environment: env.environment, label: p.GROUP_LABELS[group], icon: p.GROUP_ICONS[group], parent: env };
  return group === 'apis' ? { ...node, type: group, collapsible: 'collapsed' } : { ...node, type: group, collapsible: 'collapsed' };
}

/** A kind group under "APIs": counts only when every page is in; while pages load in the background it says so, with no number. */
export function apiKindNode(apis: ApisGroupNode, kind: ApiKind, listing: ApiListing, filterText: string, matches: (api: ApiSummary) => boolean): ExplorerNode {
  const all = listing.items.filter((a) => a.kind === kind);
  const shown = all.filter(matches).length;
  return {
    id: `${apis.id}/${kind}`,
    type: 'apiKind',
    environment: apis.environment,
    label: p.KIND_LABELS[kind],
    description: listing.complete ? p.kindCount(all.length, filterText ? shown : undefined, false) : p.notAllLoaded(listing),
    tooltip: listing.complete ? undefined : p.md(p.partialKindNote(p.KIND_LABELS[kind], listing.loaded, listing.pages)),
    icon: p.KIND_ICONS[kind],
    collapsible: all.length || !listing.complete ? 'collapsed' : 'none',
    apiKind: kind,
    parent: apis,
  };
}

export function apiNode(group: ApiKindNode, api: ApiSummary): ExplorerNode {
  return {
    id: `${group.id}/${api.id}`,
    type: 'api',
    environment: group.environment,
    label: api.name,
    description: `${api.listenPath ?? ''}${api.active ? '' : ' · inactive'}`.trim(),
    tooltip: p.apiTooltip(api),
    icon: p.KIND_ICONS[api.kind],
    iconColor: api.active ? undefined : p.INACTIVE_COLOR,
    collapsible: api.usesOAuth ? 'collapsed' : 'none',
    resource: { type: 'api', kind: api.kind, id: api.id },
    apiKind: api.kind,
    apiId: api.id,
    parent: group,
  };
}

export function oauthClientNode(api: ApiNode, c: OAuthClientSummary): ExplorerNode {
  return {
    id: `${api.id}/${c.id}`,
    type: 'oauthClient',
    environment: api.environment,
    label: c.id,
    description: c.description,
    tooltip: p.oauthClientTooltip(c),
    icon: 'person',
    collapsible: 'none',
    resource: { type: 'oauthClient', apiId: c.apiId, id: c.id },
    apiId: c.apiId,
    parent: api,
  };
}

export function policyNode(group: GroupNode, x: PolicySummary): ExplorerNode {
  return {
    id: `${group.id}/${x.id}`,
    type: 'policy',
    environment: group.environment,
    label: x.name || x.id,
    description: x.active ? undefined : 'inactive',
    tooltip: p.policyTooltip(x),
    icon: 'shield',
    iconColor: x.active ? undefined : p.INACTIVE_COLOR,
    collapsible: 'none',
    resource: { type: 'policy', id: x.id },
    parent: group,
  };
}

export function keyNode(group: GroupNode, k: KeySummary): ExplorerNode {
  return {
    id: `${group.id}/${k.id}`,
    type: 'key',
    environment: group.environment,
    // A key id is the key itself: never shown whole (masked in label, description and tooltip).
    label: k.alias || k.displayName || `key ${maskKeyId(k.id)}`,
    // A named key shows its masked id beside the name; an inactive one says so in words too, not only by its icon's colour.
    description: [k.alias || k.displayName ? maskKeyId(k.id) : undefined, k.active ? undefined : 'inactive'].filter(Boolean).join(' · ') || undefined,
    tooltip: p.keyTooltip(k),
    icon: 'key',
    iconColor: k.active ? undefined : p.INACTIVE_COLOR,
    collapsible: 'none',
    resource: { type: 'key', id: k.id, apiId: k.apiIds[0] },
    parent: group,
  };
}

export function webhookNode(group: GroupNode, w: WebhookSummary): ExplorerNode {
  return {
    id: `${group.id}/${w.id}`,
    type: 'webhook',
    environment: group.environment,
    label: w.name || w.id,
    description: [w.method, w.targetPath].filter(Boolean).join(' '),
    tooltip: p.webhookTooltip(w),
    icon: 'bell',
    collapsible: 'none',
    resource: { type: 'webhook', id: w.id },
    parent: group,
  };
}

export function exampleNode(group: GroupNode, e: ExampleSummary): ExplorerNode {
  return {
    id: `${group.id}/${e.location}`,
    type: 'example',
    environment: group.environment,
    label: e.name || e.location,
    description: e.location,
    tooltip: p.exampleTooltip(e),
    icon: 'book',
    collapsible: 'none',
    resource: { type: 'example', location: e.location },
    parent: group,
  };
}

/** "Open Key by ID…" / "Open Example by Location…" where the server cannot list them. */
export function openByNode(group: GroupNode, type: 'openKeyById' | 'openExampleByLocation'): ExplorerNode {
  const [suffix, label] = type === 'openKeyById' ? ['openById', 'Open Key by ID…'] : ['openByLocation', 'Open Example by Location…'];
  return { id: `${group.id}/${suffix}`, type, environment: group.environment, label, icon: 'go-to-file', collapsible: 'none', parent: group };
}

/** "Load more <noun>…" under `under`, fetching the next page of `owner`'s listing. */
export function loadMoreNode(owner: ExplorerNode, under: ExplorerNode, noun: string, page: number, pages: number): ExplorerNode {
  return {
    id: `${under.id}/more`,
    type: 'loadMore',
    environment: owner.environment,
    label: `Load more ${noun}…`,
    description: `page ${page} of ${pages}`,
    icon: 'ellipsis',
    collapsible: 'none',
    ownerId: owner.id,
    parent: under,
  };
}

export function messageNode(owner: ExplorerNode, text: string, icon: string): ExplorerNode {
  return {
    id: `${owner.id}/message:${text}`,
    type: 'message',
    environment: owner.environment,
    label: text,
    tooltip: p.md(text),
    icon,
    collapsible: 'none',
    parent: owner,
  };
}

/** An error as a node under `owner`: its message as label; `retryId` is the node its retry reloads. */
export function errorNodeOf(owner: ExplorerNode, info: ErrorInfo, id: string, retryId: string): ExplorerNode {
  return {
    id,
    type: 'error',
    environment: owner.environment,
    label: info.message,
    description: info.detail ?? info.hint,
    tooltip: p.errorTooltip(info.detail ? `${info.detail}: ${info.message}` : info.message, info.hint),
    icon: 'error',
    iconColor: 'errorForeground',
    collapsible: 'expanded',
    ownerId: retryId,
    parent: owner,
  };
}

/** The children of an error node: its hint (if any), then a retry. */
export function errorChildNodes(errorNode: ErrorNode, info: ErrorInfo | undefined): ExplorerNode[] {
  const out: ExplorerNode[] = [];
  if (info?.hint) out.push(messageNode(errorNode, info.hint, 'lightbulb'));
  out.push({
    id: `${errorNode.id}/retry`,
    type: 'retry',
    environment: errorNode.environment,
    label: 'Retry',
    icon: 'refresh',
    collapsible: 'none',
    ownerId: errorNode.ownerId,
    parent: errorNode,
  });
  return out;
}

/**
 * `nodes`, or one message when there are none: "None." or what the filter hides. `morePages`: the
 * total covers the loaded pages only, so no note claims more than that.
 */
export function withFilterNote(owner: ExplorerNode, nodes: ExplorerNode[], total: number, filterText: string, morePages = false): ExplorerNode[] {
  const scope = morePages ? ' on the loaded pages' : '';
  if (total === 0) return [messageNode(owner, morePages ? 'None on the loaded pages.' : 'None.', 'info')];
  if (nodes.length === 0 && filterText) return [messageNode(owner, `No match for '${filterText}'${scope} (${total} hidden).`, 'filter')];
  return nodes;
}
