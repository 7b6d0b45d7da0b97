// JSON Merge Patch (RFC 7386), shared by the engine and the language server: how an overlay
// `environments/E/P` changes the definition `P` for environment E. `applyMergePatch` is the RFC's algorithm; `createMergePatch` is its inverse
// (the smallest patch that turns one document into another). Pure: no I/O, inputs never mutated.
//
// The RFC's one blind spot, kept on purpose: a patch cannot set a member to `null` (null means
// "remove"). A document whose value is `null` somewhere renders without that member.

export type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A member of `object` only when it is the object's own: a document may name a member `valueOf`,
 * `constructor` or `__proto__`, which plain indexing would read from (or write to) the prototype.
 */
export function own(object: JsonObject, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

/** Sets an own member, whatever its name (plain assignment of `__proto__` would change the prototype). */
export function setOwn(object: JsonObject, name: string, value: unknown): void {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

/** RFC 7386 §2: MergePatch(Target, Patch). */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return clone(patch);
  const result: JsonObject = {};
  if (isPlainObject(target)) for (const [name, value] of Object.entries(target)) setOwn(result, name, value);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else setOwn(result, name, applyMergePatch(own(result, name), value));
  }
  return result;
}

/**
 * The merge patch that turns `from` into `to`: members that differ, recursively for objects,
 * `null` for members `to` lacks. Undefined when the two are equal (nothing to patch).
 */
export function createMergePatch(from: unknown, to: unknown): unknown {
  if (!isPlainObject(from) || !isPlainObject(to)) return deepEqual(from, to) ? undefined : patchValue(to);
  const patch: JsonObject = {};
  for (const name of Object.keys(from)) if (!Object.hasOwn(to, name)) setOwn(patch, name, null);
  for (const [name, value] of Object.entries(to)) {
    if (!Object.hasOwn(from, name)) setOwn(patch, name, patchValue(value));
    else {
      const inner = createMergePatch(from[name], value);
      if (inner !== undefined) setOwn(patch, name, inner);
    }
  }
  return Object.keys(patch).length ? patch : undefined;
}

/** A value as a patch sets it: nulls inside objects cannot be expressed, so they are left out. */
function patchValue(value: unknown): unknown {
  return isPlainObject(value) ? applyMergePatch({}, value) : clone(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

export const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
