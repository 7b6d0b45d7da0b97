#!/usr/bin/env node
// svc-lint: checks Svc gateway documents in CI. The implementation is bundled by
// scripts/build.mjs into dist/svc-lint.js (the same language service the editor uses).
// The bundle is compiled with V8's code cache that the build wrote beside it
// (dist/svc-lint.js.cache, made by linting sample documents): a CI run starts without parsing
// and compiling the bundle again. The cache is used only for the very bundle it was made from
// (its size and time, recorded in dist/svc-lint.js.cache.json); a cache from another Node or V8
// version is rejected by V8; either way the bundle then compiles as usual (docs/performance.md).
'use strict';
// V8 settings for a short run (docs/performance.md), set before the bundle is compiled, so its
// code cache (made through this file) carries the same flags:
// - the young generation stays at its first size instead of doubling as a large document is
//   parsed: every fresh page of memory costs a page fault, ~12 µs each on the virtual machines CI
//   runs on, and a 2 MB definition made V8 grow it to 16 MB for objects that end in the old
//   generation anyway (10,200 → 8,300 faults, about 20 ms);
// - no incremental marking: a 2 MB lint crossed the old generation's first marking threshold
//   near its end and paid a whole mark-compact (~6 ms, and marking threads on the second core)
//   to reclaim memory the process frees by exiting. A run that does fill its heap still collects
//   it, in one pause instead of steps;
// - no optimizing compiler (TurboFan) until the run has work it pays on: a short run spends more
//   compiling than it saves. The bundle turns it on (server/src/lint/optimizer.ts says when).
const v8 = require('node:v8');
v8.setFlagsFromString('--semi-space-growth-factor=1 --no-incremental-marking --max-opt=1 --force-emit-interrupt-budget-checks');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const bundle = path.join(__dirname, '..', 'dist', 'svc-lint.js');
const cacheFile = `${bundle}.cache`;
const stampFile = `${bundle}.cache.json`;
// The build sets this to write the cache after linting its samples.
const writeCache = process.env.SVC_LINT_WRITE_CODE_CACHE === '1';

/** The bundle's size and modification time: a rebuilt bundle never meets an old cache. */
const stampOf = (stats) => `${stats.size}:${stats.mtimeMs}`;

/**
 * One buffer for every file this process reads (the bundle, its code cache, then the documents,
 * through the bundle's readText): each fresh page of memory costs a page fault, and a reused page
 * does not (docs/performance.md). Reserved, not touched: pages are faulted in as files fill them.
 */
const scratch = Buffer.allocUnsafeSlow(8 * 1024 * 1024);
/** A file's bytes in `scratch` (valid until the next read), or a buffer of its own when larger. */
function readBytes(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > scratch.length) return fs.readFileSync(file);
    let length = 0;
    while (length < size) {
      const read = fs.readSync(fd, scratch, length, size - length, length);
      if (read === 0) break;
      length += read;
    }
    return scratch.subarray(0, length);
  } finally {
    fs.closeSync(fd);
  }
}

// The bundle is built as the function Node wraps a module in (scripts/build.mjs), so its text is
// compiled as it is. It is decoded before the cache is read into the same buffer.
const source = readBytes(bundle).toString('utf8');
let cachedData;
if (!writeCache) {
  try {
    if (fs.readFileSync(stampFile, 'utf8') === stampOf(fs.statSync(bundle))) cachedData = readBytes(cacheFile);
  } catch {
    // no cache (or not this bundle's): compile as usual
  }
}
const script = new vm.Script(source, { filename: bundle, cachedData });
const moduleExports = {};
const bundleModule = { exports: moduleExports, filename: bundle, id: bundle, loaded: true, children: [], paths: [] };
// The bundle requires Node's built-in modules only, so this file's own `require` serves it
// (node:module's createRequire would load Node's ES module loader first).
script.runInThisContext().call(moduleExports, moduleExports, require, bundleModule, bundle, path.dirname(bundle));
if (writeCache) {
  process.on('exit', () => {
    fs.writeFileSync(cacheFile, script.createCachedData());
    fs.writeFileSync(stampFile, stampOf(fs.statSync(bundle)));
  });
}
// The cache is written at exit with the flags of that moment: the build's run keeps the start's.
const enableOptimizer = writeCache ? undefined : () => v8.setFlagsFromString('--max-opt=999 --turbofan');
if (process.env.SVC_LINT_REPORT_CODE_CACHE === '1') {
  // How the bundle was compiled (a test checks the build's cache is taken): accepted, rejected or none.
  process.stderr.write(`svc-lint: code cache ${cachedData ? (script.cachedDataRejected ? 'rejected' : 'accepted') : 'none'}\n`);
}
bundleModule.exports.main({ scratch, enableOptimizer });
