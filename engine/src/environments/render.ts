// Rendering: the document environment E gets is the definition `P` with its overlay
// `environments/E/P` applied (JSON Merge Patch, RFC 7386) and E's own ids put in.
// Un-rendering is the way back for a pull: the server's (rendered) document is split into a new
// base and a new overlay so that rendering them gives exactly that document. A member the overlay
// sets stays in the overlay; anything else goes to the base, unless the caller keeps the base as
// it is (`--into overlay`), and then it goes to the overlay too. Pure: no I/O.
import type { SyncKind } from '../sync/syncKinds';
import { GENERATED_ID_MEMBERS, identityOf, withIdentity, type Identity } from './identity';
import { applyMergePatch, clone, createMergePatch, deepEqual, isPlainObject, own, setOwn, type JsonObject } from './mergePatch';

/** The overlay of definition `file` (relative to the root, `/` separators) for `environment`. */
export function overlayPathOf(environment: string, file: string): string {
  return `environments/${environment}/${file}`;
}

export interface RenderInput {
  kind: SyncKind;
  base: unknown;
  /** Undefined when the environment has no overlay for this file. */
  overlay?: unknown;
  /** The environment's ids for this resource (its deploy record), when it has one. */
  identity?: Identity;
  /**
   * The environment has no such resource yet: the ids the server generates on create are left
   * out of the base (an overlay may still set them), so the environment gets ids of its own.
   */
  newResource?: boolean;
}

/** What is sent to the environment: base ⊕ overlay, with the environment's ids. */
export function render({ kind, base, overlay, identity, newResource }: RenderInput): unknown {
  const from = newResource ? withIdentity(kind, base, {}, GENERATED_ID_MEMBERS[kind]) : base;
  const merged = overlay === undefined ? clone(from) : applyMergePatch(from, overlay);
  return identity && Object.keys(identity).length ? withIdentity(kind, merged, identity) : merged;
}

export interface UnrenderInput extends RenderInput {
  /** The server's document for this environment (as a pulled file holds it). */
  remote: unknown;
  /** `overlay`: leave the base as it is; every change goes to the overlay. Default: the overlay keeps what it sets, the base takes the rest. */
  into?: 'base' | 'overlay';
  /**
   * Top-level members the server maintains by itself (canonicalJson's VOLATILE_MEMBERS, e.g. a
   * policy's `last_updated`): never written to base or overlay once the definition exists.
   */
  volatile?: readonly string[];
}

export interface UnrenderResult {
  base: unknown;
  /** Undefined when no overlay is needed (and none was there). */
  overlay: unknown;
  baseChanged: boolean;
  overlayChanged: boolean;
  /** The environment's ids as the server has them (for the deploy record). */
  identity: Identity;
}

export function unrender({ kind, base, overlay, remote, into, volatile = [] }: UnrenderInput): UnrenderResult {
  const serverIds = identityOf(kind, remote);
  // The ids as the files have them: the environment's own ids stay in its deploy record. A
  // definition pulled for the first time takes the server's ids (its home environment's).
  const filesIds = identityOf(kind, render({ kind, base, overlay }));
  let target = base === undefined ? remote : withIdentity(kind, remote, filesIds);
  if (base !== undefined && volatile.length && isPlainObject(target)) {
    const files = render({ kind, base, overlay });
    const kept: JsonObject = { ...target };
    for (const name of volatile) {
      if (isPlainObject(files) && Object.hasOwn(files, name)) kept[name] = files[name];
      else delete kept[name];
    }
    target = kept;
  }
  const routed = route(base, overlay, target, into === 'overlay');
  const newOverlay = overlay === undefined && isEmptyPatch(routed.overlay) ? undefined : (routed.overlay ?? {});
  return {
    base: routed.base,
    overlay: newOverlay,
    baseChanged: !deepEqual(base, routed.base),
    overlayChanged: !deepEqual(overlay, newOverlay),
    identity: serverIds,
  };
}

const isEmptyPatch = (patch: unknown) => patch === undefined || (isPlainObject(patch) && Object.keys(patch).length === 0);

/** The overlay value for a member the overlay sets: whatever turns `base` into `remote`. */
function patchFor(base: unknown, remote: unknown): unknown {
  if (!isPlainObject(remote)) return clone(remote);
  return isPlainObject(base) ? (createMergePatch(base, remote) ?? {}) : applyMergePatch({}, remote);
}

/** One member: `base` and `overlay` as the files have them, `remote` as it should render. Undefined means "absent". */
function route(base: unknown, overlay: unknown, remote: unknown, baseLocked: boolean): { base: unknown; overlay: unknown } {
  if (overlay === undefined) {
    if (!baseLocked || deepEqual(base, remote)) return { base: clone(remote), overlay: undefined };
    return { base, overlay: remote === undefined ? null : patchFor(base, remote) };
  }
  // The overlay sets this member (a value, or null: removed in this environment).
  if (!isPlainObject(overlay) || !isPlainObject(remote) || !isPlainObject(base)) {
    if (remote === undefined) return { base, overlay: base === undefined ? undefined : null };
    return { base, overlay: patchFor(base, remote) };
  }
  // An object patch over an object base: member by member.
  const newBase: JsonObject = {};
  for (const [name, value] of Object.entries(base)) setOwn(newBase, name, value);
  const newOverlay: JsonObject = {};
  for (const name of new Set([...Object.keys(base), ...Object.keys(overlay), ...Object.keys(remote)])) {
    const inner = route(own(base, name), own(overlay, name), own(remote, name), baseLocked);
    if (inner.base === undefined) delete newBase[name];
    else setOwn(newBase, name, inner.base);
    // An empty patch over an object changes nothing: leave it out.
    if (inner.overlay !== undefined && !(isPlainObject(inner.overlay) && Object.keys(inner.overlay).length === 0 && isPlainObject(inner.base))) {
      setOwn(newOverlay, name, inner.overlay);
    }
  }
  return { base: newBase, overlay: newOverlay };
}

/** The environments (other than `environment`) whose rendering of this file a base change alters. */
export function affectedEnvironments(
  kind: SyncKind,
  oldBase: unknown,
  newBase: unknown,
  overlays: ReadonlyMap<string, unknown>,
  environment: string,
): string[] {
  const affected: string[] = [];
  for (const [name, overlay] of overlays) {
    if (name === environment) continue;
    if (!deepEqual(render({ kind, base: oldBase, overlay }), render({ kind, base: newBase, overlay }))) affected.push(name);
  }
  return affected;
}

/**
 * True when the overlay sets the member at `pointer` (RFC 6901) or one of its parents as a whole
 * (a value that is not an object patch): a change there is this environment's own, in the overlay.
 */
export function overlaySets(overlay: unknown, pointer: string): boolean {
  let node = overlay;
  for (const raw of pointer.split('/').slice(1)) {
    if (!isPlainObject(node)) return node !== undefined;
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!Object.hasOwn(node, part)) return false;
    node = node[part];
  }
  return node !== undefined;
}
