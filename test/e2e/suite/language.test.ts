// The language features in a real VS Code: diagnostics in Problems for each kind, a completion
// list, a hover, a quick fix applied, the outline and the kind in the status bar — all through
// VS Code's own commands, as the editor asks for them.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SvcTestingApi } from '../../../client/src/testing/testingApi';
import { activeExtension, fixtureUri, openFixture, testingApi } from './helpers/workspace';
import { waitFor } from './helpers/wait';

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

describe('language server features', () => {
  let api: SvcTestingApi;
  let repo: string;

  /** Copies a service fixture into the workspace (the runner gives each run a fresh copy). */
  function install(fixture: string, name: string): void {
    fs.writeFileSync(fixtureUri(name).fsPath, fs.readFileSync(path.join(repo, 'test/fixtures/service', fixture)));
  }

  async function diagnosticWith(uri: vscode.Uri, code: string): Promise<vscode.Diagnostic> {
    return waitFor(() => vscode.languages.getDiagnostics(uri).find((d) => codeOf(d) === code), { message: `${code} on ${path.basename(uri.fsPath)}` });
  }

  before(async () => {
    const extension = await activeExtension();
    api = await testingApi();
    repo = extension.extensionPath;
    install('invalid/oas.json', 'lang-oas.json');
    install('invalid/classic.json', 'lang-classic.json');
    install('invalid/streams.json', 'lang-streams.json');
    install('valid/oas.json', 'lang-valid-oas.json');
  });

  it('shows diagnostics in Problems for an OAS, a classic and a streams document', async () => {
    for (const [name, code] of [
      ['lang-oas.json', 'svc.semantic.operation-id'],
      ['lang-classic.json', 'svc.unknown-member'],
      ['lang-streams.json', 'svc.schema.required'],
    ]) {
      const { document } = await openFixture(name);
      const diagnostic = await diagnosticWith(document.uri, code);
      assert.equal(diagnostic.source, 'svc');
    }
    const classic = vscode.languages.getDiagnostics(fixtureUri('lang-classic.json')).find((d) => codeOf(d) === 'svc.unknown-member');
    assert.match(classic!.message, /did you mean `strip_listen_path`/);
    assert.equal(classic!.severity, vscode.DiagnosticSeverity.Warning);
  });

  // severity.ts: a record's `oas` part is an OAS document, so the OAS rule decides its missing members.
  it("a dashboard record's oas part: a missing info.version and a missing listen path are errors (the create and update endpoints refuse them)", async () => {
    const record = {
      api_definition: { name: 'Pets', api_id: 'pets-record', proxy: { listen_path: '/pets-record/', target_url: 'http://up' }, is_oas: true },
      oas: {
        openapi: '3.0.3',
        info: { title: 'Pets' },
        paths: {},
        'x-svc-api-gateway': { info: { name: 'Pets', state: { active: true } }, upstream: { url: 'http://up' }, server: { listenPath: {} } },
      },
    };
    fs.writeFileSync(fixtureUri('lang-record.json').fsPath, `${JSON.stringify(record, null, 2)}\n`);
    const { document } = await openFixture('lang-record.json');
    const findings = await waitFor(
      () => {
        const all = vscode.languages.getDiagnostics(document.uri).filter((d) => codeOf(d) === 'svc.schema.required');
        return all.length >= 3 ? all : undefined;
      },
      { message: 'the three missing-member findings of the record' },
    );
    const bySeverity = (severity: vscode.DiagnosticSeverity) =>
      findings
        .filter((d) => d.severity === severity)
        .map((d) => d.message)
        .sort();
    assert.deepEqual(bySeverity(vscode.DiagnosticSeverity.Error), [
      "Missing required member `value`. The gateway's create, update and PATCH endpoints refuse the document without it (only its import endpoint fills it in): add it, or mark the file as an import template (`oas-template` in `svc.files.associations`, or a `$schema` naming `oas-template.schema.json`).",
      'Missing required member `version`.',
    ]);
    assert.deepEqual(bySeverity(vscode.DiagnosticSeverity.Warning), [
      'Missing member `version_data`, which the classic schema requires. The gateway still loads the definition (it does not run that schema) and leaves the member at its default; add it to say what you mean.',
    ]);
  });

  it('names the detected kind in the status bar', async () => {
    await openFixture('lang-valid-oas.json');
    const shown = await waitFor(() => api.language.statusBar.current(), { message: 'the kind status bar item' });
    assert.equal(shown.label, 'Svc OAS API');
    assert.equal(api.language.statusBar.item.text, '$(symbol-structure) Svc OAS API');
  });

  it('offers operationIds as middleware.operations members', async () => {
    const { document } = await openFixture('lang-valid-oas.json');
    const offset = document.getText().indexOf('"operations": {') + '"operations": {'.length;
    const list = await waitFor(
      async () => {
        const result = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          document.uri,
          document.positionAt(offset),
        );
        return result.items.some((i) => i.label === 'createPet') ? result : undefined;
      },
      { message: 'createPet among the completions' },
    );
    assert.ok(!list.items.some((i) => i.label === 'listPets'), 'an operation already configured is not offered');
  });

  it('shows the schema documentation on hover', async () => {
    const { document } = await openFixture('lang-valid-oas.json');
    const position = document.positionAt(document.getText().indexOf('"listenPath"') + 3);
    const text = await waitFor(
      async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
        return hovers
          .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')))
          .find((v) => v.startsWith('**listenPath**'));
      },
      { message: 'the listenPath hover' },
    );
    assert.match(text, /Type: `object`/);
  });

  it('applies the quick fix that renames a misspelt operation', async () => {
    const { document } = await openFixture('lang-oas.json');
    const diagnostic = await diagnosticWith(document.uri, 'svc.semantic.operation-id');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range);
    const fix = actions.find((a) => a.title === 'Rename `listPet` to `listPets`');
    assert.ok(fix?.edit, `quick fixes: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.ok(document.getText().includes('"listPets": { "allow"'));
    await waitFor(() => !vscode.languages.getDiagnostics(document.uri).some((d) => codeOf(d) === 'svc.semantic.operation-id'), {
      message: 'the operation-id diagnostic to go away',
    });
  });

  it("shows one outline: every member once, from VS Code's JSON outline", async () => {
    const { document } = await openFixture('lang-valid-oas.json');
    const symbols = await waitFor(
      async () => {
        const list = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri);
        return list?.some((s) => s.name === 'x-svc-api-gateway') ? list : undefined;
      },
      { message: 'x-svc-api-gateway in the outline' },
    );
    const seen: string[] = [];
    const collect = (list: vscode.DocumentSymbol[] | undefined, prefix: string) =>
      list?.forEach((s) => (seen.push(`${prefix}/${s.name}@${s.range.start.line}:${s.range.start.character}`), collect(s.children, `${prefix}/${s.name}`)));
    collect(symbols, '');
    // Two providers (ours and json-language-features) would list every member twice.
    assert.deepEqual(
      seen.filter((s, i) => seen.indexOf(s) !== i),
      [],
      'a symbol shown twice',
    );
    assert.deepEqual(
      symbols.map((s) => s.name).filter((n) => n === 'x-svc-api-gateway'),
      ['x-svc-api-gateway'],
    );
    assert.ok(
      seen.some((s) => s.startsWith('/paths//pets/get@')),
      `operations under their path: ${seen.slice(0, 20).join(', ')}`,
    );
    assert.ok(!seen.some((s) => s.includes('GET /pets')), 'our second outline is not offered in VS Code');
  });
});
