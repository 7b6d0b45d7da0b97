// Shared builders for the migration tests: a minimal classic API and a converter with
// predictable child ids.
import assert from 'node:assert/strict';
import { convertClassicToOas, type ClassicApiDefinition, type ConvertOptions, type Json, type OasDocument } from '../../../migration/src/index.js';

/** The smallest classic API that migrates: keyless, not versioned. Members can be overridden. */
export function classic(overrides: Json = {}): ClassicApiDefinition {
  return {
    api_id: 'api1',
    name: 'Pets',
    active: true,
    use_keyless: true,
    proxy: { listen_path: '/pets/', target_url: 'http://upstream.test', strip_listen_path: true },
    version_data: { not_versioned: true, versions: { Default: { name: 'Default' } } },
    ...overrides,
  };
}

/** The classic API with `versions.Default` replaced by `version` (for §4/§5.7 inputs). */
export function withVersion(version: Json, overrides: Json = {}): ClassicApiDefinition {
  return classic({ version_data: { not_versioned: true, versions: { Default: { name: 'Default', ...version } } }, ...overrides });
}

/** Converts and asserts success; child ids are `child1`, `child2`, … */
export function migrate(def: ClassicApiDefinition, options: ConvertOptions = {}) {
  let n = 0;
  const result = convertClassicToOas(def, { generateId: () => `child${++n}`, ...options });
  if (!result.ok) assert.fail(`migration failed: ${result.errors.join('; ')}`);
  return result;
}

/** `x-svc-api-gateway` of a document. */
export function ext(doc: OasDocument): Json {
  return doc['x-svc-api-gateway'];
}
