// Which arrays of the gateway's documents have members with an identity, so that a three-way
// merge can match them across the base, the file and the server by that identity instead of by
// position (a target added on the server and another removed in the file are two changes, not a
// conflict on `targets`). Arrays without one are merged as one member: changed on both sides
// differently, the whole array is the conflict. Objects (OAS `paths` by path, operations by
// method, `access_rights` by API id, `middleware.operations` by operationId) are merged member by
// member anyway. Free of `vscode` and of I/O.
import type { JsonPath } from './jsonPath';

/** Names the identity of one array member; undefined when the member has none (then the array is merged whole). */
export type IdentityOf = (item: unknown) => string | undefined;

interface IdentityRule {
  /** For documentation and tests: what the rule matches. */
  name: string;
  /** Does the rule apply to the array at `path` (its member name, its parent's)? */
  applies(path: JsonPath): boolean;
  identity: IdentityOf;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const stringMember = (item: unknown, member: string): string | undefined => (isObject(item) && typeof item[member] === 'string' ? item[member] : undefined);
const last = (path: JsonPath, back = 0): string | number | undefined => path[path.length - 1 - back];

/**
 * The rules, most specific first. Member names come from our schemas (schemas/*.schema.json) and
 * the reference gateway's definitions: classic `proxy.targets` (URL strings), OAS
 * `upstream.loadBalancing.targets` (`{url, weight}`), OAS `info.versioning.versions`
 * (`{name, id}`), policies' `access_rights_array` (`{api_id, …}`), the classic
 * `extended_paths` middleware lists (`{path, method, …}`), and anything listed by `operationId`.
 */
export const IDENTITY_RULES: readonly IdentityRule[] = [
  {
    // Stryker disable next-line StringLiteral: the name is for readers of this table; no code reads it.
    name: 'load-balancing targets by URL',
    applies: (path) => last(path) === 'targets',
    identity: (item) => (typeof item === 'string' ? item : stringMember(item, 'url')),
  },
  {
    // Stryker disable next-line StringLiteral: the name is for readers of this table; no code reads it.
    name: 'versions by name',
    applies: (path) => last(path) === 'versions',
    identity: (item) => stringMember(item, 'name'),
  },
  {
    // Stryker disable next-line StringLiteral: the name is for readers of this table; no code reads it.
    name: "policies' access rights by API id",
    applies: (path) => last(path) === 'access_rights_array',
    identity: (item) => stringMember(item, 'api_id'),
  },
  {
    // Stryker disable next-line StringLiteral: the name is for readers of this table; no code reads it.
    name: 'middleware lists by path and method',
    applies: (path) => last(path, 1) === 'extended_paths',
    identity: (item) => {
      const p = stringMember(item, 'path');
      if (p === undefined) return undefined;
      // Entries such as white_list carry `method_actions` instead of `method`: the path alone names them.
      return `${stringMember(item, 'method') ?? '*'} ${p}`;
    },
  },
  {
    // Stryker disable next-line StringLiteral: the name is for readers of this table; no code reads it.
    name: 'operations by operationId',
    applies: () => true,
    identity: (item) => stringMember(item, 'operationId'),
  },
];

/**
 * The identity function for the arrays at `path`, when every member of every given array has an
 * identity and no identity repeats within an array; else undefined (the array is one member).
 */
export function identityFor(path: JsonPath, arrays: ReadonlyArray<readonly unknown[]>): IdentityOf | undefined {
  const present = arrays.filter((a) => a.length > 0);
  if (present.length === 0) return undefined;
  for (const rule of IDENTITY_RULES) {
    if (!rule.applies(path)) continue;
    if (present.every((items) => keysOf(items, rule.identity) !== undefined)) return rule.identity;
  }
  return undefined;
}

/** The identities of `items` in order, or undefined when one is missing or repeated. */
export function keysOf(items: readonly unknown[], identity: IdentityOf): string[] | undefined {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const key = identity(item);
    if (key === undefined || seen.has(key)) return undefined;
    seen.add(key);
    keys.push(key);
  }
  return keys;
}
