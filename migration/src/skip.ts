// migration-mapping.md §8.3: why the migrate endpoint skips an API (`skipped.apis[].key`).
import { unwrapDashboardRecord } from './convert.js';
import type { ClassicApiDefinition } from './types.js';
import { isObject, obj } from './util.js';

export type MigrateMode = 'dryRun' | 'stage' | 'promote' | 'direct';

export type SkipKey = 'already_migrated' | 'already_staged' | 'not_staged' | 'is_tcp' | 'is_streams' | 'is_graphql' | 'is_websocket';

/** What the caller knows beyond the definition itself (store state, request). */
export interface SkipContext {
  mode?: MigrateMode;
  /** A staged OAS copy of this API exists (see `stagedApiId`). */
  hasStagedCopy?: boolean;
  /** From the request; only meaningful in `stage` mode. */
  overrideStaged?: boolean;
  /** The API's migration was already promoted (or it was replaced by `direct`). */
  alreadyPromoted?: boolean;
  /** The stored record is a streams API (the caller knows its kind). */
  isStreams?: boolean;
  /** The stored record is OAS-native (the caller knows its kind). */
  isOas?: boolean;
}

export interface SkipReason {
  key: SkipKey;
  message: string;
}

export const SKIP_MESSAGES: Readonly<Record<SkipKey, string>> = {
  already_migrated: 'API is already migrated to the OAS-native format',
  already_staged: 'a staged copy of this API already exists; set overrideStaged to replace it',
  not_staged: 'no staged copy of this API to promote; stage it first',
  is_tcp: 'TCP and TLS APIs are not migrated: the OAS-native format has no tcp or tls protocol',
  is_streams: 'streams APIs are not migrated',
  is_graphql: 'GraphQL APIs (proxy, UDG, subgraph, supergraph) are not migrated',
  is_websocket: 'WebSocket APIs are not migrated',
};

/**
 * The skip reason of §8.3, or undefined when the API should be migrated. Checked in this order:
 * what the API is (streams, already OAS or promoted, TCP, GraphQL, WebSocket), then what the mode
 * needs (an existing staged copy blocks `stage`, a missing one blocks `promote`).
 */
/** Accepts a bare definition or a dashboard record (`api_definition`). */
export function skipReason(def: ClassicApiDefinition, context: SkipContext = {}): SkipReason | undefined {
  const key = skipKey(unwrapDashboardRecord(def), context);
  return key ? { key, message: SKIP_MESSAGES[key] } : undefined;
}

function skipKey(def: ClassicApiDefinition, context: SkipContext): SkipKey | undefined {
  if (context.isStreams === true || isObject(def['x-svc-streaming']) || isObject(obj(def.oas)['x-svc-streaming'])) {
    return 'is_streams';
  }
  if (context.isOas === true || def.is_oas === true || context.alreadyPromoted === true) return 'already_migrated';
  if (def.protocol === 'tcp' || def.protocol === 'tls') return 'is_tcp';
  if (obj(def.graphql).enabled === true) return 'is_graphql';
  // Stryker disable next-line StringLiteral: any text but a ws:// or wss:// URL, "undefined" too, is not a websocket target
  if (/^wss?:\/\//i.test(String(obj(def.proxy).target_url ?? ''))) return 'is_websocket';
  if (context.mode === 'stage' && context.hasStagedCopy === true && context.overrideStaged !== true) return 'already_staged';
  if (context.mode === 'promote' && context.hasStagedCopy !== true) return 'not_staged';
  return undefined;
}
