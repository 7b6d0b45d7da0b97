// Quick fixes for gateway rules with an obvious repair: a listen path without its leading `/`,
// and a `middleware.operations` key that names no operation (offer the operations not yet
// configured when no name is close enough for a single "did you mean").

import type { TextEdit } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { lastSegment, parentPointer, valueAtPointer } from '../parser/jsonPointer';
import { editDistance } from '../validation/suggest';
import { renameKeyEdit, replaceValueEdit } from './edits';

export interface GatewayFix {
  title: string;
  edit: TextEdit;
  preferred: boolean;
}

/** How many unconfigured operations an unknown key offers at most (closest first). */
export const MAX_OPERATION_CHOICES = 5;

/** `"orders/"` → `"/orders/"`. */
export function listenPathFix(doc: SvcDocument, pointer: string): GatewayFix | undefined {
  const value = valueAtPointer(doc.value, pointer);
  if (typeof value !== 'string' || value === '' || value.startsWith('/')) return undefined;
  const edit = replaceValueEdit(doc, pointer, '/' + value);
  return edit ? { title: `Add the leading \`/\` (\`/${value}\`)`, edit, preferred: true } : undefined;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Every operationId under `paths`, in document order. */
export function operationIdsOf(document: unknown): string[] {
  const ids: string[] = [];
  const paths = (document as { paths?: unknown } | undefined)?.paths;
  if (!isRecord(paths)) return ids;
  for (const item of Object.values(paths)) {
    if (!isRecord(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      const id = METHODS.has(method) ? (operation as { operationId?: unknown } | null)?.operationId : undefined;
      if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/**
 * An unknown `middleware.operations` key without a close name: one "Change to" per operation that has no
 * entry yet, closest spelling first (the validator's own suggestion covers the close case).
 */
export function operationChoices(doc: SvcDocument, pointer: string): GatewayFix[] {
  const name = lastSegment(pointer);
  const configured = valueAtPointer(doc.value, parentPointer(pointer));
  const taken = isRecord(configured) ? new Set(Object.keys(configured)) : new Set<string>();
  const free = operationIdsOf(doc.value).filter((id) => !taken.has(id));
  const ranked = free
    .map((id) => ({ id, distance: editDistance(name.toLowerCase(), id.toLowerCase()) }))
    // Array.prototype.sort is stable and `free` is in document order: ties keep document order.
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MAX_OPERATION_CHOICES);
  const fixes: GatewayFix[] = [];
  for (const { id } of ranked) {
    const edit = renameKeyEdit(doc, pointer, id);
    if (edit) fixes.push({ title: `Change \`${name}\` to the operation \`${id}\``, edit, preferred: false });
  }
  return fixes;
}
