// The foundation's wiring over stdio: `dist/server.js` answers `initialize` and publishes a
// syntax error of a broken definition at the exact place, as an editor would show it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { LspClient } from './helpers/lspClient';

let client: LspClient;
before(async () => {
  client = await LspClient.start();
});
after(async () => {
  await client.stop();
});

test('a broken JSONC definition gets its syntax error at the missing comma', async () => {
  const uri = 'file:///protocol/syntax/broken-definition.jsonc';
  const text = [
    '// a classic definition with a missing comma',
    '{',
    '  "name": "Petstore",',
    '  "proxy": {',
    '    "listen_path": "/petstore/"',
    '    "target_url": "http://127.0.0.1:8080/"',
    '  },',
    '  "version_data": { "not_versioned": true, "versions": { "Default": { "name": "Default" } } }',
    '}',
  ].join('\n');
  client.open(uri, text, 'jsonc');
  const diagnostics = await client.waitForDiagnostics(uri, 1);
  const syntax = diagnostics.filter((d) => String(d.code).startsWith('svc.syntax.'));
  assert.equal(syntax.length, 1, JSON.stringify(diagnostics));
  // The fault is found where the next member starts: `"target_url"` on line 5 (0-based).
  assert.deepEqual(syntax[0].range, { start: { line: 5, character: 4 }, end: { line: 5, character: 16 } });
  assert.equal(syntax[0].severity, 1);
  assert.equal(syntax[0].source, 'svc');
  assert.match(String(syntax[0].message), /comma/i);
});
