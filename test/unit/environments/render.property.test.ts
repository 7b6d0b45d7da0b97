// Rendering an overlay (JSON Merge Patch) and splitting a pulled document back into base and
// overlay: properties over random JSON documents, and the boundaries by example.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { applyMergePatch, createMergePatch, deepEqual } from '../../../engine/src/environments/mergePatch';
import { affectedEnvironments, overlayPathOf, render, unrender } from '../../../engine/src/environments/render';
import { identityOf, withIdentity } from '../../../engine/src/environments/identity';
import '../properties/arbitraries';

/** JSON without nulls (a merge patch cannot set null: RFC 7386's documented limit). */
const noNull = fc
  .jsonValue({ maxDepth: 3 })
  .map((v) => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (x === null ? 0 : x))) as unknown)
  .filter((v) => !JSON.stringify(v).includes('__proto__'));
/** Plain objects (fast-check's dictionaries have no prototype; parsed JSON has). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const doc = fc
  .dictionary(
    fc.constantFrom('a', 'b', 'c', 'd', 'upstream', 'rate'),
    fc.oneof(noNull, fc.dictionary(fc.constantFrom('a', 'b', 'x'), noNull, { maxKeys: 3 })),
    {
      maxKeys: 5,
    },
  )
  .map(plain);
/** A merge patch over the same member names (nulls: removals). */
const patch = fc
  .dictionary(
    fc.constantFrom('a', 'b', 'c', 'd', 'upstream', 'rate'),
    fc.oneof(fc.constant(null), noNull, fc.dictionary(fc.constantFrom('a', 'b', 'x'), fc.oneof(fc.constant(null), noNull), { maxKeys: 3 })),
    { maxKeys: 4 },
  )
  .map(plain);

describe('render: properties', () => {
  test('an empty overlay (or none) renders the base', () => {
    fc.assert(
      fc.property(doc, (base) => {
        assert.deepEqual(render({ kind: 'policy', base, overlay: {} }), base);
        assert.deepEqual(render({ kind: 'policy', base }), base);
      }),
    );
  });

  test('createMergePatch is the inverse of applyMergePatch', () => {
    fc.assert(fc.property(doc, doc, (from, to) => assert.deepEqual(applyMergePatch(from, createMergePatch(from, to) ?? {}), to)));
  });

  test('un-rendering a pulled document, then rendering it, gives the pulled document (both routings)', () => {
    fc.assert(
      fc.property(doc, patch, doc, fc.boolean(), (base, overlay, remote, lockBase) => {
        const split = unrender({ kind: 'policy', base, overlay, remote, into: lockBase ? 'overlay' : undefined });
        assert.deepEqual(render({ kind: 'policy', base: split.base, overlay: split.overlay }), remote);
        if (lockBase) assert.deepEqual(split.base, base, '--into overlay leaves the base as it is');
      }),
    );
  });

  test('members named like Object.prototype members (valueOf, constructor, __proto__) route and render as any other', () => {
    // fast-check's counterexample: a base member `c` holding `valueOf`, an empty overlay, the server's `c` without it.
    const cases: Array<[unknown, unknown, unknown]> = [
      [{ c: { valueOf: '' } }, {}, { c: {} }],
      [JSON.parse('{"__proto__": {"a": 1}}'), {}, JSON.parse('{"__proto__": {"a": 2}, "constructor": 3}')],
    ];
    for (const [base, overlay, remote] of cases) {
      for (const into of [undefined, 'overlay'] as const) {
        const split = unrender({ kind: 'policy', base, overlay, remote, into });
        assert.deepEqual(render({ kind: 'policy', base: split.base, overlay: split.overlay }), remote);
      }
    }
  });

  test('pulling what renders already changes neither file', () => {
    fc.assert(
      fc.property(doc, patch, (base, overlay) => {
        const remote = render({ kind: 'policy', base, overlay });
        const split = unrender({ kind: 'policy', base, overlay, remote });
        assert.equal(split.baseChanged, false);
        assert.deepEqual(render({ kind: 'policy', base: split.base, overlay: split.overlay }), remote);
      }),
    );
  });

  test('a change to a member the overlay does not set goes to the base; the overlay stays as it was', () => {
    fc.assert(
      fc.property(doc, patch, noNull, (base, overlay, value) => {
        fc.pre(!('c' in overlay));
        const remote = { ...(render({ kind: 'policy', base, overlay }) as object), c: value };
        const split = unrender({ kind: 'policy', base, overlay, remote });
        assert.deepEqual((split.base as Record<string, unknown>).c, value);
        assert.deepEqual(render({ kind: 'policy', base: split.base, overlay: split.overlay }), remote);
      }),
    );
  });
});

describe('render: by example', () => {
  const base = { name: 'Payments', upstream: { url: 'http://dev.internal', timeout: 5 }, rate: 100 };
  const overlay = { upstream: { url: 'https://prod.internal' }, rate: null };

  test('the overlay changes one member, removes another, keeps the rest', () => {
    assert.deepEqual(render({ kind: 'policy', base, overlay }), { name: 'Payments', upstream: { url: 'https://prod.internal', timeout: 5 } });
    assert.equal(overlayPathOf('production', 'svc/payments.oas.json'), 'environments/production/svc/payments.oas.json');
  });

  test('a pulled change of a member the overlay sets goes to the overlay; the base does not move', () => {
    const remote = { name: 'Payments', upstream: { url: 'https://prod2.internal', timeout: 5 } };
    const split = unrender({ kind: 'policy', base, overlay, remote });
    assert.deepEqual(split.base, base);
    assert.equal(split.baseChanged, false);
    assert.deepEqual(split.overlay, { upstream: { url: 'https://prod2.internal' }, rate: null });
  });

  test('a pulled change of a member only the base sets goes to the base, and says which environments it alters', () => {
    const remote = { name: 'Payments', upstream: { url: 'https://prod.internal', timeout: 9 } };
    const split = unrender({ kind: 'policy', base, overlay, remote });
    assert.equal(split.baseChanged, true);
    assert.deepEqual(split.base, { ...base, upstream: { url: 'http://dev.internal', timeout: 9 } });
    const overlays = new Map<string, unknown>([
      ['production', overlay],
      ['development', undefined],
      ['staging', { upstream: { timeout: 3 } }],
    ]);
    assert.deepEqual(affectedEnvironments('policy', base, split.base, overlays, 'production'), ['development']);
    // --into overlay: the base stays, the overlay takes it.
    const kept = unrender({ kind: 'policy', base, overlay, remote, into: 'overlay' });
    assert.deepEqual(kept.base, base);
    assert.deepEqual(kept.overlay, { upstream: { url: 'https://prod.internal', timeout: 9 }, rate: null });
  });

  test('a member removed on the server that the overlay sets becomes null in the overlay; one it does not set leaves the base', () => {
    const remote = { name: 'Payments', rate: 100 };
    const split = unrender({ kind: 'policy', base, overlay, remote });
    assert.deepEqual(render({ kind: 'policy', base: split.base, overlay: split.overlay }), remote);
    assert.deepEqual((split.overlay as any).upstream, null);
  });

  test("an environment's ids go into the rendering and never into base or overlay", () => {
    const oas = { openapi: '3.0.3', 'x-svc-api-gateway': { info: { id: 'dev-id', dbId: 'dev-db', name: 'p' } } };
    const prodIds = { '/x-svc-api-gateway/info/id': 'prod-id', '/x-svc-api-gateway/info/dbId': 'prod-db' };
    const rendered = render({ kind: 'oas', base: oas, identity: prodIds });
    assert.deepEqual(identityOf('oas', rendered), prodIds);
    const remote = withIdentity('oas', { ...(rendered as object), info: { title: 'new' } }, prodIds);
    const split = unrender({ kind: 'oas', base: oas, remote, identity: prodIds });
    assert.deepEqual(identityOf('oas', split.base), identityOf('oas', oas), 'the base keeps its own ids');
    assert.equal(split.overlay, undefined);
    assert.deepEqual(split.identity, prodIds);
    assert.ok(deepEqual((split.base as any).info, { title: 'new' }));
  });

  test('a patch cannot express null: the documented limit', () => {
    assert.deepEqual(applyMergePatch({ a: 1 }, { a: null }), {});
    assert.deepEqual(createMergePatch({ a: 1 }, { a: 1 }), undefined);
    assert.deepEqual(createMergePatch({ a: 1 }, { a: 2, b: { c: null, d: 1 } }), { a: 2, b: { d: 1 } });
  });
});
