// Labels, icons and markdown tooltips of resource nodes. Free of `vscode`.
import { matchesSelector, parseSelectors, type Selector } from '../../../engine/src/environments/selection';
import { maskKeyId } from '../shared/keyIds';
import { HEALTH_WORDS, type HealthState } from '../environments/health';
import type { Environment } from '../environments/model';
import type { ApiKind, ApiSummary, ExampleSummary, KeySummary, OAuthClientSummary, PolicySummary, WebhookSummary } from './resourceSource';

export const KIND_LABELS: Record<ApiKind, string> = { classic: 'Classic APIs', oas: 'OAS APIs', streams: 'Streams APIs' };
export const KIND_ICONS: Record<ApiKind, string> = { classic: 'symbol-class', oas: 'symbol-interface', streams: 'pulse' };

export const GROUP_LABELS = { apis: 'APIs', policies: 'Policies', keys: 'Keys', webhooks: 'Webhooks', examples: 'Examples' } as const;
export const GROUP_ICONS = { apis: 'globe', policies: 'shield', keys: 'key', webhooks: 'bell', examples: 'book' } as const;

/**
 * A kind group's count. `matching` is given while filtering; `morePages` when the APIs listing
 * has pages not loaded yet, so the count is a lower bound and says so ("9 loaded, more on
 * later pages") instead of claiming a total (or a misleading 0).
 */
export function kindCount(loaded: number, matching: number | undefined, morePages: boolean): string {
  const count = matching === undefined || loaded === 0 ? String(loaded) : `${matching} of ${loaded}`;
  return morePages ? `${count} loaded, more on later pages` : count;
}

/** The tooltip of a kind group while the APIs listing has pages not loaded yet. */
export function partialKindNote(kindLabel: string, page: number, pages: number): string {
  return `${kindLabel}: not counted yet: ${page} of ${pages} pages of the APIs listing are loaded, and the server lists all kinds together.`;
}

/** A kind group's description while pages of the APIs listing remain: no number it cannot prove. */
export function notAllLoaded(listing: { busy: boolean; loaded: number; pages: number }): string {
  return listing.busy ? `loading… (page ${listing.loaded} of ${listing.pages})` : 'not loaded yet';
}

/** The note inside a kind group while pages remain. */
export function notAllLoadedNote(listing: { busy: boolean; loaded: number; pages: number; error?: unknown }): string {
  if (listing.busy) return `Loading the other APIs… (page ${listing.loaded} of ${listing.pages})`;
  return `Not loaded yet: ${listing.loaded} of ${listing.pages} pages of APIs are in${listing.error ? ' (loading failed, see the APIs group)' : ''}.`;
}

export const INACTIVE_COLOR = 'disabledForeground';

/** Escapes text for markdown so names from a server cannot inject links or formatting. */
export function md(text: string | number | boolean | undefined): string {
  if (text === undefined || text === '') return '—';
  return String(text).replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`);
}

function table(title: string, rows: [string, string | number | boolean | undefined][]): string {
  return [`**${md(title)}**`, '', '| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${md(v)} |`)].join('\n');
}

export function apiTooltip(api: ApiSummary): string {
  return table(api.name, [
    ['Kind', KIND_LABELS[api.kind].replace(/s$/, '')],
    ['ID', api.id],
    ['Listen path', api.listenPath],
    ['State', api.active ? 'active' : 'inactive'],
  ]);
}

export function policyTooltip(p: PolicySummary): string {
  return table(p.name, [
    ['ID', p.id],
    ['State', p.active ? 'active' : 'inactive'],
  ]);
}

export function keyTooltip(k: KeySummary): string {
  return table(k.alias || k.displayName || `key ${maskKeyId(k.id)}`, [
    ['Key ID', `${maskKeyId(k.id)} (Copy Key ID copies it)`],
    ['Alias', k.alias],
    ['APIs', k.apiIds.join(', ')],
    ['State', k.active ? 'active' : 'inactive'],
  ]);
}

export function webhookTooltip(w: WebhookSummary): string {
  return table(w.name, [
    ['ID', w.id],
    ['Method', w.method],
    ['Target', w.targetPath],
  ]);
}

export function exampleTooltip(e: ExampleSummary): string {
  return [table(e.name, [['Location', e.location]]), '', md(e.description)].join('\n');
}

export function oauthClientTooltip(c: OAuthClientSummary): string {
  return table(c.id, [
    ['API', c.apiId],
    ['Description', c.description],
  ]);
}

export function errorTooltip(message: string, hint?: string): string {
  return hint ? `${md(message)}\n\n${md(hint)}` : md(message);
}

/**
 * The tree filter: case-insensitive "contains" on the names the user sees, or one selector of
 * `svc --select` with the CLI's own rule (engine/src/environments/selection.ts): `name:PATTERN`
 * (the whole name, `*` and `?`, case-insensitive), `tag:TAG` (resources carrying the tag) and
 * `folder:PATH` (resources whose definition in the workspace is under PATH). The first text is the name.
 */
export function matchesFilter(filter: string, ...texts: (string | undefined)[]): boolean {
  return matchesTreeFilter(filter, { texts });
}

/** As matchesFilter, for resources whose tags are known (APIs, policies, keys). */
export function matchesFilterWithTags(filter: string, tags: readonly string[] | undefined, ...texts: (string | undefined)[]): boolean {
  return matchesTreeFilter(filter, { texts, tags });
}

export interface FilterFacts {
  /** What the user sees of the resource; the first is its name. */
  texts: readonly (string | undefined)[];
  tags?: readonly string[];
  /** Its definition in the workspace (relative to the folder's root), when it has one. */
  file?: string;
}

export function matchesTreeFilter(filter: string, facts: FilterFacts): boolean {
  const needle = filter.trim();
  if (!needle) return true;
  const selector = treeSelector(needle);
  if (selector) return matchesSelector(selector, { file: facts.file, name: facts.texts[0], tags: facts.tags ?? [] });
  return facts.texts.some((t) => t !== undefined && t.toLowerCase().includes(needle.toLowerCase()));
}

/** The filter as a selector of `svc --select`, or undefined for plain text (an empty `tag:` is searched as text). */
export function treeSelector(filter: string): Selector | undefined {
  const needle = filter.trim();
  return /^(folder|tag|name):\S/.test(needle) ? parseSelectors([needle])[0] : undefined;
}

/** The tags of a listed record: an OAS/streams API's gateway tags, else its (or its classic definition's) `tags`. */
export function tagsOfRecord(raw: unknown): string[] {
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const record = obj(raw);
  const gateway = obj(obj(obj(obj(record.oas)['x-svc-api-gateway']).server).gatewayTags).tags;
  const tags = Array.isArray(gateway) ? gateway : Array.isArray(obj(record.api_definition).tags) ? obj(record.api_definition).tags : record.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

/** An environment node's tooltip: its URLs, where it is defined, and its health. */
export function environmentTooltip(env: Environment, health: HealthState, sandboxRunning: boolean): string {
  const origin = env.source === 'builtin' ? (sandboxRunning ? env.dashboardUrl : 'starts on first use') : env.dashboardUrl;
  const repository = env.definedIn ? `the repository's ${env.definedIn}` : undefined;
  const definedIn = env.source === 'builtin' ? 'built in' : (repository ?? (env.source === 'workspace' ? 'workspace settings' : 'user settings'));
  return [
    `**${md(env.name)}**`,
    '',
    `Dashboard: ${md(origin)}`,
    env.gatewayUrl ? `\n\nGateway: ${md(env.gatewayUrl)}` : '',
    `\n\nDefined in: ${definedIn}`,
    `\n\nHealth: ${HEALTH_WORDS[health]}`,
  ].join('');
}
