import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { formatJsonPath, toJsonPointer, valueAt } from '../../../engine/src/diff/jsonPath';
import { diffDocuments, jsonEqual, threeWayDiff } from '../../../engine/src/diff/semanticDiff';

const api = {
  name: 'Petstore',
  api_id: 'pets',
  proxy: { listen_path: '/pets/', target_url: 'http://upstream', strip_listen_path: true },
  tags: ['a', 'b'],
  version_data: { not_versioned: true, versions: { Default: { name: 'Default' } } },
};

describe('semantic diff: documents compared as data', () => {
  it('ignores member order at every level and the text formatting', () => {
    const reordered = JSON.parse(`{"version_data":{"versions":{"Default":{"name":"Default"}},"not_versioned":true},
      "tags":["a","b"],   "proxy":{"strip_listen_path":true,"target_url":"http://upstream","listen_path":"/pets/"},
      "api_id":"pets","name":"Petstore"}`);
    assert.deepEqual(diffDocuments(api, reordered), []);
    assert.ok(jsonEqual(api, reordered));
  });

  it('keeps array order significant', () => {
    const changes = diffDocuments(api, { ...api, tags: ['b', 'a'] });
    assert.deepEqual(
      changes.map((c) => [c.display, c.oldValue, c.newValue]),
      [
        ['tags[0]', 'a', 'b'],
        ['tags[1]', 'b', 'a'],
      ],
    );
  });

  it('reports each changed, added and removed path with its old and new values', () => {
    const after = structuredClone(api) as Record<string, any>;
    after.proxy.target_url = 'http://other';
    after.proxy.preserve_host_header = true;
    delete after.proxy.strip_listen_path;
    after.tags.push('c');
    const changes = diffDocuments(api, after);
    assert.deepEqual(changes, [
      { path: ['proxy', 'preserve_host_header'], pointer: '/proxy/preserve_host_header', display: 'proxy.preserve_host_header', type: 'added', newValue: true },
      { path: ['proxy', 'strip_listen_path'], pointer: '/proxy/strip_listen_path', display: 'proxy.strip_listen_path', type: 'removed', oldValue: true },
      {
        path: ['proxy', 'target_url'],
        pointer: '/proxy/target_url',
        display: 'proxy.target_url',
        type: 'changed',
        oldValue: 'http://upstream',
        newValue: 'http://other',
      },
      { path: ['tags', 2], pointer: '/tags/2', display: 'tags[2]', type: 'added', newValue: 'c' },
    ]);
  });

  it('reports a value whose type changed as a whole, not member by member', () => {
    const changes = diffDocuments({ a: { x: 1 } }, { a: [1] });
    assert.deepEqual(
      changes.map((c) => [c.display, c.type, c.oldValue, c.newValue]),
      [['a', 'changed', { x: 1 }, [1]]],
    );
  });

  it('treats null as a value and a missing member as absent', () => {
    assert.deepEqual(
      diffDocuments({ a: null }, {}).map((c) => c.type),
      ['removed'],
    );
    assert.deepEqual(
      diffDocuments({}, { a: null }).map((c) => c.type),
      ['added'],
    );
    assert.deepEqual(diffDocuments({ a: 1 }, { a: 1, b: undefined }), []);
  });

  it('leaves ignored paths out', () => {
    const changes = diffDocuments({ last_updated: '1', rate: 1 }, { last_updated: '2', rate: 2 }, { ignore: (p) => p[0] === 'last_updated' });
    assert.deepEqual(
      changes.map((c) => c.display),
      ['rate'],
    );
  });

  it('writes paths people and machines can read', () => {
    assert.equal(formatJsonPath(['x-svc-api-gateway', 'info', 'name']), 'x-svc-api-gateway.info.name');
    assert.equal(formatJsonPath(['paths', '/pets/{id}', 'get', 'parameters', 0]), 'paths["/pets/{id}"].get.parameters[0]');
    assert.equal(formatJsonPath([]), '(document)');
    assert.equal(toJsonPointer(['paths', '/pets', 'a~b']), '/paths/~1pets/a~0b');
    assert.equal(valueAt({ a: [{ b: 2 }] }, ['a', 0, 'b']), 2);
    assert.equal(valueAt({ a: [1] }, ['a', 'length']), undefined);
  });
});

describe('semantic diff: three-way against the base', () => {
  const base = { name: 'Petstore', proxy: { listen_path: '/pets/', target_url: 'http://upstream' }, active: true, tags: ['a'] };

  it('classifies each path as local, remote or both', () => {
    const local = { ...base, name: 'Petstore v2', proxy: { ...base.proxy, listen_path: '/p/' }, tags: ['a'] };
    const remote = { ...base, active: false, proxy: { ...base.proxy, listen_path: '/q/' }, tags: ['a', 'b'] };
    const changes = threeWayDiff(base, local, remote);
    assert.deepEqual(
      changes.map((c) => [c.display, c.side, c.conflict, c.base, c.local, c.remote]),
      [
        ['active', 'remote', false, true, true, false],
        ['name', 'local', false, 'Petstore', 'Petstore v2', 'Petstore'],
        ['proxy.listen_path', 'both', true, '/pets/', '/p/', '/q/'],
        ['tags[1]', 'remote', false, undefined, undefined, 'b'],
      ],
    );
  });

  it('ignores member order on every side', () => {
    const local = JSON.parse('{"tags":["a"],"active":true,"proxy":{"target_url":"http://upstream","listen_path":"/pets/"},"name":"Petstore"}');
    assert.deepEqual(threeWayDiff(base, local, structuredClone(base)), []);
  });

  it('the same change on both sides is "both" without a conflict', () => {
    const same = { ...base, active: false };
    const [entry] = threeWayDiff(base, same, structuredClone(same));
    assert.equal(entry.side, 'both');
    assert.equal(entry.conflict, false);
  });

  it('a removed object against an edited member is one conflict at the outer path', () => {
    const local = { ...base, proxy: { ...base.proxy, target_url: 'http://mine' } };
    const { proxy: _gone, ...remote } = base;
    const changes = threeWayDiff(base, local, remote);
    assert.deepEqual(
      changes.map((c) => [c.display, c.side, c.conflict]),
      [['proxy', 'both', true]],
    );
    assert.deepEqual(changes[0].local, local.proxy);
    assert.equal('remote' in changes[0], false);
  });

  it('a resource deleted on the server is a remote change of the whole document', () => {
    const changes = threeWayDiff(base, structuredClone(base), undefined);
    assert.deepEqual(
      changes.map((c) => [c.display, c.side]),
      [['(document)', 'remote']],
    );
  });
});
