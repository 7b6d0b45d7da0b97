// Starting documents the user edits before a create: a key (session), an org key, a policy,
// and a user's permissions. Free of `vscode`. Units follow gateway-facts §5 and §6.

/** A key granting access to one API (or none yet, when no API id is known). */
export function keyTemplate(api?: { id: string; name?: string }): Record<string, unknown> {
  return {
    alias: 'my-key',
    rate: 100,
    per: 60,
    quota_max: -1,
    quota_renewal_rate: 3600,
    expires: 0,
    is_inactive: false,
    access_rights: api ? { [api.id]: { api_id: api.id, api_name: api.name ?? api.id, versions: ['Default'] } } : {},
    meta_data: {},
    tags: [],
  };
}

/** An organisation key: quota and rate for the whole organisation. */
export function orgKeyTemplate(orgId = ''): Record<string, unknown> {
  return { org_id: orgId, quota_max: 10000, quota_renewal_rate: 86400, rate: 1000, per: 1, allowance: 1000, is_inactive: false };
}

/** A policy; the gateway needs an `id` of letters, digits and . _ - ~ (gateway-facts §6). */
export function policyTemplate(api?: { id: string; name?: string }): Record<string, unknown> {
  return {
    id: 'my-policy',
    name: 'My policy',
    active: true,
    rate: 100,
    per: 60,
    quota_max: -1,
    quota_renewal_rate: 3600,
    key_expires_in: 0,
    access_rights: api ? { [api.id]: { api_id: api.id, api_name: api.name ?? api.id, versions: ['Default'] } } : {},
    partitions: { acl: false, complexity: false, per_api: false, quota: false, rate_limit: false },
    tags: [],
  };
}

/** Read access to the everyday areas; the user edits it in the input box. */
export const PERMISSIONS_TEMPLATE: Record<string, string> = { apis: 'read', keys: 'read', policies: 'read', analytics: 'read' };

/** Pretty JSON as the editors show it. */
export function pretty(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
