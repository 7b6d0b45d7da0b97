// The outline: a symbol per member, named the way a user thinks of it. OpenAPI operations
// appear as "GET /pets" with their operationId, array items by their `name`/`id`/`url`
// instead of an index, the gateway extension and version maps by the API's name. Capped so a
// 2 MB document still answers quickly.

import type { Node } from 'jsonc-parser';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { SvcDocument } from '../parser/document';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** Members whose value names an array item better than its index does. */
const ITEM_NAMES = ['name', 'id', 'operationId', 'url', 'domain', 'path', 'key', 'type_name', 'trigger'];

export interface SymbolOptions {
  /** At most this many symbols (VS Code's own JSON outline stops at 5,000). */
  limit?: number;
}

export function documentSymbols(doc: SvcDocument, kind: DocumentKind | undefined, options: SymbolOptions = {}): DocumentSymbol[] {
  if (!kind || doc.tooDeep) return [];
  const root = doc.tree();
  if (!root || (root.type !== 'object' && root.type !== 'array')) return [];
  let budget = options.limit ?? 5000;
  const range = (node: Node) => doc.range(node.offset, node.length);

  const visit = (container: Node, path: string[]): DocumentSymbol[] => {
    const out: DocumentSymbol[] = [];
    if (container.type === 'object') {
      for (const property of container.children ?? []) {
        if (budget <= 0) break;
        const [key, value] = property.children ?? [];
        if (!key || typeof key.value !== 'string') continue;
        budget--;
        const name = key.value;
        const symbol: DocumentSymbol = {
          name: name === '' ? '""' : name,
          kind: symbolKind(value, path, name),
          range: range(property),
          selectionRange: range(key),
        };
        const detail = value ? detailOf(value, path, name) : undefined;
        if (detail) symbol.detail = detail;
        if (isOperation(path, name)) symbol.name = `${name.toUpperCase()} ${path[path.length - 1]}`;
        if (value && (value.type === 'object' || value.type === 'array')) symbol.children = visit(value, [...path, name]);
        out.push(symbol);
      }
    } else if (container.type === 'array') {
      (container.children ?? []).forEach((item, index) => {
        if (budget <= 0) return;
        budget--;
        const label = itemName(item);
        const symbol: DocumentSymbol = {
          name: label ?? String(index),
          kind: symbolKind(item, path, String(index)),
          range: range(item),
          selectionRange: range(item),
        };
        if (item.type === 'object' || item.type === 'array') symbol.children = visit(item, [...path, String(index)]);
        out.push(symbol);
      });
    }
    return out;
  };
  return visit(root, []);
}

/** `paths./pets.get`, also inside a dashboard record's `oas`. */
function isOperation(path: string[], name: string): boolean {
  const n = path.length;
  return HTTP_METHODS.has(name) && n >= 2 && path[n - 2] === 'paths' && (n === 2 || (n === 3 && path[0] === 'oas'));
}

function member(node: Node | undefined, name: string): Node | undefined {
  if (node?.type !== 'object') return undefined;
  const property = node.children?.find((p) => p.children?.[0]?.value === name);
  return property?.children?.[1];
}

function stringMember(node: Node | undefined, name: string): string | undefined {
  const value = member(node, name);
  return value?.type === 'string' && typeof value.value === 'string' && value.value !== '' ? value.value : undefined;
}

function itemName(item: Node): string | undefined {
  if (item.type === 'string' && typeof item.value === 'string') return item.value;
  for (const name of ITEM_NAMES) {
    const value = stringMember(item, name);
    if (value) return value;
  }
  return undefined;
}

function detailOf(value: Node, path: string[], name: string): string | undefined {
  if (isOperation(path, name)) return stringMember(value, 'operationId') ?? stringMember(value, 'summary');
  if (name === 'x-svc-api-gateway') return stringMember(member(value, 'info'), 'name');
  if (name === 'api_definition' || (path.length === 0 && name === 'info')) return stringMember(value, 'name') ?? stringMember(value, 'title');
  if (value.type === 'string' || value.type === 'number' || value.type === 'boolean') {
    const text = String(value.value);
    return text.length > 40 ? text.slice(0, 39) + '…' : text;
  }
  return undefined;
}

function symbolKind(value: Node | undefined, path: string[], name: string): SymbolKind {
  if (isOperation(path, name)) return SymbolKind.Method;
  const parent = path[path.length - 1];
  if (parent === 'paths') return SymbolKind.Namespace;
  if (parent === 'operations' && path[path.length - 2] === 'middleware') return SymbolKind.Method;
  if (name === 'x-svc-api-gateway' || name === 'x-svc-streaming' || name === 'api_definition' || name === 'oas') return SymbolKind.Module;
  switch (value?.type) {
    case 'object':
      return SymbolKind.Module;
    case 'array':
      return SymbolKind.Array;
    case 'string':
      return SymbolKind.String;
    case 'number':
      return SymbolKind.Number;
    case 'boolean':
      return SymbolKind.Boolean;
    default:
      return SymbolKind.Null;
  }
}
