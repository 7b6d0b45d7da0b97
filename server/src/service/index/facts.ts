// What one file declares and what it names elsewhere: the facts the workspace index keeps per
// file. Extracted from the parsed value (kind by kind), then every site is located in the text
// with one pass of the pointer locator, so a file read from disk keeps its facts and drops its text.
//
// Names come in two scopes: workspace-wide (API ids, policy ids, webhook ids) and per document
// (operationIds and security scheme names of one OAS document, `scope` = the pointer of that
// document inside the file: `''`, or `/oas` in a dashboard record).

import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentKind } from '../../../../common/src/kinds';
import { childPointer } from '../parser/jsonPointer';
import { locatePointers, type JsonLocation } from '../parser/jsonLocator';
import { arr, obj } from '../validation/semantic/util';
import { isYamlLanguage, SvcDocument } from '../parser/document';

/** YAML texts are located through the YAML front end (the JSON locator reads JSON only). */
const isYamlDocument = (document: TextDocument): boolean => isYamlLanguage(document.languageId, document.uri);

export type GlobalNameKind = 'api' | 'policy' | 'webhook';
export type LocalNameKind = 'operation' | 'scheme';
export type NameKind = GlobalNameKind | LocalNameKind;

export const GLOBAL_KINDS: ReadonlySet<NameKind> = new Set<NameKind>(['api', 'policy', 'webhook']);

export interface Site {
  readonly kind: NameKind;
  readonly name: string;
  readonly pointer: string;
  /** Whether the name is a member name (`access_rights` keys) or a string value. */
  readonly target: 'key' | 'value';
  /** Pointer of the OAS document a local name belongs to; `undefined` for global names. */
  readonly scope?: string;
  /** The name's characters, without the quotes (what rename replaces). */
  range: Range;
}

export interface Definition extends Site {
  /** What people call it: the API's or policy's name, `GET /pets` for an operation. */
  readonly label: string;
  /** More to show: the listen path of an API. */
  readonly detail?: string;
}

export interface ListenPath {
  readonly listenPath: string;
  /** Custom domain when one is in force: the same path on two domains is no clash. */
  readonly domain: string;
  readonly pointer: string;
  range: Range;
}

export interface FileFacts {
  readonly uri: string;
  readonly kind: DocumentKind;
  readonly definitions: readonly Definition[];
  readonly references: readonly Site[];
  readonly listenPaths: readonly ListenPath[];
  /** A policy file's parsed value, kept for the access engine (what a key's policies grant). */
  readonly value?: unknown;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const GATEWAY = 'x-svc-api-gateway';
const NO_RANGE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Collects sites while walking a value; ranges are filled in by `locate`. */
class Collector {
  /** Whether document-local names (operationIds, security schemes) are collected too. */
  constructor(readonly localNames: boolean) {}

  readonly definitions: Definition[] = [];
  readonly references: Site[] = [];
  readonly listenPaths: ListenPath[] = [];

  define(kind: NameKind, name: unknown, pointer: string, target: 'key' | 'value', label: unknown, detail?: string, scope?: string): void {
    if (typeof name !== 'string' || name === '') return;
    const shown = typeof label === 'string' && label !== '' ? label : name;
    this.definitions.push({ kind, name, pointer, target, scope, label: shown, detail, range: NO_RANGE });
  }

  refer(kind: NameKind, name: unknown, pointer: string, target: 'key' | 'value', scope?: string): void {
    if (typeof name !== 'string' || name === '') return;
    this.references.push({ kind, name, pointer, target, scope, range: NO_RANGE });
  }
}

const at = (base: string, ...segments: Array<string | number>): string => segments.reduce<string>((p, s) => childPointer(p, s), base);

function classicApi(value: unknown, base: string, c: Collector): void {
  const api = obj(value);
  if (!api) return;
  const listenPath = obj(api.proxy)?.listen_path;
  c.define('api', api.api_id, at(base, 'api_id'), 'value', api.name, typeof listenPath === 'string' ? listenPath : undefined);
  if (typeof listenPath === 'string' && listenPath !== '') {
    const domain = api.domain_disabled === true || typeof api.domain !== 'string' ? '' : api.domain;
    c.listenPaths.push({ listenPath, domain, pointer: at(base, 'proxy', 'listen_path'), range: NO_RANGE });
  }
  // Multi-API versioning: the base names its child versions by API id.
  const definition = obj(api.definition);
  for (const [version, childId] of Object.entries(obj(definition?.versions) ?? {})) {
    c.refer('api', childId, at(base, 'definition', 'versions', version), 'value');
  }
  c.refer('api', definition?.base_id, at(base, 'definition', 'base_id'), 'value');
}

function oasApi(value: unknown, base: string, c: Collector): void {
  const doc = obj(value);
  if (!doc) return;
  const ext = obj(doc[GATEWAY]);
  const info = obj(ext?.info);
  const server = obj(ext?.server);
  const listenPath = obj(server?.listenPath)?.value;
  const title = obj(doc.info)?.title;
  const shownPath = typeof listenPath === 'string' ? listenPath : undefined;
  c.define('api', info?.id, at(base, GATEWAY, 'info', 'id'), 'value', info?.name ?? title, shownPath);
  if (typeof listenPath === 'string' && listenPath !== '') {
    const custom = obj(server?.customDomain);
    const domain = custom?.enabled === true && typeof custom.name === 'string' ? custom.name : '';
    c.listenPaths.push({ listenPath, domain, pointer: at(base, GATEWAY, 'server', 'listenPath', 'value'), range: NO_RANGE });
  }
  arr(obj(info?.versioning)?.versions)?.forEach((v, i) => c.refer('api', obj(v)?.id, at(base, GATEWAY, 'info', 'versioning', 'versions', i, 'id'), 'value'));
  if (c.localNames) oasLocalNames(doc, ext, server, base, c);
}

/** Document-local names: operationIds and security schemes, defined and used. */
type Json = Record<string, unknown>;
function oasLocalNames(doc: Json, ext: Json | undefined, server: Json | undefined, base: string, c: Collector): void {
  const requirements = (list: unknown, pointer: string): void =>
    arr(list)?.forEach((requirement, i) => {
      for (const name of Object.keys(obj(requirement) ?? {})) c.refer('scheme', name, at(pointer, i, name), 'key', base);
    });
  requirements(doc.security, at(base, 'security'));
  for (const [path, item] of Object.entries(obj(doc.paths) ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = obj(obj(item)?.[method]);
      if (!operation) continue;
      const label = `${method.toUpperCase()} ${path}`;
      c.define('operation', operation.operationId, at(base, 'paths', path, method, 'operationId'), 'value', label, undefined, base);
      requirements(operation.security, at(base, 'paths', path, method, 'security'));
    }
  }
  for (const name of Object.keys(obj(obj(doc.components)?.securitySchemes) ?? {})) {
    const type = obj(obj(obj(doc.components)?.securitySchemes)?.[name])?.type;
    c.define('scheme', name, at(base, 'components', 'securitySchemes', name), 'key', name, typeof type === 'string' ? type : undefined, base);
  }
  for (const id of Object.keys(obj(obj(ext?.middleware)?.operations) ?? {})) {
    c.refer('operation', id, at(base, GATEWAY, 'middleware', 'operations', id), 'key', base);
  }
  const auth = obj(server?.authentication);
  const authAt = (...segments: Array<string | number>): string => at(base, GATEWAY, 'server', 'authentication', ...segments);
  for (const name of Object.keys(obj(auth?.securitySchemes) ?? {})) c.refer('scheme', name, authAt('securitySchemes', name), 'key', base);
  arr(auth?.security)?.forEach((list, i) => arr(list)?.forEach((name, j) => c.refer('scheme', name, authAt('security', i, j), 'value', base)));
}

function accessRights(value: unknown, c: Collector, base = ''): void {
  for (const [id, right] of Object.entries(obj(value) ?? {})) {
    c.refer('api', id, at(base, 'access_rights', id), 'key');
    // The inner `api_id` normally repeats the key; a rename must change both.
    if (obj(right)?.api_id === id) c.refer('api', id, at(base, 'access_rights', id, 'api_id'), 'value');
  }
}

function collect(kind: DocumentKind, value: unknown, c: Collector): void {
  const root = obj(value);
  if (!root) return;
  switch (kind) {
    case 'classic':
      classicApi(root, '', c);
      break;
    case 'oas':
    case 'streams':
    case 'oas-template':
    case 'streams-template':
      oasApi(root, '', c);
      break;
    case 'dashboard-api':
      classicApi(root.api_definition, '/api_definition', c);
      oasApi(root.oas, '/oas', c);
      arr(root.hook_references)?.forEach((ref, i) => {
        const hook = obj(obj(ref)?.hook);
        if (typeof hook?.id === 'string' && hook.id !== '') c.refer('webhook', hook.id, at('', 'hook_references', i, 'hook', 'id'), 'value');
        else c.refer('webhook', hook?.webhook_id, at('', 'hook_references', i, 'hook', 'webhook_id'), 'value');
      });
      break;
    case 'policy': {
      const useId = typeof root.id === 'string' && root.id !== '';
      c.define('policy', useId ? root.id : root._id, useId ? '/id' : '/_id', 'value', root.name);
      accessRights(root.access_rights, c);
      break;
    }
    case 'policies':
      // The gateway's policies.json: the map key is the id keys apply (gateway/policy.go, LoadPoliciesFromFile).
      for (const [id, policy] of Object.entries(root)) {
        c.define('policy', id, at('', id), 'key', obj(policy)?.name);
        accessRights(obj(policy)?.access_rights, c, at('', id));
      }
      break;
    case 'session':
      accessRights(root.access_rights, c);
      arr(root.apply_policies)?.forEach((id, i) => c.refer('policy', id, at('', 'apply_policies', i), 'value'));
      // The gateway reads `apply_policy_id` only when `apply_policies` is empty (user/session.go, SessionState.PolicyIDs).
      if (!arr(root.apply_policies)?.length) c.refer('policy', root.apply_policy_id, '/apply_policy_id', 'value');
      break;
    case 'webhook': {
      const useId = typeof root.id === 'string' && root.id !== '';
      c.define('webhook', useId ? root.id : root.webhook_id, useId ? '/id' : '/webhook_id', 'value', root.name);
      break;
    }
    case 'oauth-client':
      c.refer('api', root.api_id, '/api_id', 'value');
      c.refer('policy', root.policy_id, '/policy_id', 'value');
      break;
    default:
      break;
  }
}

export interface FactOptions {
  /**
   * Document-local names (operationIds, security schemes): navigation and workspace symbols
   * need them; svc-lint, whose workspace rules use global names only, skips them (a 2 MB
   * document names thousands). Default true.
   */
  localNames?: boolean;
}

/**
 * The facts of one parsed file. Ranges are found on first use, all of the file's at once with
 * one pass of the locator: building the index needs names only, and most files are never asked
 * for a position (the text is kept until then).
 */
export function extractFacts(document: TextDocument, kind: DocumentKind, value: unknown, options: FactOptions = {}): FileFacts {
  const c = new Collector(options.localNames ?? true);
  collect(kind, value, c);
  const all: Array<Site | ListenPath> = [...c.definitions, ...c.references, ...c.listenPaths];
  const ranges = new Map<Site | ListenPath, Range>();
  let located = false;
  const locate = (): void => {
    if (located) return;
    located = true;
    const pointers = new Set(all.map((s) => s.pointer));
    const found = isYamlDocument(document) ? new SvcDocument(document).locateAll(pointers) : locatePointers(document.getText(), pointers);
    for (const site of all) {
      const location = found.get(site.pointer);
      if (!location) continue;
      // A listen path is shown whole (quotes included), as its diagnostic is; names without quotes.
      if ('kind' in site) ranges.set(site, nameRange(document, location, site.target === 'key'));
      else ranges.set(site, { start: document.positionAt(location.valueOffset), end: document.positionAt(location.valueOffset + location.valueLength) });
    }
  };
  for (const site of all) {
    // An own enumerable getter: `{ ...site }` copies the located range.
    Object.defineProperty(site, 'range', {
      enumerable: true,
      configurable: true,
      get: () => (locate(), ranges.get(site) ?? NO_RANGE),
      set: (range: Range) => ranges.set(site, range),
    });
  }
  return { uri: document.uri, kind, definitions: c.definitions, references: c.references, listenPaths: c.listenPaths, ...(kind === 'policy' ? { value } : {}) };
}

/** The characters of a key or string value without its quotes. */
function nameRange(document: TextDocument, location: JsonLocation, key: boolean): Range {
  let start = key ? (location.keyOffset ?? location.valueOffset) : location.valueOffset;
  let length = key ? (location.keyLength ?? location.valueLength) : location.valueLength;
  const text = document.getText();
  const quote = text.charCodeAt(start);
  if ((quote === 0x22 || (quote === 0x27 && isYamlDocument(document))) && length >= 2) {
    start += 1;
    length -= 2;
  }
  return { start: document.positionAt(start), end: document.positionAt(start + length) };
}
