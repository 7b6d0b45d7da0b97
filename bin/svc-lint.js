#!/usr/bin/env node
// svc-lint: checks Svc gateway documents in CI. The implementation is bundled by
// scripts/build.mjs into dist/svc-lint.js (the same language service the editor uses).
require('../dist/svc-lint.js').main();
