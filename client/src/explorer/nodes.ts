// The tree's nodes as plain data, free of `vscode`: the tree provider turns them into
// TreeItems. Each node type has exactly one contextValue, which package.json menus match with
// `viewItem == ...`.
import type { ApiKind, ResourceRef } from './resourceSource';

export const NODE_TYPES = [
  'environment',
  'sandboxEnvironment',
  'apis',
  'apiKind',
  'api',
  'oauthClient',
  'policies',
  'policy',
  'keys',
  'key',
  'openKeyById',
  'webhooks',
  'webhook',
  'examples',
  'example',
  'loadMore',
  'error',
  'retry',
  'message',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** `svc.<type>`: the contextValue of every node of that type. */
export const contextValueOf = (type: NodeType): string => `svc.${type}`;

/** A node's contextValue: classic APIs get their own (`svc.api.classic`) so "Migrate to OAS…" shows on them only. */
export const CLASSIC_API_CONTEXT = 'svc.api.classic';
export const contextValueOfNode = (node: Pick<ExplorerNode, 'type' | 'apiKind'>): string =>
  node.type === 'api' && node.apiKind === 'classic' ? CLASSIC_API_CONTEXT : contextValueOf(node.type);

/** The resource groups under each environment, in display order. */
export type GroupType = 'apis' | 'policies' | 'keys' | 'webhooks' | 'examples';
export const GROUPS: readonly GroupType[] = ['apis', 'policies', 'keys', 'webhooks', 'examples'];

export interface ExplorerNode {
  /** Unique and stable across refreshes, so VS Code keeps expansion state. */
  id: string;
  type: NodeType;
  envName: string;
  label: string;
  description?: string;
  /** Markdown. */
  tooltip?: string;
  /** A codicon id. */
  icon: string;
  /** A theme colour id for the icon (e.g. inactive resources). */
  iconColor?: string;
  collapsible: 'none' | 'collapsed' | 'expanded';
  /** What selecting the node opens. */
  resource?: ResourceRef;
  /** For APIs grouped by kind, kinds group nodes; for OAuth clients, their API. */
  apiKind?: ApiKind;
  apiId?: string;
  /** For load-more, error and retry nodes: the node whose children they belong to. */
  ownerId?: string;
  parent?: ExplorerNode;
}
