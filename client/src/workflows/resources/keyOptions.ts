// The query options of the key endpoints, explained for the user, and the mapping from the
// options a user picked to the management client's option objects. Free of `vscode`.
// Spec endpoints: 5 (POST /svc/keys/{id}), 6 (POST /svc/org/keys/{id}), 17 (PUT
// /api/apis/{apiID}/keys/{keyID}), 18 (GET the same path) and 19 (POST /api/keys/{id}).
import type { CreateCustomKeyOptions, KeyLookupOptions, UpdateKeyOptions } from '../../../../api/src';

export type KeyOption = 'autoGuess' | 'hashed' | 'username' | 'suppressReset' | 'resetQuota';

/** Where Create Key creates the key: on the gateway only, or through the dashboard. */
export type KeyStyle = 'gateway' | 'dashboard';

/** Which key operation a set of options is for; each accepts a different subset. */
export type KeyOperation = 'createGateway' | 'createDashboard' | 'createOrg' | 'update' | 'details';

export interface KeyOptionInfo {
  option: KeyOption;
  /** The query parameter as the server sees it. */
  query: string;
  label: string;
  /** One sentence for the quick pick item's detail line: what the option does, when to use it. */
  detail: string;
}

const INFO: Record<KeyOption, Omit<KeyOptionInfo, 'option'>> = {
  autoGuess: {
    query: 'auto_guess=true',
    label: 'Guess whether the id is a hash',
    detail: 'Use when you do not know whether the key id you typed is the key itself or its hash: the server tries both.',
  },
  hashed: {
    query: 'hashed',
    label: 'The key id is a hash',
    detail:
      'Creating: the returned key_hash resembles the key name (import of an already hashed key). ' +
      "Updating or reading: the id in the path is the key's hash, not the key.",
  },
  username: {
    query: 'username=true',
    label: 'The key id is a username',
    detail: 'The id is the user name of a basic-auth key (basic_auth_data.user), not a key id.',
  },
  suppressReset: {
    query: 'suppress_reset=1',
    label: 'Keep the live quota (do not reset it)',
    detail: 'By default writing a key resets its quota counter in the live quota manager; choose this to keep what the key has used.',
  },
  resetQuota: {
    query: 'reset_quota=1',
    label: "Reset the organisation's quota",
    detail: "Resets the organisation's quota counter in the live quota manager when the org key is written.",
  },
};

/** The options each operation accepts, in the order the quick pick lists them. */
export const OPTIONS_BY_OPERATION: Record<KeyOperation, readonly KeyOption[]> = {
  createGateway: ['suppressReset', 'hashed'],
  createDashboard: [],
  createOrg: ['resetQuota'],
  update: ['autoGuess', 'hashed', 'username', 'suppressReset'],
  details: ['autoGuess', 'hashed', 'username'],
};

export function optionInfo(option: KeyOption): KeyOptionInfo {
  return { option, ...INFO[option] };
}

/** The options an operation offers, with their explanations. */
export function optionsFor(operation: KeyOperation): KeyOptionInfo[] {
  return OPTIONS_BY_OPERATION[operation].map(optionInfo);
}

/** Throws a plain sentence when an option does not apply to the operation (a typo in a command argument). */
function checked(operation: KeyOperation, picked: readonly string[]): Set<KeyOption> {
  const allowed = OPTIONS_BY_OPERATION[operation];
  for (const option of picked) {
    if (!(allowed as readonly string[]).includes(option)) {
      throw new Error(`The option '${option}' does not apply here; use ${allowed.length ? allowed.join(', ') : 'no options'}.`);
    }
  }
  return new Set(picked as KeyOption[]);
}

/** Endpoint 5's options. */
export function createGatewayKeyOptions(picked: readonly string[]): CreateCustomKeyOptions {
  const set = checked('createGateway', picked);
  return { suppressReset: set.has('suppressReset') || undefined, hashed: set.has('hashed') || undefined };
}

/** Endpoint 6's options. */
export function createOrgKeyOptions(picked: readonly string[]): { resetQuota?: boolean } {
  const set = checked('createOrg', picked);
  return { resetQuota: set.has('resetQuota') || undefined };
}

/** Endpoint 18's options. */
export function keyLookupOptions(picked: readonly string[]): KeyLookupOptions {
  const set = checked('details', picked);
  return { autoGuess: set.has('autoGuess') || undefined, hashed: set.has('hashed') || undefined, username: set.has('username') || undefined };
}

/** Endpoint 17's options. */
export function updateKeyOptions(picked: readonly string[]): UpdateKeyOptions {
  const set = checked('update', picked);
  return {
    autoGuess: set.has('autoGuess') || undefined,
    hashed: set.has('hashed') || undefined,
    username: set.has('username') || undefined,
    suppressReset: set.has('suppressReset') || undefined,
  };
}

/** The key id a user may type: one path segment, not blank (the sandbox and gateway refuse others). */
export function validateKeyId(value: string): string | undefined {
  const id = value.trim();
  if (!id) return 'Enter a key id.';
  if (id === '.' || id === '..' || /[/\\]/.test(id)) return 'A key id cannot be "." or ".." or contain / or \\.';
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[\u0000-\u001f\s]/.test(id)) return 'A key id cannot contain spaces or control characters.';
  return undefined;
}
