// Mutants of the real definitions carried in the repository (test/fixtures/realworld, the service
// fixtures' key and policy, and the reference's own documents carried under
// test/fixtures/real-definitions: up to four clean ones of each kind), one class of issue 26 at a time: for each class, changes the
// reference gateway refuses (or skips at load) and nearby changes it accepts. Each comes from the
// reference's source (docs/language-server.md, "Agreement with the reference, class by class").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentKind } from '../../../common/src/kinds';
import { errorsOf, lint, realDocuments } from './realDefinitions';

type Json = Record<string, unknown>;

export interface Base {
  name: string;
  kind: DocumentKind;
  value: Json;
}

export interface Mutant {
  class: string;
  base: string;
  kind: DocumentKind;
  what: string;
  /** The document's text (some mutants are only expressible as text: `1718439136.0`). */
  text: string;
  refused: boolean;
}

const FIXTURES = join(__dirname, '..', '..', 'fixtures');

export function bases(): Base[] {
  const read = (path: string): Json => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as Json;
  return [
    { name: 'classic/orders-jwt-exported', kind: 'classic', value: read('realworld/classic-api/orders-jwt-exported.json') },
    { name: 'classic/pet-clinic-12-versions', kind: 'classic', value: read('realworld/classic-api/pet-clinic-12-versions.json') },
    { name: 'dashboard/pet-clinic-record', kind: 'dashboard-api', value: read('realworld/dashboard-api/pet-clinic-record.json') },
    { name: 'oas/pet-clinic-40-operations', kind: 'oas', value: read('realworld/oas-api/pet-clinic-40-operations.json') },
    { name: 'streams/commerce-events-12-streams', kind: 'streams', value: read('realworld/streams-api/commerce-events-12-streams.json') },
    { name: 'policy/service-valid', kind: 'policy', value: read('service/valid/policy.json') },
    { name: 'session/service-valid', kind: 'session', value: read('service/valid/session.json') },
    ...carriedBases(),
  ];
}

/** Up to four documents of each kind from the carried real definitions that lint clean of errors. */
function carriedBases(): Base[] {
  const byKind = new Map<string, number>();
  const out: Base[] = [];
  for (const doc of realDocuments().documents) {
    const kind = doc.detection.kind;
    if (!['classic', 'dashboard-api', 'oas', 'streams', 'policy', 'session'].includes(kind) || doc.name.includes('#')) continue;
    if ((byKind.get(kind) ?? 0) >= 4 || errorsOf(lint(doc)).length > 0) continue;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    out.push({ name: `carried/${doc.name}`, kind: kind as DocumentKind, value: JSON.parse(doc.text) as Json });
  }
  return out;
}

const clone = (v: Json): Json => structuredClone(v);
const o = (v: unknown): Json => v as Json;
/** The classic definition inside a base (bare, or a dashboard record's `api_definition`). */
const classicOf = (doc: Json, kind: DocumentKind): Json | undefined =>
  kind === 'classic' ? doc : kind === 'dashboard-api' ? o(doc.api_definition) : undefined;
const extensionOf = (doc: Json, kind: DocumentKind): Json | undefined => (kind === 'oas' || kind === 'streams' ? o(doc['x-svc-api-gateway']) : undefined);

type Change = (doc: Json, kind: DocumentKind) => boolean;

interface Case {
  what: string;
  refused: boolean;
  change?: Change;
  /** A change made on the text (after the value changes): [marker value, literal written instead]. */
  literal?: [number, string];
  /** Mark the document as an import template (`$schema` naming the template schema of its kind). */
  template?: boolean;
}

const onClassic =
  (f: (api: Json) => void): Change =>
  (doc, kind) => {
    const api = classicOf(doc, kind);
    if (!api) return false;
    f(api);
    return true;
  };
const onExtension =
  (f: (ext: Json) => void): Change =>
  (doc, kind) => {
    const ext = extensionOf(doc, kind);
    if (!ext) return false;
    f(ext);
    return true;
  };
const onVersions =
  (f: (version: Json) => void): Change =>
  (doc, kind) => {
    const versions = o(o(classicOf(doc, kind)?.version_data)?.versions);
    if (!versions || Object.keys(versions).length === 0) return false;
    for (const v of Object.values(versions)) f(o(v));
    return true;
  };
const uptimeCheck = (api: Json, timeout: unknown): void => {
  api.uptime_tests = { disabled: false, check_list: [{ url: 'http://upstream.internal/health', method: 'GET', timeout }] };
};
const transport = (api: Json): Json => {
  const proxy = o(api.proxy);
  proxy.transport ??= {};
  return o(proxy.transport);
};
const onPolicyOrKey =
  (kinds: DocumentKind[], f: (doc: Json) => void): Change =>
  (doc, kind) => {
    if (!kinds.includes(kind)) return false;
    f(doc);
    return true;
  };
const upstreamAuth = (enabled: boolean, basic: boolean, oauth: boolean): Json => ({
  enabled,
  basic_auth: { enabled: basic, username: 'svc', password: 'secret' },
  oauth: {
    enabled: oauth,
    allowed_authorize_types: ['clientCredentials'],
    client_credentials: { client_id: 'c', client_secret: 's', token_url: 'https://idp.internal/token' },
  },
});
const oasUpstreamAuth = (enabled: boolean, basic: boolean, oauth: boolean): Json => ({
  enabled,
  basicAuth: { enabled: basic, username: 'svc', password: 'secret' },
  oauth: { enabled: oauth, clientCredentials: { enabled: true, clientId: 'c', clientSecret: 's', tokenUrl: 'https://idp.internal/token' } },
});
const setTarget =
  (url: string): Change =>
  (doc, kind) => {
    const api = classicOf(doc, kind);
    if (api) o(api.proxy).target_url = url;
    const ext = extensionOf(doc, kind);
    if (ext && kind === 'oas') o(ext.upstream).url = url;
    return api !== undefined || (ext !== undefined && kind === 'oas');
  };

/** The classes of issue 26 and their cases (refused first, then accepted variants). */
export const CLASSES: Record<string, Case[]> = {
  'go-decoding': [
    // A bare classic definition only: a dashboard record takes the spec's duration string too.
    {
      what: 'uptime timeout as a duration string',
      refused: true,
      change: (doc, kind) => kind === 'classic' && onClassic((api) => uptimeCheck(api, '5s'))(doc, kind),
    },
    {
      what: 'dashboard uptime timeout as a duration string (the spec)',
      refused: false,
      change: (doc, kind) => kind === 'dashboard-api' && onClassic((api) => uptimeCheck(api, '5s'))(doc, kind),
    },
    {
      what: 'JWKS cache_timeout as an integer',
      refused: true,
      change: onClassic((api) => (api.jwt_jwks_uris = [{ url: 'https://idp.internal/jwks', cache_timeout: 60 }])),
    },
    {
      what: 'JWKS cache_timeout null',
      refused: true,
      change: onClassic((api) => (api.jwt_jwks_uris = [{ url: 'https://idp.internal/jwks', cache_timeout: null }])),
    },
    { what: 'global_enforce_timeout as an integer', refused: true, change: onVersions((v) => (v.global_enforce_timeout = 30)) },
    {
      what: 'hard timeout duration as an integer',
      refused: true,
      change: onVersions((v) => (o((v.extended_paths ??= {})).hard_timeouts = [{ path: '/slow', method: 'GET', duration: 30 }])),
    },
    { what: 'negative ssl_min_version (uint16)', refused: true, change: onClassic((api) => (transport(api).ssl_min_version = -1)) },
    { what: 'ssl_max_version above uint16', refused: true, change: onClassic((api) => (transport(api).ssl_max_version = 70000)) },
    { what: 'negative JWT skew (uint64)', refused: true, change: onClassic((api) => (api.jwt_expires_at_validation_skew = -5)) },
    {
      what: 'negative external OAuth JWT skew (uint64)',
      refused: true,
      change: onClassic((api) => (api.external_oauth = { enabled: false, providers: [{ jwt: { enabled: true, issued_at_validation_skew: -1 } }] })),
    },
    { what: 'classic id not an object id', refused: true, change: onClassic((api) => (api.id = 'not-an-object-id')) },
    { what: 'policy _id not an object id', refused: true, change: onPolicyOrKey(['policy'], (p) => (p._id = 'policy-1')) },
    {
      what: 'integer written 1718439136.0',
      refused: true,
      change: onPolicyOrKey(['session'], (k) => (k.expires = 1718439136)),
      literal: [1718439136, '1718439136.0'],
    },
    { what: 'integer written 1.7e9', refused: true, change: onPolicyOrKey(['session'], (k) => (k.expires = 1700000000)), literal: [1700000000, '1.7e9'] },
    {
      what: 'policy integer written 2592000.0',
      refused: true,
      change: onPolicyOrKey(['policy'], (p) => (p.key_expires_in = 2592000)),
      literal: [2592000, '2592000.0'],
    },
    { what: 'classic integer written 8080.0', refused: true, change: onClassic((api) => (api.listen_port = 8087)), literal: [8087, '8087.0'] },
    // accepted
    { what: 'uptime timeout as nanoseconds', refused: false, change: onClassic((api) => uptimeCheck(api, 5000000000)) },
    { what: 'uptime timeout null', refused: false, change: onClassic((api) => uptimeCheck(api, null)) },
    {
      what: 'JWKS cache_timeout as a string',
      refused: false,
      change: onClassic((api) => (api.jwt_jwks_uris = [{ url: 'https://idp.internal/jwks', cache_timeout: '1h' }])),
    },
    { what: 'global_enforce_timeout as a string', refused: false, change: onVersions((v) => (v.global_enforce_timeout = '30s')) },
    {
      what: 'ssl versions TLS 1.2–1.3',
      refused: false,
      change: onClassic((api) => Object.assign(transport(api), { ssl_min_version: 771, ssl_max_version: 772 })),
    },
    { what: 'JWT skew 0', refused: false, change: onClassic((api) => (api.jwt_expires_at_validation_skew = 0)) },
    {
      what: 'external OAuth JWT skew 0',
      refused: false,
      change: onClassic((api) => (api.external_oauth = { enabled: false, providers: [{ jwt: { enabled: true, issued_at_validation_skew: 0 } }] })),
    },
    { what: 'classic id of 24 hex digits', refused: false, change: onClassic((api) => (api.id = '5ead7120575961000181867f')) },
    { what: 'classic id empty', refused: false, change: onClassic((api) => (api.id = '')) },
    { what: 'policy _id {"$oid"}', refused: false, change: onPolicyOrKey(['policy'], (p) => (p._id = { $oid: '5ead7120575961000181867f' })) },
    { what: 'policy _id null', refused: false, change: onPolicyOrKey(['policy'], (p) => (p._id = null)) },
    { what: 'float member written 1000.0', refused: false, change: onPolicyOrKey(['session', 'policy'], (k) => (k.rate = 1003)), literal: [1003, '1003.0'] },
    {
      what: 'classic float rate written 1e2',
      refused: false,
      change: onClassic((api) => (api.global_rate_limit = { rate: 107, per: 1 })),
      literal: [107, '1.07e2'],
    },
    { what: 'integer written plainly', refused: false, change: onPolicyOrKey(['session'], (k) => (k.expires = 1718439136)) },
  ],
  'upstream-auth': [
    { what: 'classic basic and OAuth both enabled', refused: true, change: onClassic((api) => (api.upstream_auth = upstreamAuth(true, true, true))) },
    {
      what: 'OAS basic and OAuth both enabled',
      refused: true,
      change: onExtension((ext) => (o((ext.upstream ??= {})).authentication = oasUpstreamAuth(true, true, true))),
    },
    {
      what: 'classic upstream OAuth with two grant types',
      refused: true,
      change: onClassic(
        (api) =>
          (api.upstream_auth = { ...upstreamAuth(true, false, true), oauth: { enabled: true, allowed_authorize_types: ['clientCredentials', 'password'] } }),
      ),
    },
    // accepted
    { what: 'classic basic only', refused: false, change: onClassic((api) => (api.upstream_auth = upstreamAuth(true, true, false))) },
    { what: 'classic both, upstream auth off', refused: false, change: onClassic((api) => (api.upstream_auth = upstreamAuth(false, true, true))) },
    { what: 'OAS OAuth only', refused: false, change: onExtension((ext) => (o((ext.upstream ??= {})).authentication = oasUpstreamAuth(true, false, true))) },
    {
      what: 'OAS both, authentication off',
      refused: false,
      change: onExtension((ext) => (o((ext.upstream ??= {})).authentication = oasUpstreamAuth(false, true, true))),
    },
  ],
  'kv-references': [
    { what: '$kv without store separator in the target', refused: true, change: setTarget('https://$kv{API_HOST}/v1') },
    { what: '$kv not closed in the target', refused: true, change: setTarget('https://$kv{env:API_HOST/v1') },
    { what: 'kv:// without a path', refused: true, change: setTarget('kv://vault') },
    { what: '$kv with an empty path elsewhere', refused: true, change: onClassic((api) => (api.config_data = { token: '$kv{vault:}' })) },
    // accepted
    { what: '$kv inside the target URL', refused: false, change: setTarget('https://$kv{env:API_HOST}/v1') },
    { what: 'kv:// whole value with a field', refused: false, change: setTarget('kv://vault/upstream#url') },
    { what: 'env:// target', refused: false, change: setTarget('env://UPSTREAM_URL') },
    { what: 'consul:// listen path', refused: false, change: onClassic((api) => (o(api.proxy).listen_path = 'consul://apis/orders/listen')) },
  ],
  'closed-and-required': [
    {
      what: 'unknown member of x-svc-streaming',
      refused: true,
      change: (doc, kind) => kind === 'streams' && Boolean((o(doc['x-svc-streaming']).brokers = ['kafka:9092'])),
    },
    { what: 'extension without server.listenPath', refused: true, change: onExtension((ext) => delete o(ext.server).listenPath) },
    { what: 'extension without info.name', refused: true, change: onExtension((ext) => delete o(ext.info).name) },
    { what: 'extension without info.state.active', refused: true, change: onExtension((ext) => delete o(o(ext.info).state).active) },
    { what: 'extension without info', refused: true, change: onExtension((ext) => delete ext.info) },
    // accepted
    {
      what: 'a new member inside a stream (open)',
      refused: false,
      change: (doc, kind) => kind === 'streams' && Object.values(o(o(doc['x-svc-streaming']).streams)).every((s) => Boolean((o(s).buffer = { memory: {} }))),
    },
    { what: 'unknown member of the extension (lax: a warning)', refused: false, change: onExtension((ext) => (ext.futureSetting = true)) },
  ],
  templates: [
    {
      what: 'template members left out, not marked',
      refused: true,
      change: onExtension((ext) => {
        delete ext.info;
        delete o(ext.server).listenPath;
      }),
    },
    {
      what: 'marked template with a wrong type',
      refused: true,
      template: true,
      change: onExtension((ext) => {
        delete ext.info;
        o(ext.server).listenPath = { value: 42 };
      }),
    },
    // accepted
    {
      what: 'template members left out, marked as a template',
      refused: false,
      template: true,
      change: onExtension((ext) => {
        delete ext.info;
        delete o(ext.server).listenPath;
      }),
    },
    { what: 'marked template with every member', refused: false, template: true, change: onExtension(() => undefined) },
  ],
  'load-skips': [
    { what: 'empty listen path', refused: true, change: onClassic((api) => (o(api.proxy).listen_path = '')) },
    { what: 'no listen path', refused: true, change: onClassic((api) => delete o(api.proxy).listen_path) },
    { what: 'listen path with a space', refused: true, change: onClassic((api) => (o(api.proxy).listen_path = '/orders api/')) },
    { what: 'OAS listen path with a space', refused: true, change: onExtension((ext) => (o(o(ext.server).listenPath).value = '/orders api/')) },
    { what: 'target URL with a space in the host', refused: true, change: onClassic((api) => (o(api.proxy).target_url = 'http://orders internal:8080/')) },
    { what: 'target URL with a bad escape', refused: true, change: onClassic((api) => (o(api.proxy).target_url = 'http://orders.internal/%zz')) },
    { what: 'target URL with a non-numeric port', refused: true, change: onClassic((api) => (o(api.proxy).target_url = 'http://orders.internal:http/')) },
    // accepted
    { what: 'listen path with an escaped space', refused: false, change: onClassic((api) => (o(api.proxy).listen_path = '/orders%20api/')) },
    {
      what: 'TCP API without a listen path',
      refused: false,
      change: onClassic((api) => Object.assign(api, { protocol: 'tcp', proxy: { ...o(api.proxy), listen_path: '' } })),
    },
    { what: 'target URL with a space in the path', refused: false, change: onClassic((api) => (o(api.proxy).target_url = 'http://orders.internal/a b')) },
    { what: 'target URL with a port', refused: false, change: onClassic((api) => (o(api.proxy).target_url = 'http://orders.internal:8080/')) },
  ],
};

/** Every mutant of every class over every base it applies to. */
export function mutants(): Mutant[] {
  const out: Mutant[] = [];
  for (const base of bases()) {
    for (const [name, cases] of Object.entries(CLASSES)) {
      for (const c of cases) {
        const doc = clone(base.value);
        if (c.change && !c.change(doc, base.kind)) continue;
        let kind = base.kind;
        let value: Json = doc;
        if (c.template) {
          kind = base.kind === 'streams' ? 'streams-template' : 'oas-template';
          value = { $schema: `https://svc-gateway-tools.github.io/schemas/${kind}.schema.json`, ...doc };
        }
        let text = JSON.stringify(value, null, 2);
        if (c.literal) {
          const [marker, written] = c.literal;
          if (!text.includes(String(marker))) continue;
          text = text.replace(new RegExp(`(?<=[:\\[,]\\s*)${marker}(?=\\s*[,\\]}])`), written);
        }
        out.push({ class: name, base: base.name, kind, what: c.what, text, refused: c.refused });
      }
    }
  }
  return out;
}
