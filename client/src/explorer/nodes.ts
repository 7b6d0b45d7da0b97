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
  'openExampleByLocation',
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

/** The resource groups under each environment, in display order. */
export type GroupType = 'apis' | 'policies' | 'keys' | 'webhooks' | 'examples';
export const GROUPS: readonly GroupType[] = ['apis', 'policies', 'keys', 'webhooks', 'examples'];

/** What every node has. */
interface NodeBase {
  /** Unique and stable across refreshes, so VS Code keeps expansion state. */
  id: string;
  /** The name of the environment the node belongs to. */
  environment: string;
  label: string;
  description?: string;
  /** Markdown. */
  tooltip?: string;
  /** A codicon id. */
  icon: string;
  /** A theme colour id for the icon (e.g. inactive resources). */
  iconColor?: string;
  collapsible: 'none' | 'collapsed' | 'expanded';
}

/** Members only some node types have; the others declare them absent, so any node can be read for them. */
interface Specific {
  /** What selecting the node opens. */
  resource: ResourceRef;
  /** The kind of an API node, or of the APIs a kind group holds. */
  apiKind: ApiKind;
  /** An API's id; for OAuth clients, their API's. */
  apiId: string;
  /** For load-more, error and retry nodes: the node whose children they belong to. */
  ownerId: string;
}

/** The members of `Specific` a node type does not have, declared absent. */
type Absent<K extends keyof Specific> = { [F in K]?: undefined };

export interface EnvironmentNode extends NodeBase, Absent<keyof Specific> {
  type: 'environment' | 'sandboxEnvironment';
  parent?: undefined;
}
export interface ApisGroupNode extends NodeBase, Absent<keyof Specific> {
  type: 'apis';
  parent: EnvironmentNode;
}
export interface GroupNode extends NodeBase, Absent<keyof Specific> {
  type: Exclude<GroupType, 'apis'>;
  parent: EnvironmentNode;
}
export interface ApiKindNode extends NodeBase, Pick<Specific, 'apiKind'>, Absent<'resource' | 'apiId' | 'ownerId'> {
  type: 'apiKind';
  parent: ApisGroupNode;
}
export interface ApiNode extends NodeBase, Pick<Specific, 'resource' | 'apiKind' | 'apiId'>, Absent<'ownerId'> {
  type: 'api';
  parent: ApiKindNode;
}
export interface OAuthClientNode extends NodeBase, Pick<Specific, 'resource' | 'apiId'>, Absent<'apiKind' | 'ownerId'> {
  type: 'oauthClient';
  parent: ApiNode;
}
export interface ResourceNode extends NodeBase, Pick<Specific, 'resource'>, Absent<'apiKind' | 'apiId' | 'ownerId'> {
  type: 'policy' | 'key' | 'webhook' | 'example';
  parent: GroupNode;
}
export interface OpenKeyByIdNode extends NodeBase, Absent<keyof Specific> {
  type: 'openKeyById' | 'openExampleByLocation';
  parent: GroupNode;
}
export interface LoadMoreNode extends NodeBase, Pick<Specific, 'ownerId'>, Absent<'resource' | 'apiKind' | 'apiId'> {
  type: 'loadMore';
  parent: ExplorerNode;
}
export interface ErrorNode extends NodeBase, Pick<Specific, 'ownerId'>, Absent<'resource' | 'apiKind' | 'apiId'> {
  type: 'error';
  parent: ExplorerNode;
}
export interface RetryNode extends NodeBase, Pick<Specific, 'ownerId'>, Absent<'resource' | 'apiKind' | 'apiId'> {
  type: 'retry';
  parent: ErrorNode;
}
export interface MessageNode extends NodeBase, Absent<keyof Specific> {
  type: 'message';
  parent: ExplorerNode;
}

/** A node of the tree, keyed on `type`: each type carries exactly the members it needs. */
export type ExplorerNode =
  | EnvironmentNode
  | ApisGroupNode
  | GroupNode
  | ApiKindNode
  | ApiNode
  | OAuthClientNode
  | ResourceNode
  | OpenKeyByIdNode
  | LoadMoreNode
  | ErrorNode
  | RetryNode
  | MessageNode;
