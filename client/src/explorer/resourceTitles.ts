// What the user reads for a remote resource: its name and kind, and the environment
// ("Orders (classic) — Local sandbox"), never a bare id; key ids (credentials) only masked.
// Free of `vscode`.
import type { ResourceRef } from './resourceSource';
import { maskKeyId } from '../shared/keyIds';

const KIND_WORDS: Record<string, string> = {
  classic: 'classic',
  oas: 'OAS',
  streams: 'streams',
  policy: 'policy',
  key: 'key',
  webhook: 'webhook',
  example: 'example',
  oauthClient: 'OAuth client',
};

/** "classic", "OAS", "policy", … for a resource reference or a sync kind. */
export function kindWord(ref: ResourceRef | { type?: string; kind?: string }): string {
  const key = 'type' in ref && ref.type === 'api' ? String(ref.kind) : String(('type' in ref && ref.type) || ('kind' in ref && ref.kind) || '');
  return KIND_WORDS[key] ?? key;
}

// A key id is the key itself: one masking rule for every place that shows one (shared/keyIds.ts).
export { maskKeyId };

/** The name to show: the given one, else a masked key id, else the id. */
export function displayName(ref: ResourceRef, name?: string): string {
  if (name && name.trim()) return name.trim();
  if (ref.type === 'key') return `key ${maskKeyId(ref.id)}`;
  return ref.type === 'example' ? ref.location : ref.id;
}

/** "Orders (classic) — Local sandbox". */
export function resourceTitle(ref: ResourceRef, envName: string, name?: string): string {
  return `${displayName(ref, name)} (${kindWord(ref)}) — ${envName}`;
}

/** The name a resource document gives itself, by kind (APIs, policies, keys, webhooks). */
export function nameInDocument(kind: string, value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  type Loose = { [k: string]: Loose | undefined } & { name?: unknown; title?: unknown };
  const v = value as Loose;
  const text = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim() : undefined);
  switch (kind) {
    case 'classic':
      return text(v.name) ?? text(v.api_definition?.name);
    case 'oas':
    case 'streams':
      return text(v['x-svc-api-gateway']?.info?.name) ?? text(v.info?.title);
    case 'policy':
    case 'webhook':
      return text(v.name);
    case 'key':
      return text(v.alias);
    default:
      return text(v.name);
  }
}

/** A path segment that VS Code shows as written (only `/` and `%` are escaped). */
export function pathSegment(text: string): string {
  return text.replace(/%/g, '%25').replace(/\//g, '%2F');
}
