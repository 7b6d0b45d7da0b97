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
  'streams-closed': 'svc.schema.not-allowed',
  'extension-required': 'svc.schema.required',
};

const errorsOf = (file: string) =>
  service
    .validate(TextDocument.create(`file:///agreement/${file}`, 'json', 1, readFileSync(join(DIR, file), 'utf8')))
    .filter((d) => d.severity === DiagnosticSeverity.Error);

for (const [pair, code] of Object.entries(PAIRS)) {
  test(`${pair}: refused with ${code}, its nearest variant accepted`, () => {
    const refused = errorsOf(`${pair}.refused.json`);
    assert.deepEqual([...new Set(refused.map((d) => d.code))], [code], refused.map((d) => d.message).join(' | '));
    assert.match(String(refused[0].message), /write|set `enabled: false`|remove|add it/);
    assert.deepEqual(
      errorsOf(`${pair}.accepted.json`).map((d) => `${String(d.code)} ${String(d.message)}`),
      [],
    );
  });
}

test("policies-map: the gateway's policies.json is detected as a document kind of its own", () => {
  const text = readFileSync(join(DIR, 'policies-map.accepted.json'), 'utf8');
  assert.equal(service.detectKind(TextDocument.create('file:///agreement/policies.json', 'json', 1, text))?.kind, 'policies');
  // One policy alone is still a policy, not a map of them.
  const one = JSON.stringify((JSON.parse(text) as Record<string, unknown>).gold);
  assert.equal(service.detectKind(TextDocument.create('file:///agreement/gold.json', 'json', 1, one))?.kind, 'policy');
});

test('template: refused as an OAS document (members only import fills in), accepted with `$schema` naming the template schema', () => {
  const refused = errorsOf('template.refused.json');
  assert.ok(refused.length > 0 && refused.every((d) => d.code === 'svc.schema.required'), refused.map((d) => d.message).join(' | '));
  assert.match(String(refused[0].message), /oas-template/);
  assert.deepEqual(errorsOf('template.accepted.json'), []);
  const kind = service.detectKind(TextDocument.create('file:///t.json', 'json', 1, readFileSync(join(DIR, 'template.accepted.json'), 'utf8')))?.kind;
  assert.equal(kind, 'oas-template');
});

test('template: an association makes a file a template too; a template still refuses a wrong type', () => {
  const text = readFileSync(join(DIR, 'template.refused.json'), 'utf8');
  const doc = TextDocument.create('file:///work/templates/pets.json', 'json', 1, text);
  const settings = { associations: { '**/templates/*.json': 'oas-template' } };
  assert.deepEqual(
    service.validate(doc, settings).filter((d) => d.severity === DiagnosticSeverity.Error),
    [],
  );
  const wrong = TextDocument.create('file:///work/templates/bad.json', 'json', 1, text.replace('"enabled": true', '"enabled": "yes"'));
  assert.deepEqual(
    service
      .validate(wrong, settings)
      .filter((d) => d.severity === DiagnosticSeverity.Error)
      .map((d) => d.code),
    ['svc.schema.type'],
  );
});
