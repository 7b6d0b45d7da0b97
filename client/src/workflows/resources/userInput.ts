// Checks of what Add User asks for: the e-mail address and the permissions JSON
// (area → read | write | deny, gateway-facts §7). Free of `vscode`.

export const PERMISSION_VALUES = ['read', 'write', 'deny'] as const;

/** The areas the reference dashboard knows; others are allowed but get a warning in the log. */
export const PERMISSION_AREAS = [
  'analytics',
  'api_assets',
  'apis',
  'certs',
  'hooks',
  'idm',
  'keys',
  'log',
  'oauth',
  'owned_analytics',
  'policies',
  'portal',
  'system',
  'user_groups',
  'users',
  'websockets',
] as const;

/** A pragmatic address check: something@domain.tld without spaces (the server has the last word). */
export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Enter the e-mail address (required).';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return `'${email}' is not an e-mail address (name@example.com).`;
  return undefined;
}

export function validateName(what: string): (value: string) => string | undefined {
  return (value) => (value.trim() ? undefined : `Enter the ${what} (required).`);
}

export type PermissionsResult = { ok: true; permissions: Record<string, string>; unknownAreas: string[] } | { ok: false; message: string };

/**
 * Parses the permissions a user typed. Accepts `{"area": "read|write|deny", ...}` and the
 * administrator form `{"IsAdmin": "admin"}`; everything else is refused with the reason.
 */
export function parsePermissions(text: string): PermissionsResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `The permissions are not valid JSON: ${(err as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'The permissions must be a JSON object, e.g. {"apis": "read"}.' };
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return { ok: false, message: 'Give at least one permission, e.g. {"apis": "read"}.' };
  if (entries.length === 1 && entries[0][0] === 'IsAdmin') {
    return entries[0][1] === 'admin'
      ? { ok: true, permissions: { IsAdmin: 'admin' }, unknownAreas: [] }
      : { ok: false, message: 'An administrator is written {"IsAdmin": "admin"}.' };
  }
  const permissions: Record<string, string> = {};
  for (const [area, level] of entries) {
    if (typeof level !== 'string' || !(PERMISSION_VALUES as readonly string[]).includes(level)) {
      return { ok: false, message: `'${area}' must be "read", "write" or "deny", not ${JSON.stringify(level)}.` };
    }
    permissions[area] = level;
  }
  const unknownAreas = Object.keys(permissions).filter((a) => !(PERMISSION_AREAS as readonly string[]).includes(a));
  return { ok: true, permissions, unknownAreas };
}

/** The input box's live check: the message, or undefined when acceptable. */
export function validatePermissions(text: string): string | undefined {
  const result = parsePermissions(text);
  return result.ok ? undefined : result.message;
}

/** What a user can tick in Add User's permission list: an area at a level, the administrator, or "edit as JSON". */
export type PermissionPick = `${string}:read` | `${string}:write` | 'admin' | 'json';

/** Human words for the areas of the multi-select. */
export const AREA_LABELS: Record<string, string> = {
  analytics: 'Analytics',
  api_assets: 'API assets',
  apis: 'APIs',
  certs: 'Certificates',
  hooks: 'Webhooks',
  idm: 'Identity management',
  keys: 'Keys',
  log: 'Logs',
  oauth: 'OAuth clients',
  owned_analytics: 'Owned analytics',
  policies: 'Policies',
  portal: 'Portal',
  system: 'System',
  user_groups: 'User groups',
  users: 'Users',
  websockets: 'Websockets',
};

/**
 * The permissions the ticked items stand for: write wins over read for the same area, the
 * administrator stands alone; `undefined` when "edit as JSON" was ticked (then the JSON box asks).
 */
export function permissionsFromPicks(picks: readonly PermissionPick[]): Record<string, string> | undefined {
  if (picks.includes('json')) return undefined;
  if (picks.includes('admin')) return { IsAdmin: 'admin' };
  const out: Record<string, string> = {};
  for (const pick of picks) {
    const [area, level] = pick.split(':');
    if (!area || (level !== 'read' && level !== 'write')) continue;
    if (out[area] !== 'write') out[area] = level;
  }
  return out;
}
