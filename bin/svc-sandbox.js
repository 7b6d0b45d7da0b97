#!/usr/bin/env node
// Runs the bundled sandbox CLI (built by `npm run build` into dist/sandbox-cli.js).
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const bundle = join(__dirname, '..', 'dist', 'sandbox-cli.js');
if (!existsSync(bundle)) {
  console.error('svc-sandbox: dist/sandbox-cli.js is missing; run `npm run build` (or `npm install`, which builds) first.');
  process.exitCode = 2;
} else {
  require(bundle);
}
