#!/usr/bin/env node
// svc: pull, diff, push and migrate from CI. The implementation is bundled by
// scripts/build.mjs into dist/svc.js (the same sync engine the extension uses).
require('../dist/svc.js').main();
