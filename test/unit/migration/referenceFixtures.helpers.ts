// Reading and comparing the reference gateway's conversion fixtures (carried in
// test/fixtures/reference-fixtures/, MPL-2.0; its README says what they hold).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Json } from '../../../migration/src/index.js';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'reference-fixtures', 'migration');

export interface FixtureCase {
  /** `<file> #<index> <desc>`: descriptions repeat within a file and some cases have none. */
  name: string;
  input: Json;
  output: Json;
  /** The reference wants its general OAS validation to object to the bare input. */
  errorsWanted: boolean;
}

/** The README's "absent". */
const NIL = '<nil>';
const EXTENSION = 'x-svc-api-gateway';

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every classic→OAS case of every fixture file of `dir`, in file order. */
export function allClassicCases(dir = FIXTURES): FixtureCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yml'))
    .sort()
    .flatMap((file) => classicCases(file, parse(readFileSync(join(dir, file), 'utf8'))));
}

/** A classic→OAS case: `source: classic`, or no source and an input without the extension. */
export function classicCases(file: string, parsed: Json): FixtureCase[] {
  const tests: Json[] = Array.isArray(parsed?.tests) ? parsed.tests : [];
  return tests.flatMap((t, index) => {
    const classic = t.source === 'classic' || (t.source === undefined && !(EXTENSION in (t.input ?? {})));
    if (!classic || !isObject(t.output)) return [];
    const desc = typeof t.desc === 'string' ? t.desc.trim().split('\n')[0] : Object.keys(t.output.paths ?? {}).join(' ');
    const errors = isObject(t.errors) ? t.errors : {};
    return [{ name: `${file} #${index} ${desc}`, input: t.input ?? {}, output: t.output, errorsWanted: errors.enabled === true && errors.want === true }];
  });
}

/**
 * The fixture's members on top of the smallest API our migration accepts (an id, a name, a listen path, an
 * upstream): the fixtures give only "the classic members that matter", and the reference's own harness converts
 * them without its validation. None of the added members is one a case asserts.
 */
export function migratable(input: Json): Json {
  const base: Json = { api_id: 'fixture', name: 'Fixture', proxy: { listen_path: '/fixture/', target_url: 'http://upstream.test' } };
  return merge(base, input);
}

function merge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(base[k]) ? merge(base[k], v) : v;
  return out;
}

/**
 * Where `actual` differs from the members `expected` lists, one line per difference (empty: agreement).
 * - `<nil>`: absent (undefined or null);
 * - an object: each listed member, recursively; members it does not list are not looked at;
 * - an empty object or list: empty or absent (the reference's Go output omits empty values, so the two are one);
 * - a non-empty list: the same length, each item compared as above;
 * - a scalar: the same value and type.
 */
export function disagreements(expected: unknown, actual: unknown, path = ''): string[] {
  const here = path || '(document)';
  const show = (v: unknown) => (v === undefined ? 'absent' : JSON.stringify(v));
  if (expected === NIL) return actual === undefined || actual === null ? [] : [`${here}: expected absent, got ${show(actual)}`];
  const absent = actual === undefined || actual === null;
  if (isObject(expected)) {
    const keys = Object.keys(expected);
    if (keys.length === 0) {
      return absent || (isObject(actual) && Object.keys(actual).length === 0) ? [] : [`${here}: expected empty, got ${show(actual)}`];
    }
    if (!isObject(actual)) return [`${here}: expected an object, got ${show(actual)}`];
    return keys.flatMap((k) => disagreements(expected[k], actual[k], path ? `${path}.${k}` : k));
  }
  if (Array.isArray(expected)) {
    if (expected.length === 0) {
      return absent || (Array.isArray(actual) && actual.length === 0) ? [] : [`${here}: expected empty, got ${show(actual)}`];
    }
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return [`${here}: expected a list of ${expected.length}, got ${show(actual)}`];
    }
    return expected.flatMap((item, i) => disagreements(item, actual[i], `${path}.${i}`));
  }
  return Object.is(expected, actual) ? [] : [`${here}: expected ${show(expected)}, got ${show(actual)}`];
}
