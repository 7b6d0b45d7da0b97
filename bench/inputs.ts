// Deterministic benchmark inputs: an OAS document of about 2 MB (3,000 operations, each with
// its own middleware entry) and a classic definition with 500 versions. No randomness: the
// same bytes on every machine and every run.

const METHODS = ['get', 'post', 'put', 'delete'] as const;

/** `id` names the API and its listen path (files of one folder must not share a listen path). */
export function largeOasDocument(operations = 3000, id = ''): string {
  const paths: Record<string, Record<string, unknown>> = {};
  const middleware: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    const resource = `/resources${Math.floor(i / METHODS.length)}/{id}`;
    const method = METHODS[i % METHODS.length];
    const operationId = `operation${i}`;
    (paths[resource] ??= {})[method] = {
      operationId,
      summary: `Operation number ${i} on resource ${Math.floor(i / METHODS.length)}`,
      parameters: [{ name: 'id', in: 'path', required: true }],
      responses: { '200': { description: 'OK' } },
    };
    middleware[operationId] = {
      allow: { enabled: i % 2 === 0 },
      rateLimit: { enabled: true, rate: 100 + (i % 50), per: 60 },
      transformRequestHeaders: { enabled: true, add: [{ name: 'X-Operation', value: operationId }], remove: ['X-Internal'] },
      cache: { enabled: i % 3 === 0, timeout: 60 },
    };
  }
  const document = {
    openapi: '3.0.3',
    info: { title: `Benchmark API${id}`, version: '1.0.0' },
    servers: [{ url: 'https://bench.example.com' }],
    security: [{ authToken: [] }],
    paths,
    components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    'x-svc-api-gateway': {
      info: { name: `benchmark-api${id}`, state: { active: true } },
      upstream: { url: 'https://bench.internal' },
      server: {
        listenPath: { value: `/bench${id}/`, strip: true },
        authentication: { enabled: true, securitySchemes: { authToken: { enabled: true, header: { enabled: true, name: 'Authorization' } } } },
      },
      middleware: { global: { cors: { enabled: false } }, operations: middleware },
    },
  };
  return JSON.stringify(document, null, 1);
}

export function largeClassicDefinition(versions = 500): string {
  const versionMap: Record<string, unknown> = {};
  for (let i = 0; i < versions; i++) {
    versionMap[`v${i}`] = {
      name: `v${i}`,
      expires: '',
      use_extended_paths: true,
      global_headers: { 'X-Version': `v${i}` },
      extended_paths: {
        white_list: [{ path: `/items/${i}`, method_actions: { GET: { action: 'no_action', code: 200, data: '', headers: {} } } }],
        hard_timeouts: [{ path: `/slow/${i}`, method: 'GET', timeout: 30 }],
      },
    };
  }
  return JSON.stringify(
    {
      name: 'Versioned benchmark',
      api_id: 'versioned-bench',
      org_id: 'org',
      active: true,
      use_keyless: true,
      proxy: { listen_path: '/versioned/', target_url: 'http://upstream.internal', strip_listen_path: true },
      definition: { enabled: true, location: 'header', key: 'x-api-version', name: 'versioned' },
      version_data: { not_versioned: false, default_version: 'v0', versions: versionMap },
    },
    null,
    2,
  );
}
