#!/usr/bin/env node
// svc-lint: checks Svc gateway documents in CI. The implementation is bundled by
// scripts/build.mjs into dist/svc-lint.js (the same language service the editor uses).
// The bundle is compiled with V8's code cache that the build wrote beside it
// (dist/svc-lint.js.cache, made by linting sample documents): a CI run starts without parsing
// and compiling the bundle again. The cache is used only for the very bundle it was made from
// (its size and time, recorded in dist/svc-lint.js.cache.json); a cache from another Node or V8
// version is rejected by V8; either way the bundle then compiles as usual (docs/performance.md).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const bundle = path.join(__dirname, '..', 'dist', 'svc-lint.js');
const cacheFile = `${bundle}.cache`;
const stampFile = `${bundle}.cache.json`;
// The build sets this to write the cache after linting its samples.
const writeCache = process.env.SVC_LINT_WRITE_CODE_CACHE === '1';

/** The bundle's size and modification time: a rebuilt bundle never meets an old cache. */
const stampOf = (stats) => `${stats.size}:${stats.mtimeMs}`;

let cachedData;
if (!writeCache) {
  try {
    if (fs.readFileSync(stampFile, 'utf8') === stampOf(fs.statSync(bundle))) cachedData = fs.readFileSync(cacheFile);
  } catch {
    // no cache (or not this bundle's): compile as usual
  }
}
// Bytes then toString: Node 20's readFileSync(…, 'utf8') is markedly slower on a 1.4 MB file.
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle).toString('utf8')), { filename: bundle, cachedData });
const moduleExports = {};
const bundleModule = { exports: moduleExports, filename: bundle, id: bundle, loaded: true, children: [], paths: [] };
script.runInThisContext().call(moduleExports, moduleExports, Module.createRequire(bundle), bundleModule, bundle, path.dirname(bundle));
if (writeCache) {
  process.on('exit', () => {
    fs.writeFileSync(cacheFile, script.createCachedData());
    fs.writeFileSync(stampFile, stampOf(fs.statSync(bundle)));
  });
}
bundleModule.exports.main();
