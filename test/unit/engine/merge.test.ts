// The three-way merge by example: each array identity (OAS paths by path and operations by
// method, operationIds, versions by name, load-balancing targets by URL, policies' access rights
// by API id, middleware lists by path and method), a plain array as one member, a conflict on an
// array member, resolutions, and the text edits that keep a .jsonc file's comments and order.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { merge } from '../../../engine/src/diff/merge';
import { applyValueToText } from '../../../engine/src/diff/textEdits';
import { covers, mergeFile } from '../../../engine/src/sync/mergeFile';

const clone = <T>(v: T): T => structuredClone(v);

describe('merge: arrays by identity', () => {
  it('OAS paths by path and operations by method: a new operation on the server and an edited one in the file merge', () => {
    const base = { paths: { '/pets': { get: { summary: 'List' } } } };
    const ours = { paths: { '/pets': { get: { summary: 'List all pets' } } } };
    const theirs = { paths: { '/pets': { get: { summary: 'List' }, post: { summary: 'Add' } }, '/users': { get: {} } } };
    const r = merge(base, ours, theirs);
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(r.value, { paths: { '/pets': { get: { summary: 'List all pets' }, post: { summary: 'Add' } }, '/users': { get: {} } } });
    assert.deepEqual(
      r.fromTheirs.map((c) => c.display),
      ['paths["/pets"].post', 'paths["/users"]'],
    );
    assert.deepEqual(
      r.fromOurs.map((c) => c.pointer),
      ['/paths/~1pets/get/summary'],
    );
  });

  it('members listed by operationId: matched by it wherever they stand', () => {
    const base = {
      ops: [
        { operationId: 'a', x: 1 },
        { operationId: 'b', x: 1 },
      ],
    };
    const ours = {
      ops: [
        { operationId: 'b', x: 2 },
        { operationId: 'a', x: 1 },
      ],
    }; // moved and changed b
    const theirs = {
      ops: [
        { operationId: 'a', x: 3 },
        { operationId: 'b', x: 1 },
        { operationId: 'c', x: 1 },
      ],
    };
    const r = merge(base, ours, theirs);
    assert.deepEqual(r.conflicts, []);
    // The file's order (it moved b); c goes after its predecessor on the server (b).
    assert.deepEqual(r.value, {
      ops: [
        { operationId: 'b', x: 2 },
        { operationId: 'c', x: 1 },
        { operationId: 'a', x: 3 },
      ],
    });
  });

  it('versions by name: a version added in the file, another removed on the server', () => {
    const base = {
      versioning: {
        versions: [
          { name: 'v1', id: '1' },
          { name: 'v2', id: '2' },
        ],
      },
    };
    const ours = {
      versioning: {
        versions: [
          { name: 'v1', id: '1' },
          { name: 'v2', id: '2' },
          { name: 'v3', id: '3' },
        ],
      },
    };
    const theirs = { versioning: { versions: [{ name: 'v2', id: '2' }] } };
    const r = merge(base, ours, theirs);
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(r.value, {
      versioning: {
        versions: [
          { name: 'v2', id: '2' },
          { name: 'v3', id: '3' },
        ],
      },
    });
  });

  it('load-balancing targets by URL, as objects (OAS) and as strings (classic)', () => {
    const base = {
      loadBalancing: {
        targets: [
          { url: 'http://a', weight: 1 },
          { url: 'http://b', weight: 1 },
        ],
      },
      proxy: { targets: ['http://a', 'http://b'] },
    };
    const ours = {
      loadBalancing: {
        targets: [
          { url: 'http://a', weight: 5 },
          { url: 'http://b', weight: 1 },
        ],
      },
      proxy: { targets: ['http://b'] },
    };
    const theirs = {
      loadBalancing: {
        targets: [
          { url: 'http://a', weight: 1 },
          { url: 'http://b', weight: 2 },
          { url: 'http://c', weight: 1 },
        ],
      },
      proxy: { targets: ['http://z', 'http://a', 'http://b'] },
    };
    const r = merge(base, ours, theirs);
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(r.value, {
      loadBalancing: {
        targets: [
          { url: 'http://a', weight: 5 },
          { url: 'http://b', weight: 2 },
          { url: 'http://c', weight: 1 },
        ],
      },
      proxy: { targets: ['http://z', 'http://b'] },
    });
  });

  it("policies' access rights by API id: the map member by member, access_rights_array by api_id", () => {
    const right = (api_id: string, versions: string[]) => ({ api_id, api_name: api_id, versions });
    const base = { access_rights: { a: right('a', ['v1']) }, access_rights_array: [right('a', ['v1'])] };
    const ours = { access_rights: { a: right('a', ['v1', 'v2']) }, access_rights_array: [right('a', ['v1', 'v2'])] };
    const theirs = { access_rights: { a: right('a', ['v1']), b: right('b', ['v1']) }, access_rights_array: [right('b', ['v1']), right('a', ['v1'])] };
    const r = merge(base, ours, theirs);
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(r.value, {
      access_rights: { a: right('a', ['v1', 'v2']), b: right('b', ['v1']) },
      access_rights_array: [right('b', ['v1']), right('a', ['v1', 'v2'])],
    });
  });

  it('middleware lists by path and method: the same path with another method is another member', () => {
    const entry = (path: string, method: string, extra = {}) => ({ path, method, ...extra });
    const base = { extended_paths: { hard_timeouts: [entry('/a', 'GET', { timeout: 1 })] } };
    const ours = { extended_paths: { hard_timeouts: [entry('/a', 'GET', { timeout: 5 }), entry('/a', 'POST', { timeout: 2 })] } };
    const theirs = { extended_paths: { hard_timeouts: [entry('/b', 'GET', { timeout: 3 }), entry('/a', 'GET', { timeout: 1 })] } };
    const r = merge(base, ours, theirs);
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(r.value, {
      extended_paths: { hard_timeouts: [entry('/b', 'GET', { timeout: 3 }), entry('/a', 'GET', { timeout: 5 }), entry('/a', 'POST', { timeout: 2 })] },
    });
  });

  it('an array without identity is one member: changed on both sides differently, the whole array conflicts', () => {
    const r = merge({ tags: ['a'] }, { tags: ['a', 'b'] }, { tags: ['c', 'a'] });
    assert.equal(r.conflicts.length, 1);
    assert.deepEqual(r.conflicts[0], { path: ['tags'], pointer: '/tags', display: 'tags', base: ['a'], ours: ['a', 'b'], theirs: ['c', 'a'] });
    assert.deepEqual(r.value, { tags: ['a', 'b'] }, 'unresolved: the file keeps its value');
  });

  it('targets whose URLs repeat have no usable identity: one member', () => {
    const r = merge({ targets: ['http://a', 'http://a'] }, { targets: ['http://a'] }, { targets: ['http://a', 'http://a', 'http://b'] });
    assert.deepEqual(
      r.conflicts.map((c) => c.pointer),
      ['/targets'],
    );
  });
});

describe('merge: conflicts', () => {
  const base = {
    upstream: {
      url: 'http://old',
      loadBalancing: {
        targets: [
          { url: 'http://a', weight: 1 },
          { url: 'http://b', weight: 1 },
        ],
      },
    },
  };
  const ours = clone(base);
  ours.upstream.loadBalancing.targets[1].weight = 7;
  ours.upstream.url = 'http://mine';
  const theirs = clone(base);
  theirs.upstream.loadBalancing.targets = [{ url: 'http://z', weight: 1 }, ...theirs.upstream.loadBalancing.targets];
  theirs.upstream.loadBalancing.targets[2].weight = 9;
  theirs.upstream.url = 'http://theirs';

  it('a conflict on an array member is reported at that member with the three values (index as in the file)', () => {
    const r = merge(base, ours, theirs);
    assert.deepEqual(
      r.conflicts.map((c) => [c.pointer, c.display, c.base, c.ours, c.theirs]),
      [
        ['/upstream/url', 'upstream.url', 'http://old', 'http://mine', 'http://theirs'],
        ['/upstream/loadBalancing/targets/1/weight', 'upstream.loadBalancing.targets["http://b"].weight', 1, 7, 9],
      ],
    );
    // The other changes merged anyway: the new target from the server is there.
    assert.deepEqual(
      (r.value as typeof base).upstream.loadBalancing.targets.map((t) => t.url),
      ['http://z', 'http://a', 'http://b'],
    );
  });

  it('resolutions: per path (the most specific pointer wins), else for all', () => {
    const text = JSON.stringify(ours, null, 2);
    const one = mergeFile({
      kind: 'oas',
      file: 'api.oas.json',
      text,
      local: ours,
      base,
      remote: theirs,
      resolutions: { all: 'theirs', paths: [{ pointer: '/upstream/loadBalancing', side: 'ours' }] },
    });
    assert.deepEqual(one.conflicts, []);
    assert.deepEqual(
      one.resolved.map((c) => [c.pointer, c.choice]),
      [
        ['/upstream/url', 'theirs'],
        ['/upstream/loadBalancing/targets/1/weight', 'ours'],
      ],
    );
    const value = JSON.parse(one.text);
    assert.equal(value.upstream.url, 'http://theirs');
    assert.equal(value.upstream.loadBalancing.targets[2].weight, 7);
    // Without a resolution for every conflict, the rest stays a conflict.
    const partial = mergeFile({
      kind: 'oas',
      file: 'api.oas.json',
      text,
      local: ours,
      base,
      remote: theirs,
      resolutions: { paths: [{ pointer: '/upstream/url', side: 'ours' }] },
    });
    assert.deepEqual(
      partial.conflicts.map((c) => c.pointer),
      ['/upstream/loadBalancing/targets/1/weight'],
    );
  });

  it('a pointer covers itself and what is under it, not a sibling with a longer name', () => {
    assert.ok(covers('/a/b', '/a/b'));
    assert.ok(covers('/a/b', '/a/b/c'));
    assert.ok(!covers('/a/b', '/a/bc'));
    assert.ok(covers('', '/anything'));
    assert.ok(covers('/a/', '/a/b'));
  });

  it('both sides moving members differently is a conflict on the array; the same move is not', () => {
    const b = { targets: ['http://a', 'http://b', 'http://c'] };
    assert.deepEqual(
      merge(b, { targets: ['http://c', 'http://a', 'http://b'] }, { targets: ['http://b', 'http://a', 'http://c'] }).conflicts.map((c) => c.pointer),
      ['/targets'],
    );
    const same = merge(b, { targets: ['http://c', 'http://a', 'http://b'] }, { targets: ['http://c', 'http://a', 'http://b', 'http://d'] });
    assert.deepEqual(same.conflicts, []);
    assert.deepEqual(same.value, { targets: ['http://c', 'http://a', 'http://b', 'http://d'] });
  });

  it('a member deleted on one side and changed on the other is a conflict', () => {
    const r = merge({ a: { x: 1 } }, {}, { a: { x: 2 } });
    assert.deepEqual(r.conflicts, [{ path: ['a'], pointer: '/a', display: 'a', base: { x: 1 }, theirs: { x: 2 } }]);
  });
});

describe('merge: the file keeps its shape', () => {
  it('a .jsonc file keeps its comments, member order and indentation; new members go at the end of their object', () => {
    const text = [
      '{',
      '    // the API people call',
      '    "name": "Pets",',
      '    "upstream": {',
      '        /* primary first */',
      '        "targets": ["http://a", "http://b"],',
      '        "url": "http://old"',
      '    },',
      '    "rate": 10 // per second',
      '}',
      '',
    ].join('\n');
    const local = { name: 'Pets', upstream: { targets: ['http://a', 'http://b'], url: 'http://old' }, rate: 10 };
    const base = { name: 'Pets', upstream: { targets: ['http://a'], url: 'http://old' }, rate: 10 };
    const remote = { name: 'Pets', upstream: { targets: ['http://a'], url: 'http://new' }, rate: 10, per: 60 };
    const r = mergeFile({ kind: 'oas', file: 'api.oas.json', text, local, base, remote });
    assert.deepEqual(r.conflicts, []);
    assert.equal(
      r.text,
      [
        '{',
        '    // the API people call',
        '    "name": "Pets",',
        '    "upstream": {',
        '        /* primary first */',
        '        "targets": ["http://a", "http://b"],',
        '        "url": "http://new"',
        '    },',
        // jsonc-parser inserts after the last member's value, before its line comment (docs/sync.md).
        '    "rate": 10,',
        '    "per": 60 // per second',
        '}',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      r.fromServer.map((c) => c.display),
      ['upstream.url', 'per'],
    );
    assert.deepEqual(
      r.fromFile.map((c) => c.display),
      ['upstream.targets'],
    );
  });

  it('array members are inserted and removed in place, the rest of the array untouched', () => {
    const text = '{\n  "targets": [\n    "http://a",\n    "http://b",\n    "http://c"\n  ]\n}\n';
    const out = applyValueToText(text, { targets: ['http://a', 'http://b', 'http://c'] }, { targets: ['http://z', 'http://a', 'http://c'] });
    assert.equal(out, '{\n  "targets": [\n    "http://z",\n    "http://a",\n    "http://c"\n  ]\n}\n');
  });

  it('volatile members (a policy’s last_updated) stay as the file has them', () => {
    const local = { rate: 1, per: 5, last_updated: '1' };
    const r = mergeFile({
      kind: 'policy',
      file: 'plan.policy.json',
      text: JSON.stringify(local),
      local,
      base: { rate: 1, per: 1, last_updated: '1' },
      remote: { rate: 2, per: 1, last_updated: '2' },
    });
    assert.deepEqual(r.value, { rate: 2, per: 5, last_updated: '1' });
  });

  it('secret placeholders on every side are equal: nothing to merge there', () => {
    const p = '<secret kept on the server>';
    const local = { hmac_string: p, rate: 1, per: 1 };
    const r = mergeFile({
      kind: 'key',
      file: 'key.key.json',
      text: JSON.stringify(local),
      local,
      base: { hmac_string: p, rate: 0, per: 1 },
      remote: { hmac_string: p, rate: 0, per: 2 },
    });
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(r.value, { hmac_string: p, rate: 1, per: 2 });
  });
});

describe('merge: members named like Object.prototype', () => {
  it('a member named __proto__, constructor or hasOwnProperty merges like any other, in the value and in the text', () => {
    const base = JSON.parse('{"a":1,"__proto__":{"x":1},"constructor":2,"hasOwnProperty":true}');
    const ours = JSON.parse('{"a":2,"__proto__":{"x":1},"constructor":2,"hasOwnProperty":true}');
    const theirs = JSON.parse('{"a":1,"__proto__":{"x":5},"constructor":3}');
    const r = merge(base, ours, theirs);
    assert.deepEqual(r.conflicts, []);
    assert.equal(Object.getPrototypeOf(r.value), Object.prototype);
    assert.deepEqual(JSON.parse(JSON.stringify(r.value)), JSON.parse('{"a":2,"__proto__":{"x":5},"constructor":3}'));
    const text = '{\n  "a": 2,\n  "__proto__": { "x": 1 },\n  "constructor": 2,\n  "hasOwnProperty": true\n}\n';
    const file = mergeFile({ kind: 'oas', file: 'api.oas.json', text, local: ours, base, remote: theirs });
    assert.deepEqual(JSON.parse(file.text), JSON.parse('{"a":2,"__proto__":{"x":5},"constructor":3}'));
  });
});

describe('merge: array members inserted at the same place, and arrays that stop being arrays', () => {
  const at = (targets: string[]) => ({ proxy: { targets } });
  const targetsOf = (value: unknown) => (value as { proxy: { targets: string[] } }).proxy.targets;

  it('new targets from both sides after the same member: one order whichever side is the file (by URL)', () => {
    const base = at(['http://a', 'http://m']);
    const mine = at(['http://a', 'http://x', 'http://m']);
    const theirs = at(['http://a', 'http://b', 'http://c', 'http://m']);
    const one = merge(base, mine, theirs);
    const other = merge(base, theirs, mine);
    assert.deepEqual(one.conflicts, []);
    assert.deepEqual(targetsOf(one.value), ['http://a', 'http://b', 'http://c', 'http://x', 'http://m']);
    assert.deepEqual(targetsOf(other.value), targetsOf(one.value));
    // Just the other way round: the file's run sorts first.
    const early = merge(base, at(['http://a', 'http://0', 'http://m']), theirs);
    assert.deepEqual(targetsOf(early.value), ['http://a', 'http://0', 'http://b', 'http://c', 'http://m']);
  });

  it('an array the server replaced by something else, or a base that was no array: a conflict, never a merge', () => {
    const mine = at(['http://a', 'http://x']);
    const replaced = merge(at(['http://a']), mine, { proxy: { targets: 'http://a' } });
    assert.deepEqual(
      replaced.conflicts.map((c) => c.pointer),
      ['/proxy/targets'],
    );
    const fromObject = merge({ proxy: { targets: { a: 1 } } }, mine, at(['http://a', 'http://b']));
    assert.deepEqual(
      fromObject.conflicts.map((c) => c.pointer),
      ['/proxy/targets'],
    );
    assert.deepEqual(targetsOf(fromObject.value), ['http://a', 'http://x'], 'the file keeps its value');
  });
});

describe('merge: removals inside members both sides changed', () => {
  it('a member removed on one side while the other edited a sibling is gone from the result (not left as undefined)', () => {
    const r = merge({ a: 1, b: 1, c: 1 }, { a: 2, b: 1, c: 1 }, { a: 1, c: 1 });
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(Object.keys(r.value as object), ['a', 'c']);
  });

  it('both sides move a target the same way and one also removes another: no conflict, the move and the removal kept', () => {
    const at = (targets: string[]) => ({ proxy: { targets } });
    const r = merge(
      at(['http://a', 'http://b', 'http://c', 'http://d']),
      at(['http://c', 'http://a', 'http://b']),
      at(['http://c', 'http://a', 'http://b', 'http://d']),
    );
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual((r.value as { proxy: { targets: string[] } }).proxy.targets, ['http://c', 'http://a', 'http://b']);
  });
});
