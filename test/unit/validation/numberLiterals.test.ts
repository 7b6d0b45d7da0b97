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

// The reference's Go decoder reads an integer member with strconv.ParseInt on the literal as written
// (encoding/json decode.go, literalStore): any `.` or exponent is refused, whatever the value.

test('each form of a whole literal is noted when it is the only one in the text', () => {
  const cases: Array<[string, string]> = [
    ['{"a": 2.00}', '2.00'],
    ['{"a": 1e3}', '1e3'],
    ['{"a": 1e+3}', '1e+3'],
    ['{"a": 1E-0}', '1E-0'],
    ['{"a": 1e10}', '1e10'],
    ['{"a": 1.5e1}', '1.5e1'],
    ['{"a": 1.0 }', '1.0'],
    ['{"a": 1.0\n}', '1.0'],
    ['[1.0]', '1.0'],
    ['{"a": 0.0}', '0.0'],
    ['{"a": 9.0}', '9.0'],
    ['{"a": -1.0}', '-1.0'],
    ['{"a": -0e0}', '-0e0'],
  ];
  for (const [text, literal] of cases) assert.deepEqual(noted(text), [[text.startsWith('[') ? '0' : 'a', literal]], text);
});

test('a fraction too fine for a double (17 significant digits) is whole once parsed, and noted', () => {
  assert.deepEqual(noted('{"a": 1.0000000000000001}'), [['a', '1.0000000000000001']]);
  assert.deepEqual(noted('{"a": 4503599627370496.5}'), [['a', '4503599627370496.5']]);
  const value = JSON.parse('[1.0000000000000001]') as unknown[];
  noteNumberLiterals('[1.0000000000000001]', value);
  assert.equal(numberLiteralsIn(value)[0].value, 1);
  // 16 digits: a double holds the fraction, the value is not whole.
  assert.deepEqual(noted('{"a": 1.000000000000001}'), []);
});

test('paths: item indexes per array, member names after strings, escapes and spaces before the colon', () => {
  assert.deepEqual(noted('{"a": ["x", 1.0], "b": {"c": "d", "e": 2.0}, "f": [[1, 2.0], [3.0]]}'), [
    ['a/1', '1.0'],
    ['b/e', '2.0'],
    ['f/0/1', '2.0'],
    ['f/1/0', '3.0'],
  ]);
  assert.deepEqual(noted('{"a\\"b": 1.0, "c\\\\": 2.0, "d" \n\t\r: 3.0, "e:": "f", "g": 4.0}'), [
    ['a"b', '1.0'],
    ['c\\', '2.0'],
    ['d', '3.0'],
    ['g', '4.0'],
  ]);
  assert.deepEqual(noted('[true, false, null, "1.0", 5.0]'), [['4', '5.0']]);
});

test('a value noted twice keeps its literals once; values that are not objects are not noted', () => {
  const text = '{"a": 1.0}';
  const value = JSON.parse(text) as object;
  noteNumberLiterals(text, value);
  noteNumberLiterals(text, value);
  assert.equal(numberLiteralsIn(value).length, 1);
  for (const [t, v] of [
    ['1.0', 1],
    ['null', null],
    ['"1.0"', '1.0'],
  ] as const) {
    assert.doesNotThrow(() => noteNumberLiterals(t, v), t);
    assert.deepEqual(numberLiteralsIn(v), [], t);
    assert.equal(textHoldsNoKvReference(v), false, t);
  }
  assert.deepEqual(numberLiteralsIn({ a: 1 }), [], 'a value never noted has none');
});

test('a literal whose container a repeated member name replaced is noted nowhere', () => {
  for (const text of [
    '{"a": {"b": 1.0}, "a": 5}',
    '{"a": {"b": 1.0}, "a": 1}',
    '{"a": {"b": 1.0}, "a": null}',
    '{"a": {"length": 3.0}, "a": "abc"}',
    '{"a": {"b": 1.0}, "a": {}}',
  ]) {
    const value = JSON.parse(text) as { a: unknown };
    assert.doesNotThrow(() => noteNumberLiterals(text, value), text);
    assert.deepEqual(numberLiteralsIn(value), [], text);
    assert.deepEqual(numberLiteralsIn(value.a), [], text);
  }
  const text = '{"a": {"b": {"c": 1.0}}, "a": {"b": {}}}';
  const value = JSON.parse(text) as { a: { b: object } };
  noteNumberLiterals(text, value);
  assert.deepEqual([numberLiteralsIn(value), numberLiteralsIn(value.a), numberLiteralsIn(value.a.b)], [[], [], []]);
});
