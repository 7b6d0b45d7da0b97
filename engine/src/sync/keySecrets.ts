// Consumer secrets never reach disk. A pulled key file (and its base copy in `.svc/remote/`)
// holds a placeholder instead of each secret of the session; push understands the placeholder as
// "keep the server's value" and puts the server's value back just before sending; comparisons
// see the placeholder on both sides, so a diff treats it as equal to any server value. A new
// value is set with the Set Key Secret command, which sends it and stores nothing. Free of `vscode`.

import { own, setOwn } from '../../../common/src/mergePatch';

export const SECRET_PLACEHOLDER = '<secret kept on the server>';

// What counts as a secret (docs/sync.md, "Secrets in pulled key files", lists the same):
// 1. by member name, at any depth (meta_data too), compared without case, `-` and `_`;
// 2. by value, under any name: a PEM block (`-----BEGIN …-----`) and a JWT-like token
//    (three base64url parts, the first two starting `eyJ`, a JSON object);
// 3. by value under a key-ish name (holding key, token, secret, auth, cred, pass, cert,
//    signature, sig): a string of 20 or more characters without spaces and with high entropy
//    (a random credential, not a word or a date).

/** Members that are credentials wherever they appear in a session (by name, normalised). */
const SECRET_NAMES = new Set(
  [
    'hmac_string',
    'password',
    'secret',
    'client_secret',
    'private_key', // privateKey too: names are compared normalised
    'token',
    'access_token',
    'refresh_token',
    'id_token',
    'api_token',
    'api_key', // apikey too
    'x-api-key',
    'auth_token',
    'authorization',
    'certificate',
    'passphrase',
    'signing_key',
    'shared_secret',
  ].map((name) => normalise(name)),
);
/** Maps whose every value is a credential (provider → key). */
const SECRET_MAPS = new Set(['oauth_keys']);
const KEYISH_NAME = /key|token|secret|auth|cred|pass|cert|signature|sig/i;

function normalise(name: string): string {
  // Stryker disable next-line MethodExpression: upper or lower, the same case on both sides of the comparison
  return name.toLowerCase().replace(/[-_]/g, '');
}

const PEM = /-----BEGIN [A-Z0-9 ]+-----[\s\S]*?-----END [A-Z0-9 ]+-----/;
const JWT = /^eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*$/;

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** A random-looking credential: long, no spaces, many distinct characters. */
function highEntropy(value: string): boolean {
  return value.length >= 20 && !/\s/.test(value) && entropy(value) >= 3.5;
}

/** Why a member is a secret, or undefined: by its name, or by what its value looks like. */
export function secretReason(name: string, value: string): 'name' | 'pem' | 'jwt' | 'entropy' | undefined {
  if (SECRET_NAMES.has(normalise(name))) return 'name';
  if (PEM.test(value)) return 'pem';
  if (JWT.test(value.trim())) return 'jwt';
  if (KEYISH_NAME.test(name) && highEntropy(value)) return 'entropy';
  return undefined;
}

/** The secrets a user can set with the command: path in the session and a label. */
export const SETTABLE_SECRETS: ReadonlyArray<{ path: readonly string[]; label: string }> = [
  { path: ['hmac_string'], label: 'HMAC secret (hmac_string)' },
  { path: ['basic_auth_data', 'password'], label: 'Basic auth password (basic_auth_data.password)' },
  { path: ['jwt_data', 'secret'], label: 'JWT secret (jwt_data.secret)' },
];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** A copy of the session with every non-empty secret replaced by the placeholder; `found` lists their paths. */
export function redactSecrets(session: unknown): { document: unknown; found: string[][] } {
  const found: string[][] = [];
  const walk = (value: unknown, path: string[], secretMap: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, String(i)], false));
    if (!isObject(value)) return value;
    const copy: Json = {};
    for (const [name, member] of Object.entries(value)) {
      const here = [...path, name];
      if (typeof member === 'string' && member !== '' && (secretMap || secretReason(name, member))) {
        setOwn(copy, name, SECRET_PLACEHOLDER);
        found.push(here);
      } else {
        // setOwn: a meta_data member named __proto__ is data, not the copy's prototype.
        setOwn(copy, name, walk(member, here, SECRET_MAPS.has(name) && path.length === 0));
      }
    }
    return copy;
  };
  return { document: walk(session, [], false), found };
}

/** Paths in `document` holding the placeholder. */
export function placeholderPaths(document: unknown): string[][] {
  const out: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (value === SECRET_PLACEHOLDER) out.push(path);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, String(i)]));
    else if (isObject(value)) for (const [name, member] of Object.entries(value)) walk(member, [...path, name]);
  };
  walk(document, []);
  return out;
}

export class MissingServerSecretError extends Error {}

/**
 * The document to send: each placeholder replaced by the server's current value at that path.
 * A placeholder where the server has no value cannot mean "keep": refused with the member named.
 */
export function restoreSecrets(document: unknown, serverSession: unknown): unknown {
  const paths = placeholderPaths(document);
  if (paths.length === 0) return document;
  const copy = structuredClone(document) as Json;
  for (const path of paths) {
    const value = valueAt(serverSession, path);
    if (typeof value !== 'string' || value === '') {
      throw new MissingServerSecretError(
        `\`${path.join('.')}\` says "${SECRET_PLACEHOLDER}", but the server has no value to keep there: ` +
          'set one with Svc: Set Key Secret, or remove the member.',
      );
    }
    setAt(copy, path, value);
  }
  return copy;
}

export function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isObject(current)) current = own(current, segment);
    else return undefined;
  }
  return current;
}

/** Sets `path` in `target`, creating objects on the way (arrays on the way stay arrays). */
export function setAt(target: Json, path: readonly string[], value: unknown): void {
  let current: Json = target;
  for (const segment of path.slice(0, -1)) {
    const next = own(current, segment);
    if (!isObject(next) && !Array.isArray(next)) setOwn(current, segment, {});
    current = own(current, segment) as Json;
  }
  setOwn(current, path[path.length - 1], value);
}
