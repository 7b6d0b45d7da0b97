// The VS Code side of the tree: turns model nodes into TreeItems and fires changes.
// All loading happens in the model's async getChildren, so nothing blocks the UI thread.
import * as vscode from 'vscode';
import type { ExplorerModel } from './explorerModel';
import { contextValueOfNode, type ExplorerNode } from './nodes';

const COLLAPSIBLE = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
} as const;

export class ExplorerTreeProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /**
   * The latest object handed to VS Code for each node id: VS Code matches refresh events by
   * object identity, and a node's `parent` may be an older object after a reload.
   */
  private readonly latest = new Map<string, ExplorerNode>();

  constructor(readonly model: ExplorerModel) {}

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    const item = new vscode.TreeItem(node.label, COLLAPSIBLE[node.collapsible]);
    item.id = node.id;
    item.description = node.description;
    item.contextValue = contextValueOfNode(node);
    item.iconPath = new vscode.ThemeIcon(node.icon, node.iconColor ? new vscode.ThemeColor(node.iconColor) : undefined);
    if (node.tooltip) item.tooltip = new vscode.MarkdownString(node.tooltip);
    item.command = commandOf(node);
    return item;
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    const children = await this.model.children(node ? (this.latest.get(node.id) ?? node) : undefined);
    for (const child of children) this.latest.set(child.id, child);
    return children;
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent && (this.latest.get(node.parent.id) ?? node.parent);
  }

  /** The node VS Code currently shows for this id. */
  nodeById(id: string): ExplorerNode | undefined {
    return this.latest.get(id);
  }

  /** Reloads `node`'s children from the server (everything when undefined). */
  refresh(node?: ExplorerNode): void {
    this.model.invalidate(node);
    this.redraw(node);
  }

  /** Redraws without reloading (filter changes, a page appended). */
  redraw(node?: ExplorerNode): void {
    if (!node) this.latest.clear();
    this.changed.fire(node ? (this.latest.get(node.id) ?? node) : undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function commandOf(node: ExplorerNode): vscode.Command | undefined {
  switch (node.type) {
    case 'loadMore':
      return { command: 'svc.explorer.loadMore', title: 'Load More', arguments: [node] };
    case 'retry':
      return { command: 'svc.explorer.retry', title: 'Retry', arguments: [node] };
    case 'openKeyById':
      return { command: 'svc.openKeyById', title: 'Open Key by ID…', arguments: [node] };
    case 'openExampleByLocation':
      return { command: 'svc.examples.openByLocation', title: 'Open Example by Location…', arguments: [node] };
    default:
      return node.resource ? { command: 'svc.explorer.open', title: 'Open', arguments: [node] } : undefined;
  }
}
