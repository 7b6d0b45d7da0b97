// Whole numbers written `1.0` or `1e3` are noted with their path; everything else is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noteNumberLiterals, numberLiteralsIn, textHoldsNoKvReference } from '../../../validation/src/numberLiterals';

const noted = (text: string) => {
  const value: unknown = JSON.parse(text);
  noteNumberLiterals(text, value);
  return numberLiteralsIn(value).map((l) => [l.path.join('/'), l.text]);
};

test('whole numbers with a fraction of zeros or an exponent are noted, with their path', () => {
  assert.deepEqual(noted('{"a": 1718439136.0, "b": {"c": [1, 2.00, 3]}, "d": 1.7e9, "e": 1E+3}'), [
    ['a', '1718439136.0'],
    ['b/c/1', '2.00'],
    ['d', '1.7e9'],
    ['e', '1E+3'],
  ]);
});

test('fractions, plain integers and numbers inside strings are not noted', () => {
  assert.deepEqual(noted('{"a": 1.5, "b": 10, "c": "1.0", "d": "v1.0]", "e": 1.5e-3, "f": -0.5}'), []);
});

test('a member named twice keeps what JSON.parse keeps (the last)', () => {
  assert.deepEqual(noted('{"a": 1.0, "a": 2}'), []);
  assert.deepEqual(noted('{"a": 2, "a": 1.0}'), [['a', '1.0']]);
});

test('a part of the value knows the literals below it, relative to itself', () => {
  const text = '{"api_definition": {"listen_port": 8080.0}}';
  const value = JSON.parse(text) as { api_definition: object };
  noteNumberLiterals(text, value);
  assert.deepEqual(
    numberLiteralsIn(value.api_definition).map((l) => l.path),
    [['listen_port']],
  );
});

test('a text without key-value references is noted as such', () => {
  const plain = JSON.parse('{"a": "http://x"}') as object;
  noteNumberLiterals('{"a": "http://x"}', plain);
  assert.equal(textHoldsNoKvReference(plain), true);
  const withKv = JSON.parse('{"a": "$kv{env:X}"}') as object;
  noteNumberLiterals('{"a": "$kv{env:X}"}', withKv);
  assert.equal(textHoldsNoKvReference(withKv), false);
  assert.equal(textHoldsNoKvReference({}), false, 'a value never noted is walked');
});
