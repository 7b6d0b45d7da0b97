// Reads the tree's summaries out of the server's records. Servers differ in which members
// they fill, so every reader is defensive and never throws. Free of `vscode`.
import type { DashApi, GatewaySession, OAuthClient, Policy, Webhook, ExampleSummary as ApiExampleSummary } from '../../../api/src/types';
import { apiKindOf } from '../../../engine/src/sync/records';
import type { ApiSummary, ExampleSummary, KeySummary, OAuthClientSummary, PolicySummary, WebhookSummary } from './resourceSource';

/** Streams, OAS or classic: see engine/src/sync/records.ts (sync reads records the same way). */
export { apiKindOf };

export function summariseApi(record: DashApi): ApiSummary {
  const kind = apiKindOf(record);
  const classic = record.api_definition ?? {};
  const ext = record.oas?.['x-svc-api-gateway'];
  if (kind === 'classic') {
    return {
      kind,
      id: String(classic.api_id ?? classic.id ?? ''),
      name: classic.name || String(classic.api_id ?? '(unnamed)'),
      listenPath: classic.proxy?.listen_path,
      active: classic.active !== false,
      usesOAuth: classic.use_oauth2 === true,
      raw: record,
    };
  }
  return {
    kind,
    id: String(ext?.info?.id ?? classic.api_id ?? classic.id ?? ''),
    name: ext?.info?.name || record.oas?.info?.title || classic.name || '(unnamed)',
    listenPath: ext?.server?.listenPath?.value ?? classic.proxy?.listen_path,
    active: (ext?.info?.state?.active ?? classic.active) !== false,
    usesOAuth: classic.use_oauth2 === true || hasOAuthScheme(record),
    raw: record,
  };
}

/** An OAS API whose gateway extension enables an OAuth security scheme can have clients. */
function hasOAuthScheme(record: DashApi): boolean {
  const schemes = record.oas?.components?.securitySchemes;
  const enabled = record.oas?.['x-svc-api-gateway']?.server?.authentication?.securitySchemes;
  if (!schemes || typeof schemes !== 'object') return false;
  return Object.entries(schemes as Record<string, { type?: string }>).some(([name, s]) => {
    if (s?.type !== 'oauth2') return false;
    const ext = (enabled as Record<string, { enabled?: boolean }> | undefined)?.[name];
    return ext?.enabled === true;
  });
}

export function summarisePolicy(p: Policy): PolicySummary {
  const id = String(p.id || p._id || '');
  return { id, name: p.name || id, active: p.active !== false && p.is_inactive !== true, raw: p };
}

/**
 * A key as the tree names it: its alias, else what it grants (the first API's name as the key's
 * access rights carry it, and its policies), so keys can be told apart without their ids.
 */
export function summariseKey(id: string, session: GatewaySession): KeySummary {
  const rights = session.access_rights && typeof session.access_rights === 'object' ? session.access_rights : {};
  const apiIds = Object.keys(rights);
  const first = apiIds.length ? (rights[apiIds[0]] as { api_name?: unknown } | undefined) : undefined;
  const apiName = typeof first?.api_name === 'string' && first.api_name.trim() ? first.api_name.trim() : apiIds[0];
  const policies = (session.apply_policies ?? (session.apply_policy_id ? [session.apply_policy_id] : [])).filter(Boolean);
  const grants = [apiName && `${apiName}${apiIds.length > 1 ? ` +${apiIds.length - 1}` : ''}`, policies.length ? `policies ${policies.join(', ')}` : '']
    .filter(Boolean)
    .join(' · ');
  return {
    id,
    alias: session.alias?.trim() || undefined,
    displayName: grants ? `key for ${grants}` : undefined,
    active: session.is_inactive !== true,
    apiIds,
    raw: { key_id: id },
  };
}

export function summariseWebhook(w: Webhook): WebhookSummary {
  const id = String(w.webhook_id || w.id || '');
  return { id, name: w.name || id, method: w.method, targetPath: w.target_path, raw: w };
}

export function summariseExample(e: ApiExampleSummary): ExampleSummary {
  return { location: e.location, name: e.name || e.location, description: e.shortDescription, raw: e };
}

export function summariseOAuthClient(c: OAuthClient, apiId: string): OAuthClientSummary {
  // The secret stays out of the summary: labels and tooltips never show it.
  return { id: String(c.client_id ?? ''), apiId: c.api_id || apiId, description: c.description, raw: { ...c, secret: c.secret ? '<hidden>' : undefined } };
}

/** `pages` as servers report it: missing or 0 means everything came in one page. */
export function pagesOf(value: number | undefined): number {
  return typeof value === 'number' && value >= 1 ? Math.floor(value) : 1;
}
