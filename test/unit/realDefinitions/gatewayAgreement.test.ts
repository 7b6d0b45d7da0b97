// Agreement with the reference gateway in both directions, class by class (issue 26): mutants of
// the real definitions carried in the repository that the reference refuses (or skips at load)
// must be errors, and the nearby variants it accepts must not. Both the editor's path (the
// language service on the text) and the sandbox's (refusalsOf on the parsed body) are asked, so
// the one severity rule is pinned too. The figures per class are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { createLanguageService } from '../../../server/src/service/languageService';
import { refusalsOf } from '../../../validation/src/refusals';
import { noteNumberLiterals } from '../../../validation/src/numberLiterals';
import { bases, CLASSES, mutants, type Mutant } from './gatewayAgreementMutations';

const service = createLanguageService();

function editorErrors(m: { text: string; base: string; kind: string }): string[] {
  const doc = TextDocument.create(`file:///agreement/${m.base}.json`, 'json', 1, m.text);
  return service
    .validate(doc)
    .filter((d) => d.severity === DiagnosticSeverity.Error)
    .map((d) => `${String(d.code)} ${String(d.message)}`);
}

function sandboxRefusals(m: Mutant): string[] {
  const value: unknown = JSON.parse(m.text);
  noteNumberLiterals(m.text, value); // as the sandbox's body parser does
  return refusalsOf(m.kind, value).map((r) => `${r.code} ${r.message}`);
}

test('the bases lint with zero errors (so an accepted variant with an error is a false error of ours)', () => {
  for (const base of bases()) {
    const errors = editorErrors({ text: JSON.stringify(base.value, null, 2), base: base.name, kind: base.kind });
    assert.deepEqual(errors, [], base.name);
  }
});

const all = mutants();
const figures: string[] = [];

for (const name of Object.keys(CLASSES)) {
  test(`class ${name}: every refused mutant is an error, no accepted variant is (editor and sandbox agree)`, () => {
    const own = all.filter((m) => m.class === name);
    const refused = own.filter((m) => m.refused);
    const accepted = own.filter((m) => !m.refused);
    assert.ok(refused.length > 0 && accepted.length > 0, `class ${name} has mutants of both kinds`);
    const missed = refused.filter((m) => editorErrors(m).length === 0).map((m) => `${m.base}: ${m.what}`);
    const falseErrors = accepted.filter((m) => editorErrors(m).length > 0).map((m) => `${m.base}: ${m.what}: ${editorErrors(m).join(' | ')}`);
    const disagree = own.filter((m) => editorErrors(m).length > 0 !== sandboxRefusals(m).length > 0).map((m) => `${m.base}: ${m.what}`);
    const caught = refused.length - missed.length;
    figures.push(
      `${name}: caught ${caught}/${refused.length} (${((100 * caught) / refused.length).toFixed(1)}%), ` +
        `false errors ${falseErrors.length}/${accepted.length} (${((100 * falseErrors.length) / accepted.length).toFixed(1)}%)`,
    );
    console.log(`gateway agreement — ${figures[figures.length - 1]}`);
    assert.deepEqual(missed, [], 'refused by the reference but no error');
    assert.deepEqual(falseErrors, [], 'accepted by the reference but an error');
    assert.deepEqual(disagree, [], 'the editor and the sandbox disagree');
  });
}

test('each refused mutant has an error naming the rule and what to write instead', () => {
  for (const m of all.filter((x) => x.refused)) {
    const messages = editorErrors(m);
    assert.ok(
      messages.some(
        (e) => /gateway|decoder|refuse|not allowed|cannot|skips|must/i.test(e) && /write|set |keep|remove|use |start with|must (be|match|start)/i.test(e),
      ),
      `${m.base}: ${m.what}: ${messages.join(' | ')}`,
    );
  }
});
