// Property: the hand-made join of plain `$ref`s (validation/src/schemas/refUri.ts) gives exactly
// what `new URL(ref, base).href` gives, and declines (undefined) whatever is not plain.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { joinPlainRef } from '../../../validation/src/schemas/refUri';
import './arbitraries'; // the seed Stryker sets

const char = (set: string) => fc.constantFrom(...set.split(''));
const segment = fc.string({ unit: char('abAB09._~-'), minLength: 1, maxLength: 8 });
const host = fc.array(fc.string({ unit: char('ab09-'), minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }).map((p) => p.join('.'));
const base = fc
  .tuple(fc.constantFrom('http', 'https', 'HTTPS', 'ftp'), host, fc.array(segment, { maxLength: 4 }), fc.boolean())
  .map(([scheme, h, path, slash]) => `${scheme}://${h}${path.map((s) => '/' + s).join('')}${slash ? '/' : ''}`);
const fragment = fc.string({ unit: char('abAB09._~/-# %'), maxLength: 12 });
const ref = fc.oneof(
  fragment.map((f) => '#' + f),
  fc.tuple(segment, fc.option(fragment)).map(([file, f]) => (f === null ? file : `${file}#${f}`)),
  fc.constantFrom('', '.', '..', '../x.json', './x.json', '/abs.json', 'https://other.example/x.json', 'x.json?q=1', 'a b.json'),
);

test('property: joinPlainRef agrees with new URL(ref, base).href whenever it answers', () => {
  fc.assert(
    fc.property(ref, base, (r, b) => {
      const joined = joinPlainRef(r, b);
      if (joined !== undefined) assert.equal(joined, new URL(r, b).href, `${r} on ${b}`);
    }),
    { numRuns: 2000 },
  );
});

test('joinPlainRef answers for the shapes our schemas use and declines the rest', () => {
  const id = 'https://svc-gateway-tools.github.io/schemas/oas-api.schema.json';
  assert.equal(joinPlainRef('#/definitions/x', id), `${id}#/definitions/x`);
  assert.equal(
    joinPlainRef('common.schema.json#/definitions/mapOrNull', id),
    'https://svc-gateway-tools.github.io/schemas/common.schema.json#/definitions/mapOrNull',
  );
  assert.equal(joinPlainRef('', id), id);
  for (const declined of ['../x.json', './x.json', '.', '/abs.json', 'https://other.example/x.json', '#/a b', '#/a%20b', 'x.json?q=1']) {
    assert.equal(joinPlainRef(declined, id), undefined, declined);
  }
  // A base with no path, an upper-case host, a port or dot segments: left to URL.
  for (const b of ['https://host', 'https://Host.example/a.json', 'https://host:8443/a.json', 'https://host/./a.json', 'https://host/a.json#x']) {
    assert.equal(joinPlainRef('x.json', b), undefined, b);
  }
});
