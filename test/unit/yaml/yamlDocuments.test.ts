// YAML OAS and streams documents in the language service: what plain scalars become (as the
// gateway's go-yaml v3 decoder reads them) and the warning on the surprising ones with its quote
// fix, anchors and aliases, merge keys, duplicate keys, several documents, detection by content.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createLanguageService } from '../../../server/src/service/languageService';
import { YamlCodes } from '../../../server/src/service/yaml/yamlCodes';
import { goTimestamp, readPlain } from '../../../server/src/service/yaml/yamlScalars';
import { toDocumentSettings } from '../../../server/src/lsp/settings';

const service = createLanguageService();
let version = 0;
const yamlDoc = (text: string, uri = 'file:///work/api.oas.yaml') => TextDocument.create(uri, 'yaml', ++version, text);

/** A valid OAS document with the extension; `extra` is appended at the root (YAML lines). */
const oas = (extra = '', gateway = '') => `openapi: 3.0.3
info:
  title: Payments
  version: "1.0"
paths: {}
x-svc-api-gateway:
  info:
    name: Payments
    state:
      active: true
  upstream:
    url: http://payments.internal
  server:
    listenPath:
      value: /payments/
${gateway}${extra}`;

const codes = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)}`);
const validate = (text: string) => service.validate(yamlDoc(text));
const valueOf = (text: string) => service.parse(yamlDoc(text)).value as Record<string, any>;

test('a valid YAML OAS document is detected by content and gets no finding', () => {
  const doc = yamlDoc(oas());
  assert.deepEqual(service.detectKind(doc), { kind: 'oas', source: 'content' });
  assert.deepEqual(service.validate(doc), []);
});

test('detection: YAML files are ours only as OAS or streams documents', () => {
  assert.equal(service.detectKind(yamlDoc('x-svc-streaming:\n  streams: {}\nx-svc-api-gateway:\n  info: {}\n'))?.kind, 'streams');
  // A plain OpenAPI document, a policy-shaped file, a CI file: not ours, no diagnostics.
  for (const text of [
    'openapi: 3.0.3\ninfo: {title: x}\n',
    'access_rights:\n  a: {}\nrate: 1\nper: 1\nname: p\nid: p\n',
    'jobs:\n  build: {runs-on: ubuntu}\n',
  ]) {
    assert.equal(service.detectKind(yamlDoc(text)), undefined, text);
    assert.deepEqual(service.validate(yamlDoc(text)), [], text);
  }
  // An untitled YAML document (no file name) is told by its language.
  assert.equal(service.detectKind(yamlDoc('access_rights:\n  a: {}\nrate: 1\nper: 1\nname: p\nid: p\n', 'untitled:Untitled-1')), undefined);
});

test('plain scalars: what yes, on, 0777, 1e3, 1.10 and timestamps become for the gateway', () => {
  // `yes` stays the text (YAML 1.2), with the warning that a YAML 1.1 reader would have made it a boolean.
  assert.equal(readPlain('yes', 'yes').value, 'yes');
  assert.match(readPlain('yes', 'yes').surprise ?? '', /^`yes` is the text "yes" here, not a boolean/);
  assert.equal(readPlain('on', 'on').value, 'on');
  assert.equal(readPlain('0777', 777).value, 511); // go-yaml v3: a leading zero is octal
  assert.equal(readPlain('-010', -10).value, -8);
  assert.equal(readPlain('1e3', 1000).value, 1000);
  assert.match(readPlain('1e3', 1000).surprise ?? '', /^`1e3` is the number 1000 here/);
  assert.equal(readPlain('1.10', 1.1).value, 1.1);
  assert.equal(readPlain('2024-01-02', '2024-01-02').value, '2024-01-02T00:00:00Z');
  assert.match(readPlain('2024-01-02', '2024-01-02').surprise ?? '', /^`2024-01-02` is a timestamp .* becomes "2024-01-02T00:00:00Z"/);
  assert.equal(readPlain('1_000', '1_000').value, 1000);
  assert.equal(readPlain('0b101', '0b101').value, 5);
  // Just outside: no surprise.
  assert.match(readPlain('0o17', 15).surprise ?? '', /is the number 15 here/);
  for (const [source, value] of [
    ['0', 0],
    ['10', 10],
    ['1000', 1000],
    ['1.5', 1.5],
    ['true', true],
    ['text', 'text'],
    ['2024-02-30', '2024-02-30'],
  ] as const) {
    assert.equal(readPlain(source, value).surprise, undefined, source);
  }
});

test('timestamps as Go writes them: RFC 3339, fraction trimmed, Z for UTC; not a timestamp just outside', () => {
  assert.equal(goTimestamp('2001-12-14t21:59:43.10-05:00'), '2001-12-14T21:59:43.1-05:00');
  assert.equal(goTimestamp('2001-12-14T21:59:43Z'), '2001-12-14T21:59:43Z');
  assert.equal(goTimestamp('2001-12-14T21:59:43+00:00'), '2001-12-14T21:59:43Z');
  assert.equal(goTimestamp('2001-12-14 21:59:43.5'), '2001-12-14T21:59:43.5Z');
  assert.equal(goTimestamp('2024-1-2'), '2024-01-02T00:00:00Z');
  assert.equal(goTimestamp('2024-02-29'), '2024-02-29T00:00:00Z');
  assert.equal(goTimestamp('2023-02-29'), undefined); // no such day
  assert.equal(goTimestamp('2001-12-14T21:59:43'), undefined); // a T form needs a zone (go-yaml)
  assert.equal(goTimestamp('2001-12-14 21:59:43Z'), undefined); // the space form takes none
  assert.equal(goTimestamp('v2024-01-02'), undefined);
});

test('a surprising scalar is a warning on its exact range; the quick fix quotes it and the warning goes', () => {
  const text = oas('x-note: on\n');
  const doc = yamlDoc(text);
  const diagnostics = service.validate(doc);
  const warning = diagnostics.find((d) => d.code === YamlCodes.surprisingScalar);
  assert.ok(warning, codes(diagnostics).join('\n'));
  assert.equal(doc.getText(warning.range), 'on');
  assert.match(String(warning.message), /`on` is the text "on" here, not a boolean/);
  const [fix] = service.codeActions(doc, [warning], warning.range).filter((a) => a.title.startsWith('Quote'));
  assert.ok(fix, 'a quote fix');
  const edit = fix.edit!.changes![doc.uri][0];
  const fixed = TextDocument.applyEdits(doc, [edit]);
  assert.ok(fixed.endsWith('x-note: "on"\n'));
  assert.deepEqual(
    service.validate(yamlDoc(fixed)).filter((d) => d.code === YamlCodes.surprisingScalar),
    [],
  );
});

/** One surprising scalar per line; `full`: a merge key sends the document to the full parser instead of the fast path. */
const surprising = (full: boolean) =>
  oas(
    "x-count: 1e3\nx-date: 2024-01-02\nx-flag: yes\nx-quoted: '1e3'\nx-plain: 1000\nx-date-text: '2024-01-02'\nx-not-a-date: 2024-02-30\n" +
      (full ? 'x-defaults: &d {a: 1}\nx-merged:\n  <<: *d\n' : ''),
  );

for (const full of [false, true]) {
  test(`1e3, a timestamp and yes: a warning each with its sentence and a Quote fix; quoted or plain numbers get none (${full ? 'full parser' : 'fast path'})`, () => {
    const doc = yamlDoc(surprising(full));
    const value = valueOf(doc.getText());
    assert.equal(value['x-count'], 1000);
    assert.equal(value['x-date'], '2024-01-02T00:00:00Z');
    assert.equal(value['x-flag'], 'yes');
    assert.equal(value['x-quoted'], '1e3');
    assert.equal(value['x-plain'], 1000);
    assert.equal(value['x-date-text'], '2024-01-02');
    assert.equal(value['x-not-a-date'], '2024-02-30');
    if (full) assert.deepEqual(value['x-merged'], { a: 1 });

    const diagnostics = service.validate(doc);
    const warnings = diagnostics.filter((d) => d.code === YamlCodes.surprisingScalar);
    assert.deepEqual(
      warnings.map((d) => [d.range.start.line, doc.getText(d.range), d.severity, d.message]),
      [
        [15, '1e3', 2, '`1e3` is the number 1000 here: quote it if you mean the text `1e3`.'],
        [
          16,
          '2024-01-02',
          2,
          '`2024-01-02` is a timestamp to the gateway\'s YAML decoder and becomes "2024-01-02T00:00:00Z": quote it to keep the text as written.',
        ],
        [
          17,
          'yes',
          2,
          '`yes` is the text "yes" here, not a boolean (YAML 1.2, as the gateway reads it): write true or false for a switch, or quote it to say you mean the text.',
        ],
      ],
      codes(diagnostics).join('\n'),
    );
    for (const warning of warnings) {
      const source = doc.getText(warning.range);
      const fixes = service.codeActions(doc, [warning], warning.range).filter((a) => a.title.startsWith('Quote'));
      assert.deepEqual(
        fixes.map((f) => [f.title, f.edit!.changes![doc.uri]]),
        [[`Quote ${source} (keep it as the text "${source}")`, [{ range: warning.range, newText: `"${source}"` }]]],
        source,
      );
      const fixed = yamlDoc(TextDocument.applyEdits(doc, fixes[0].edit!.changes![doc.uri]));
      assert.equal(
        service.validate(fixed).filter((d) => d.code === YamlCodes.surprisingScalar).length,
        warnings.length - 1,
        `quoting ${source} removes its warning and only it`,
      );
      const key = doc.getText({ start: { line: warning.range.start.line, character: 0 }, end: warning.range.start }).replace(/: $/, '');
      assert.equal(valueOf(fixed.getText())[key], source, `quoted, ${source} is the text as written`);
    }
  });
}

test('0777 is 511 for the gateway, so a member that must be a string gets the schema error too', () => {
  const text = oas('', '    listenPath2: 0777\n');
  assert.equal(valueOf(text)['x-svc-api-gateway'].server.listenPath2, 511);
  const diagnostics = validate(oas().replace('url: http://payments.internal', 'url: 0777'));
  assert.deepEqual(
    codes(diagnostics).filter((c) => c.startsWith('11:')),
    ['11:9 svc.yaml.surprising-scalar', '11:9 svc.schema.type'],
  );
});

test('anchors and aliases resolve; a finding inside an anchored mapping is shown where the anchor is written', () => {
  const text = `openapi: 3.0.3
info: {title: x, version: "1"}
paths: {}
defaults: &state
  active: maybe
x-svc-api-gateway:
  info:
    name: x
    state: *state
  upstream: {url: http://u}
  server: {listenPath: {value: /a/}}
`;
  const value = valueOf(text);
  assert.deepEqual(value['x-svc-api-gateway'].info.state, { active: 'maybe' });
  const typeError = validate(text).find((d) => d.code === 'svc.schema.type');
  assert.ok(typeError);
  assert.deepEqual(typeError.range.start, { line: 4, character: 10 });
});

test('merge keys: explicit members win, of several merged mappings the first wins', () => {
  const text = `base: &base
  a: 1
  b: 1
other: &other
  b: 2
  c: 2
merged:
  <<: [*base, *other]
  a: 0
`;
  assert.deepEqual(valueOf(oas(text)).merged, { a: 0, b: 1, c: 2 });
});

test('a merge key with a scalar value is an error that says what it takes', () => {
  const diagnostics = validate(oas('merged:\n  <<: 5\n'));
  const bad = diagnostics.find((d) => d.code === YamlCodes.badMerge);
  assert.ok(bad, codes(diagnostics).join('\n'));
  assert.match(String(bad.message), /A merge key `<<` takes a mapping/);
});

test('a duplicate key is an error on the second key naming the line of the first', () => {
  const text = oas('x-a: 1\nx-b: 2\nx-a: 3\n');
  const diagnostics = validate(text);
  const duplicate = diagnostics.filter((d) => d.code === YamlCodes.duplicateKey);
  assert.equal(duplicate.length, 1);
  assert.deepEqual(duplicate[0].range, { start: { line: 17, character: 0 }, end: { line: 17, character: 3 } });
  assert.equal(
    duplicate[0].message,
    "Duplicate key `x-a` (first on line 16): the gateway's YAML decoder refuses a mapping that names a key twice. Remove one of them.",
  );
  assert.equal(duplicate[0].severity, 1);
  // The JSON rule (a warning, the last one wins) does not apply to YAML.
  assert.equal(diagnostics.filter((d) => d.code === 'svc.duplicate-member').length, 0);
});

test('several documents in one file: an error naming the line where the second starts', () => {
  const text = oas('---\nopenapi: 3.0.3\n');
  const diagnostics = validate(text);
  const several = diagnostics.find((d) => d.code === YamlCodes.severalDocuments);
  assert.ok(several);
  assert.equal(several.range.start.line, 15);
  assert.match(String(several.message), /^A second YAML document starts on line 16:/);
  // A single document with a start marker and an end marker is fine.
  assert.deepEqual(validate('---\n' + oas() + '...\n'), []);
});

test('aliases that expand past the limit are refused without building the expansion', () => {
  let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
  for (let i = 1; i <= 9; i++)
    text += `a${i}: &a${i} [${Array(10)
      .fill(`*a${i - 1}`)
      .join(', ')}]\n`;
  const diagnostics = validate(oas(text));
  assert.ok(diagnostics.some((d) => d.code === YamlCodes.aliasExpansion));
});

test('YAML syntax errors keep the svc.yaml prefix, a plain sentence and an exact range', () => {
  const diagnostics = validate(oas('x-bad: "unclosed\n'));
  const syntax = diagnostics.filter((d) => String(d.code).startsWith('svc.yaml.') && d.severity === 1);
  assert.ok(syntax.length > 0);
  for (const d of syntax) assert.doesNotMatch(String(d.message), /\n|at line \d+/);
});

test('formatting is left to the YAML extension; folding follows the mappings', () => {
  const doc = yamlDoc(oas());
  assert.deepEqual(service.format(doc, { tabSize: 2, insertSpaces: true }), []);
  const folds = service.foldingRanges(doc).map((f) => `${f.startLine}-${f.endLine}`);
  assert.ok(folds.includes('5-14'), folds.join(' ')); // x-svc-api-gateway
  assert.ok(folds.includes('8-9'), folds.join(' ')); // state
});

test('hover and go to definition of a $ref in YAML', () => {
  const text = oas('components:\n  schemas:\n    Pet: {type: object}\nx-ref:\n  $ref: "#/components/schemas/Pet"\n');
  const doc = yamlDoc(text);
  const hover = service.hover(doc, { line: 9, character: 8 });
  assert.ok(hover && JSON.stringify(hover.contents).includes('active'));
  const [location] = service.definition(doc, { line: 19, character: 12 });
  assert.ok(location, 'a definition');
  assert.deepEqual(location.range.start, { line: 17, character: 4 });
});

test('with the YAML extension validating (yaml.validate on), its syntax errors and duplicate keys are not ours twice', () => {
  const text = oas('x-a: 1\nx-a: 2\nx-b: "open\n');
  const all = codes(service.validate(yamlDoc(text))).join(' ');
  assert.match(all, /svc\.yaml\.duplicate-key/);
  const alongside = service.validate(yamlDoc(text), toDocumentSettings(undefined, null, true));
  assert.deepEqual(
    alongside.filter((d) => String(d.code).startsWith('svc.yaml.')),
    [],
  );
  // Ours about the gateway's reading stay: a surprising scalar, a second document.
  const gateway = codes(service.validate(yamlDoc(oas('x-note: on\n---\na: 1\n')), toDocumentSettings(undefined, null, true)));
  assert.ok(gateway.some((c) => c.endsWith('svc.yaml.surprising-scalar')));
  assert.ok(gateway.some((c) => c.endsWith('svc.yaml.several-documents')));
  // Without the YAML extension the setting is absent (null): everything is ours.
  assert.equal(toDocumentSettings(undefined, null, null).yamlSyntaxReportedElsewhere, false);
});
