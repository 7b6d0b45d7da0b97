// Navigation figures for `npm run bench`: building the workspace index for 1,000 definition
// files (APIs classic and OAS, policies, keys) and answering find-references at 200 positions
// spread over them. Deterministic inputs; the service is the bundled one run.ts loads.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position } from 'vscode-languageserver-types';
import type { LanguageService } from '../server/src/service/languageService';

const API_COUNT = { classic: 400, oas: 200 };
const POLICIES = 300;
const KEYS = 100;

const apiId = (i: number) => `api-${i.toString(16).padStart(6, '0')}`;

function classic(i: number): string {
  const ignored = [{ path: '/health', method_actions: { GET: { action: 'no_action', code: 200 } } }];
  const versions = { Default: { name: 'Default', use_extended_paths: true, extended_paths: { ignored } } };
  return JSON.stringify(
    {
      name: `Classic API ${i}`,
      api_id: apiId(i),
      org_id: 'org',
      use_keyless: false,
      use_standard_auth: true,
      auth: { auth_header_name: 'Authorization' },
      proxy: { listen_path: `/classic-${i}/`, target_url: `https://upstream-${i}.example.com`, strip_listen_path: true },
      version_data: { not_versioned: true, default_version: 'Default', versions },
    },
    null,
    2,
  );
}

function oas(i: number): string {
  const paths: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  for (let k = 0; k < 20; k++) {
    paths[`/items/${k}`] = { get: { operationId: `get${i}x${k}`, responses: { '200': { description: 'ok' } } } };
    operations[`get${i}x${k}`] = { allow: { enabled: true } };
  }
  const server = { listenPath: { value: `/oas-${i}/` }, authentication: { enabled: true, securitySchemes: { token: { enabled: true } } } };
  return JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: `OAS API ${i}`, version: '1' },
      paths,
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
      'x-svc-api-gateway': {
        info: { id: apiId(i), name: `OAS API ${i}`, state: { active: true } },
        upstream: { url: `https://oas-${i}.example.com` },
        server,
        middleware: { operations },
      },
    },
    null,
    2,
  );
}

const apiTotal = API_COUNT.classic + API_COUNT.oas;
const grantsOf = (p: number) => [0, 1, 2].map((k) => apiId((p * 7 + k * 131) % apiTotal));

function policy(p: number): string {
  const access_rights = Object.fromEntries(grantsOf(p).map((id) => [id, { api_id: id, api_name: id, versions: ['Default'] }]));
  const partitions = { quota: false, rate_limit: false, acl: false };
  return JSON.stringify({ id: `policy-${p}`, name: `Plan ${p}`, rate: 100, per: 60, quota_max: -1, key_expires_in: 0, access_rights, partitions }, null, 2);
}

function key(k: number): string {
  const access_rights = Object.fromEntries(
    grantsOf(k)
      .slice(0, 2)
      .map((id) => [id, { api_id: id, versions: ['Default'] }]),
  );
  return JSON.stringify({ apply_policies: [`policy-${k}`, `policy-${k + 100}`], rate: 10, per: 60, quota_max: -1, expires: 0, access_rights }, null, 2);
}

export function navigationInputs(): Array<{ uri: string; text: string }> {
  const files: Array<{ uri: string; text: string }> = [];
  for (let i = 0; i < API_COUNT.classic; i++) files.push({ uri: `file:///bench/apis/classic-${i}.json`, text: classic(i) });
  for (let i = API_COUNT.classic; i < apiTotal; i++) files.push({ uri: `file:///bench/apis/oas-${i}.json`, text: oas(i) });
  for (let p = 0; p < POLICIES; p++) files.push({ uri: `file:///bench/policies/policy-${p}.json`, text: policy(p) });
  for (let k = 0; k < KEYS; k++) files.push({ uri: `file:///bench/keys/key-${k}.json`, text: key(k) });
  return files;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface NavigationFigures {
  files: number;
  bytes: number;
  buildMs: number;
  p50: number;
  p95: number;
  results: number;
}

export function benchNavigation(createLanguageService: () => LanguageService): NavigationFigures {
  const files = navigationInputs();
  // As the other figures: a warm-up build (JIT), then the median of five builds on fresh services.
  const build = (): { service: LanguageService; ms: number; count: number } => {
    const service = createLanguageService();
    const start = performance.now();
    for (const f of files) service.workspace.updateText(f.uri, f.text);
    const count = service.workspace.all().length;
    return { service, ms: performance.now() - start, count };
  };
  build();
  const buildTimes: number[] = [];
  let last = build();
  for (let i = 0; i < 5; i++) {
    last = build(); // the earlier services become garbage here, not during the references below
    buildTimes.push(last.ms);
  }
  const buildMs = percentile(buildTimes, 50);
  const { service, count: indexed } = last;

  // 200 positions: API ids in API files and grants in policies and keys, spread evenly.
  const targets: Array<{ document: TextDocument; position: Position }> = [];
  for (let n = 0; n < 200; n++) {
    const f = files[Math.floor((n * files.length) / 200)];
    const document = TextDocument.create(f.uri, 'json', 1, f.text);
    const offset = f.text.indexOf('"api-') + 2;
    targets.push({ document, position: document.positionAt(offset) });
  }
  for (const { document, position } of targets) service.references(document, position, true); // warm-up
  const times: number[] = [];
  let results = 0;
  for (const { document, position } of targets) {
    const t = performance.now();
    results += service.references(document, position, true).length;
    times.push(performance.now() - t);
  }
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  return { files: indexed, bytes, buildMs, p50: percentile(times, 50), p95: percentile(times, 95), results };
}
