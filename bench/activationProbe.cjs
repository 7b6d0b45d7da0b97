// Run by bench/wholeProcess.ts in a fresh Node process: loads dist/client.js the way VS Code's
// extension host does (`require`), with a stand-in `vscode` module, calls `activate` as a
// user's window would (production mode), and prints the milliseconds of each step as JSON.
// The stand-in answers every API call with another stand-in (settings with their default), so
// activation runs its real wiring: registrations, the tree, the status bar, the language client
// object. What VS Code itself does is not measured (it is the same for every extension).
//   node bench/activationProbe.cjs <dist folder> <scratch folder>
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS script, as the extension host loads the client */
/* global performance */
'use strict';
const Module = require('node:module');
const path = require('node:path');

const dist = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'dist'));

function standIn(name) {
  const cache = new Map();
  const target = function () {};
  return new Proxy(target, {
    get(_t, prop) {
      if (prop === 'then') return undefined; // not a promise
      if (prop === Symbol.iterator) return function* () {};
      if (prop === Symbol.toPrimitive) return () => 0;
      if (prop === 'toString' || prop === 'toJSON') return () => name;
      if (prop === 'length') return 0;
      if (!cache.has(prop)) cache.set(prop, standIn(`${name}.${String(prop)}`));
      return cache.get(prop);
    },
    set: (_t, prop, value) => (cache.set(prop, value), true),
    // `configuration.get(key, default)` and `globalState.get(key)` answer the default; everything else a stand-in.
    apply: (_t, _this, args) => (name.endsWith('.get') ? args[1] : standIn(`${name}()`)),
    construct: () => standIn(`new ${name}`),
  });
}

/** The names `vscode` exports (from its type declarations): esbuild's interop copies a module's own keys. */
function apiNames() {
  const declarations = require('node:fs').readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  return [...new Set([...declarations.matchAll(/^\texport (?:namespace|class|enum|const|function|let) (\w+)/gm)].map((m) => m[1]))];
}
// A plain object, as VS Code's API object is (esbuild's interop copies its keys once per importing module).
const members = standIn('vscode');
const vscode = Object.fromEntries(apiNames().map((name) => [name, members[name]]));
vscode.version = '1.100.0';
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode };

const root = path.dirname(dist);
// Storage folders the extension may create things in: a temporary folder, removed by the bench.
const storage = process.argv[3] ?? require('node:os').tmpdir();
const uri = (fsPath) => ({ fsPath, path: fsPath, scheme: 'file', toString: () => `file://${fsPath}` });
const context = new Proxy(
  {
    subscriptions: [],
    globalStorageUri: uri(path.join(storage, 'global')),
    storageUri: uri(path.join(storage, 'workspace')),
    logUri: uri(path.join(storage, 'log')),
    extensionUri: uri(root),
    extensionMode: 1, // production
    extensionPath: root,
    asAbsolutePath: (p) => path.join(root, p),
  },
  { get: (t, prop) => (prop in t ? t[prop] : prop === 'then' ? undefined : standIn(`context.${String(prop)}`)) },
);

(async () => {
  const start = performance.now();
  const extension = require(path.join(dist, 'client.js'));
  const loaded = performance.now();
  let error;
  try {
    await extension.activate(context);
  } catch (e) {
    error = e instanceof Error ? (process.env.SVC_PROBE_STACK ? e.stack : e.message) : String(e);
  }
  const activated = performance.now();
  process.stdout.write(JSON.stringify({ loadMs: loaded - start, activateMs: activated - loaded, error }) + '\n');
  process.exit(0); // the language client may have begun starting the server: not measured
})();
