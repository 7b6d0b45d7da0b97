// Seed classic APIs: versioned and unversioned ones, several auth methods, and one of each kind
// the migrate endpoint skips or refuses, so the migration workflow has something to show.
import type { Json } from '../types.js';
import { SEED_API_IDS as ID, SEED_ORG_ID } from './ids.js';

interface ClassicSeed {
  apiId: string;
  name: string;
  listenPath: string;
  target: string;
  versions?: string[];
  auth?: 'keyless' | 'token' | 'jwt' | 'oauth';
  extra?: Json;
}

function version(name: string): Json {
  return {
    name,
    expires: '',
    use_extended_paths: true,
    extended_paths: {
      ignored: [{ path: '/health', method_actions: { GET: { action: 'no_action', code: 200, data: '', headers: {} } } }],
      white_list: [],
      black_list: [],
    },
    global_headers: { 'X-Version': name },
  };
}

export function classicDefinition(seed: ClassicSeed): Json {
  const versions = seed.versions ?? ['Default'];
  const auth = seed.auth ?? 'token';
  return {
    api_id: seed.apiId,
    name: seed.name,
    slug: seed.name.toLowerCase().replace(/[^a-z0-9]/g, ''),
    org_id: SEED_ORG_ID,
    active: true,
    protocol: 'http',
    use_keyless: auth === 'keyless',
    use_standard_auth: auth === 'token',
    enable_jwt: auth === 'jwt',
    use_oauth2: auth === 'oauth',
    jwt_signing_method: auth === 'jwt' ? 'rsa' : undefined,
    jwt_source: auth === 'jwt' ? 'https://idp.example.com/.well-known/jwks.json' : undefined,
    jwt_identity_base_field: auth === 'jwt' ? 'sub' : undefined,
    oauth_meta:
      auth === 'oauth'
        ? {
            allowed_access_types: ['authorization_code', 'refresh_token'],
            allowed_authorize_types: ['code'],
            auth_login_redirect: 'https://partners.example.com/login',
          }
        : undefined,
    auth: { auth_header_name: 'Authorization' },
    auth_configs: {
      authToken: { auth_header_name: 'Authorization' },
      jwt: { auth_header_name: 'Authorization' },
      oauth: { auth_header_name: 'Authorization' },
    },
    definition: { enabled: false, location: 'header', key: 'x-api-version', strip_path: false },
    version_data: {
      not_versioned: versions.length === 1,
      default_version: versions[0],
      versions: Object.fromEntries(versions.map((v) => [v, version(v)])),
    },
    proxy: { listen_path: seed.listenPath, target_url: seed.target, strip_listen_path: true, preserve_host_header: false },
    global_rate_limit: { rate: 100, per: 60 },
    CORS: { enable: false, allowed_origins: ['*'], allowed_methods: ['GET', 'POST'] },
    cache_options: { enable_cache: true, cache_timeout: 60, cache_all_safe_requests: false, cache_response_codes: [200] },
    tags: ['seed'],
    ...seed.extra,
  };
}

export function seedClassicApis(): Json[] {
  const defs = [
    classicDefinition({
      apiId: ID.petstoreClassic,
      name: 'Petstore Classic',
      listenPath: '/petstore-classic/',
      target: 'https://petstore.example.com/v1',
      versions: ['Default', 'v2', 'v3'],
    }),
    classicDefinition({ apiId: ID.weatherClassic, name: 'Weather Classic', listenPath: '/weather/', target: 'https://weather.example.com', auth: 'keyless' }),
    classicDefinition({
      apiId: ID.ordersClassic,
      name: 'Orders Classic',
      listenPath: '/orders/',
      target: 'https://orders.example.com',
      versions: ['v1', 'v2'],
      auth: 'jwt',
    }),
    classicDefinition({ apiId: ID.partnerOauth, name: 'Partner OAuth', listenPath: '/partner/', target: 'https://partner-backend.example.com', auth: 'oauth' }),
    classicDefinition({
      apiId: ID.legacyTcp,
      name: 'Legacy TCP',
      listenPath: '',
      target: 'tcp://legacy.example.com:9000',
      extra: { protocol: 'tcp', listen_port: 9000 },
    }),
    classicDefinition({
      apiId: ID.countriesGraphql,
      name: 'Countries GraphQL',
      listenPath: '/countries/',
      target: 'https://countries.example.com/graphql',
      extra: {
        graphql: {
          enabled: true,
          execution_mode: 'proxyOnly',
          version: '2',
          schema: 'type Query { countries: [Country] } type Country { code: String name: String }',
        },
      },
    }),
    classicDefinition({ apiId: ID.chatWebsocket, name: 'Chat WebSocket', listenPath: '/chat/', target: 'wss://chat.example.com/socket' }),
    // Already in the new versioning model: the migrate endpoint refuses it.
    classicDefinition({
      apiId: ID.billingVersioned,
      name: 'Billing',
      listenPath: '/billing/',
      target: 'https://billing.example.com',
      extra: { definition: { enabled: true, name: 'v1', default: 'self', location: 'header', key: 'x-api-version', versions: { v2: ID.billingV2 } } },
    }),
    classicDefinition({
      apiId: ID.billingV2,
      name: 'Billing-v2',
      listenPath: '/billing-v2/',
      target: 'https://billing.example.com/v2',
      extra: { internal: true },
    }),
  ];
  // JSON round trip drops the undefined members of the builder.
  return JSON.parse(JSON.stringify(defs)) as Json[];
}
