// The fixture pairs of issue 26 (test/fixtures/gateway-agreement/README.md): the refused document has
// an error with the class's code, the accepted variant has no error at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { createLanguageService } from '../../../server/src/service/languageService';

const service = createLanguageService();
const DIR = join(__dirname, '..', '..', 'fixtures', 'gateway-agreement');

const PAIRS: Record<string, string> = {
  'decoding-uptime-timeout': 'svc.decode',
  'decoding-readable-duration': 'svc.decode',
  'decoding-object-id': 'svc.decode',
  'decoding-integer-literal': 'svc.decode',
  'upstream-auth': 'svc.semantic.upstream-auth',
  'kv-reference': 'svc.semantic.kv-reference',
  'load-skip-listen-path': 'svc.semantic.load-skip',
  'load-skip-target-url': 'svc.semantic.load-skip',
  'policies-map': 'svc.decode',
};

const errorsOf = (file: string) =>
  service
    .validate(TextDocument.create(`file:///agreement/${file}`, 'json', 1, readFileSync(join(DIR, file), 'utf8')))
    .filter((d) => d.severity === DiagnosticSeverity.Error);

for (const [pair, code] of Object.entries(PAIRS)) {
  test(`${pair}: refused with ${code}, its nearest variant accepted`, () => {
    const refused = errorsOf(`${pair}.refused.json`);
    assert.deepEqual(
      refused.map((d) => d.code),
      [code],
      refused.map((d) => d.message).join(' | '),
    );
    assert.match(String(refused[0].message), /write|set `enabled: false`|remove/);
    assert.deepEqual(
      errorsOf(`${pair}.accepted.json`).map((d) => `${String(d.code)} ${d.message}`),
      [],
    );
  });
}

test('policies-map: the gateway\'s policies.json is detected as a document kind of its own', () => {
  const text = readFileSync(join(DIR, 'policies-map.accepted.json'), 'utf8');
  assert.equal(service.detectKind(TextDocument.create('file:///agreement/policies.json', 'json', 1, text))?.kind, 'policies');
  // One policy alone is still a policy, not a map of them.
  const one = JSON.stringify((JSON.parse(text) as Record<string, unknown>).gold);
  assert.equal(service.detectKind(TextDocument.create('file:///agreement/gold.json', 'json', 1, one))?.kind, 'policy');
});
