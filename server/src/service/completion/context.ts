// Where is the cursor, in JSON terms? A member name being typed (inside quotes, bare, or in
// an empty slot of an object), or a value (inside a string, after `:`, in an array). Works on
// jsonc-parser's tolerant tree so half-typed documents still give an answer.

import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import type { JsonPath } from '../schema/schemaTypes';

export interface TextSpan {
  offset: number;
  length: number;
}

export interface PropertyContext {
  type: 'property';
  /** Path of the object whose member name is being completed. */
  objectPath: JsonPath;
  /** Member names already present (the one being typed excluded). */
  existing: Set<string>;
  /** Text the completion replaces (the key with its quotes, or the bare word typed so far). */
  replace: TextSpan;
  /** The key already has a `:` (and maybe a value): complete the name only. */
  keyOnly: boolean;
  /** Another member follows without a comma: the inserted member needs one. */
  addComma: boolean;
}

export interface ValueContext {
  type: 'value';
  /** Path of the value being completed (for an array slot, the new item's index). */
  path: JsonPath;
  replace: TextSpan;
}

export type CompletionContext = PropertyContext | ValueContext;

const WORD = /[A-Za-z0-9_\-$.@/]/;

/** The bare word around `offset` (what a user typed without quotes). */
export function wordAt(text: string, offset: number): TextSpan {
  let start = offset;
  while (start > 0 && WORD.test(text.charAt(start - 1))) start--;
  let end = offset;
  while (end < text.length && WORD.test(text.charAt(end))) end++;
  return { offset: start, length: end - start };
}

function nextSignificant(text: string, from: number): string {
  for (let i = from; i < text.length; i++) {
    const c = text.charAt(i);
    if (!/\s/.test(c)) return c;
  }
  return '';
}

function keysOf(object: Node, except?: Node): Set<string> {
  const keys = new Set<string>();
  for (const property of object.children ?? []) {
    const key = property.children?.[0];
    if (key && key !== except && typeof key.value === 'string') keys.add(key.value);
  }
  return keys;
}

function propertyContext(text: string, object: Node, replace: TextSpan, keyNode: Node | undefined, keyOnly: boolean): PropertyContext {
  const after = nextSignificant(text, replace.offset + replace.length);
  return {
    type: 'property',
    objectPath: getNodePath(object),
    existing: keysOf(object, keyNode),
    replace,
    keyOnly,
    addComma: !keyOnly && (after === '"' || after === '{'),
  };
}

function spanOf(node: Node): TextSpan {
  return { offset: node.offset, length: node.length };
}

/** The completion context at `offset`, or undefined where nothing sensible can be offered. */
export function completionContext(text: string, root: Node | undefined, offset: number): CompletionContext | undefined {
  if (!root) return undefined;
  // Outside the root value (before `{` or after `}`): nothing of ours to complete.
  if (offset <= root.offset || offset > root.offset + root.length) {
    return offset === root.offset && root.type !== 'object' && root.type !== 'array' ? { type: 'value', path: [], replace: spanOf(root) } : undefined;
  }
  const node = findNodeAtOffset(root, offset, true);
  if (!node) return undefined;
  const parent = node.parent;

  if (node.type === 'object' || node.type === 'array') {
    // Right on a closing bracket of a nested container: we are after it, in its parent.
    const insideBrackets = offset > node.offset && offset < node.offset + node.length;
    if (!insideBrackets) return undefined;
    const word = wordAt(text, offset);
    if (node.type === 'array') {
      const index = (node.children ?? []).filter((c) => c.offset + c.length <= word.offset).length;
      return { type: 'value', path: [...getNodePath(node), index], replace: word };
    }
    return propertyContext(text, node, word, undefined, false);
  }

  if (node.type === 'property') {
    const key = node.children?.[0];
    if (node.colonOffset !== undefined && offset > node.colonOffset && key) {
      return { type: 'value', path: [...getNodePath(node.parent!), key.value as string], replace: wordAt(text, offset) };
    }
    return propertyContext(text, node.parent!, key ? spanOf(key) : wordAt(text, offset), key, node.colonOffset !== undefined);
  }

  // A scalar: a key, a member's value, an array item or the root value.
  if (parent?.type === 'property' && parent.children?.[0] === node) {
    // Before the opening quote of an existing key: a new member goes in front of it.
    if (offset === node.offset) return propertyContext(text, parent.parent!, { offset, length: 0 }, undefined, false);
    // After the closing quote of a complete key, the user is past the name.
    if (node.type === 'string' && offset === node.offset + node.length && text.charAt(offset - 1) === '"' && node.length > 1) {
      return undefined;
    }
    return propertyContext(text, parent.parent!, spanOf(node), node, parent.colonOffset !== undefined);
  }
  if (node.type === 'string' && offset === node.offset + node.length && text.charAt(offset - 1) === '"' && node.length > 1) {
    return undefined; // after a complete string value
  }
  return { type: 'value', path: getNodePath(node), replace: spanOf(node) };
}
