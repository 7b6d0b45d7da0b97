// The `writeDefaults` option: a server that fills in members on every write, as the reference
// does (../shared/docs/gateway-facts.md), so that tools can prove that what a server adds is not
// drift. Off by default. What it adds, only where the member is absent:
//   OAS APIs (§8.4, what import forces or adds): x-svc-api-gateway.info.state.active = true,
//     .info.state.internal = false, .server.listenPath.strip = true,
//     .middleware.global.contextVariables.enabled = true, .middleware.global.trafficLogs.enabled = true
//   streams APIs: info.state.active/internal and listenPath.strip as for OAS
//   classic APIs (§2.3, "Defaults when the gateway fills it"): definition.key = "x-api-version",
//     .location = "header", .default = "self" when a `definition` object is there
//   policies (§6, the dashboard's record members): state = "active", graphql_enabled = false,
//     date_created = the time of the first write (kept on later writes)
// and it stores every document with its members in another order (sorted), as a server that
// keeps its own member order does. Keys are left as they are.
import type { ApiRecord, Json } from '../types.js';
import { EXT, obj, STREAMING } from './apis.js';

const member = (parent: Json, name: string): Json => {
  const value = obj(parent[name]);
  parent[name] = value;
  return value;
};

function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortedDeep((value as Json)[k])]),
    );
  }
  return value;
}

export function apiWithDefaults(record: ApiRecord): ApiRecord {
  if (record.kind === 'classic' && record.classic) {
    const classic = structuredClone(record.classic);
    if (classic.definition && typeof classic.definition === 'object') {
      const definition = obj(classic.definition);
      definition.key ??= 'x-api-version';
      definition.location ??= 'header';
      definition.default ??= 'self';
    }
    return { ...record, classic: sortedDeep(classic) as Json };
  }
  if (record.oas) {
    const doc = structuredClone(record.oas);
    if (doc[EXT] && typeof doc[EXT] === 'object') {
      const ext = obj(doc[EXT]);
      const state = member(member(ext, 'info'), 'state');
      state.active ??= true;
      state.internal ??= false;
      member(member(ext, 'server'), 'listenPath').strip ??= true;
      if (!doc[STREAMING]) {
        const global = member(member(ext, 'middleware'), 'global');
        member(global, 'contextVariables').enabled ??= true;
        member(global, 'trafficLogs').enabled ??= true;
      }
    }
    return { ...record, oas: sortedDeep(doc) as Json };
  }
  return record;
}

export function policyWithDefaults(policy: Json, previous: Json | undefined): Json {
  const copy = structuredClone(policy);
  copy.state ??= 'active';
  copy.graphql_enabled ??= false;
  copy.date_created ??= previous?.date_created ?? new Date().toISOString();
  return sortedDeep(copy) as Json;
}
