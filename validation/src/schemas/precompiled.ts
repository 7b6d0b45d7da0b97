// The build's precompiled validators (standalone.ts writes validation/generated/validators.js;
// esbuild bundles it). Loaded on first use; absent when running from sources before a build.
import type { ValidateFunction } from 'ajv';

/**
 * Validators by schema reference, the hash of the schema files they were compiled from, and the
 * references ajv refused to compile (strict mode), with its message.
 */
export type PrecompiledValidators = { __schemaHash: string; __failed: Record<string, string> } & Record<
  string,
  ValidateFunction | string | Record<string, string> | undefined
>;

let loaded: PrecompiledValidators | null | undefined;

export function loadPrecompiledValidators(): PrecompiledValidators | undefined {
  if (loaded === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = require('../../generated/validators.js') as PrecompiledValidators;
    } catch {
      loaded = null; // not built yet: the registry compiles at run time
    }
  }
  return loaded ?? undefined;
}
