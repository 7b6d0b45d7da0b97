// The classic→OAS converter (migration/src/) ships as a bundle of its own, dist/migration.js
// (scripts/build.mjs), loaded on first use: activation neither parses nor runs it
// (docs/performance.md). Run from the sources (unit tests under tsx), the sources load instead.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as Converter from '../../../../migration/src/index';

let loaded: typeof Converter | undefined;

export function converter(): typeof Converter {
  if (!loaded) {
    const bundle = join(__dirname, 'migration.js');
    // The path is a variable, so esbuild leaves this `require` alone: the converter stays out of dist/client.js.
    const target = existsSync(bundle) ? bundle : join(__dirname, '..', '..', '..', '..', 'migration', 'src', 'index');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(target) as typeof Converter;
  }
  return loaded;
}
