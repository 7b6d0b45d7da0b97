// Issue 14, language items in a real VS Code: the whole-document templates after `{` in an empty
// file and never inside a nested object, the gateway quick fixes (unknown middleware operation,
// listen path without `/`), and an enum diagnostic that says "empty" instead of `""`.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, openFixture, writeFixture } from './helpers/workspace';
import { waitFor } from './helpers/wait';

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const TEMPLATES = ['Svc OAS API', 'Svc Streams API', 'Svc Classic API'];
const labelOf = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);

async function completions(document: vscode.TextDocument, offset: number): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, document.positionAt(offset));
  return list.items;
}

const oas = (operations: string, listen: string) => `{
  "openapi": "3.0.3",
  "info": { "title": "P", "version": "1" },
  "paths": { "/p": { "get": { "operationId": "listPets", "responses": {} }, "post": { "operationId": "createPet", "responses": {} } } },
  "x-svc-api-gateway": {
    "info": { "name": "P", "state": { "active": true } },
    "upstream": { "url": "http://p" },
    "server": { "listenPath": { "value": "${listen}" } },
    "middleware": { "operations": { ${operations} } }
  }
}
`;

describe('issue 14: language features', () => {
  before(async () => {
    await activeExtension();
  });

  it('offers the whole-document templates after `{` in an empty file, and accepting one writes the document', async () => {
    await writeFixture('ex14-empty.json', '{}');
    const { document, editor } = await openFixture('ex14-empty.json');
    const items = await waitFor(
      async () => {
        const found = await completions(document, 1);
        return TEMPLATES.every((t) => found.some((i) => labelOf(i) === t)) && found;
      },
      { message: 'the whole-document templates inside `{}`' },
    );
    const template = items.find((i) => labelOf(i) === 'Svc OAS API')!;
    // Accept it as the suggest widget does: the additional edits, then the snippet at the cursor.
    editor.selection = new vscode.Selection(document.positionAt(1), document.positionAt(1));
    await editor.edit((b) => (template.additionalTextEdits ?? []).forEach((e) => b.replace(e.range, e.newText)));
    const snippet = template.insertText as vscode.SnippetString;
    assert.ok(snippet instanceof vscode.SnippetString || typeof (snippet as { value?: string }).value === 'string');
    await editor.insertSnippet(new vscode.SnippetString((snippet as { value: string }).value));
    assert.ok(document.getText().startsWith('{\n'), document.getText());
    assert.match(document.getText(), /"x-svc-api-gateway"/);
    assert.equal((document.getText().match(/^\{/gm) ?? []).length, 1, 'the braces typed before are replaced, not kept');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('offers no whole-document template inside a nested object', async () => {
    const text =
      '{\n  "openapi": "3.0.3",\n  "info": {},\n  "paths": {},\n  "x-svc-api-gateway": { "info": { "name": "N", "state": { "active": true } } }\n}\n';
    await writeFixture('ex14-nested.json', text);
    const { document } = await openFixture('ex14-nested.json');
    const offset = text.indexOf('"info": {') + '"info": {'.length;
    // The server answers for this document (it is an OAS one) before we look at what else is offered.
    const items = await waitFor(
      async () => {
        const found = await completions(document, offset);
        return found.some((i) => labelOf(i) === 'title') && found;
      },
      { message: 'the info members among the completions' },
    );
    const templates = items.filter((i) => TEMPLATES.includes(labelOf(i)) || /^svc-/.test(labelOf(i)) || String(i.filterText ?? '').startsWith('svc-'));
    assert.deepEqual(templates.map(labelOf), []);
  });

  it('fixes an unknown middleware operation and a listen path without its leading slash', async () => {
    const text = oas('"listPets": {}, "showStatus": {}', 'pets/');
    await writeFixture('ex14-fixes.json', text);
    const { document } = await openFixture('ex14-fixes.json');
    const diagnostics = await waitFor(
      () => {
        const found = vscode.languages.getDiagnostics(document.uri);
        const codes = found.map(codeOf);
        return codes.includes('svc.semantic.operation-id') && codes.includes('svc.semantic.listen-path') && found;
      },
      { message: 'the operation-id and listen-path diagnostics' },
    );
    for (const [code, title] of [
      ['svc.semantic.operation-id', 'Change `showStatus` to the operation `createPet`'],
      ['svc.semantic.listen-path', 'Add the leading `/` (`/pets/`)'],
    ]) {
      const diagnostic = diagnostics.find((d) => codeOf(d) === code)!;
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, diagnostic.range);
      const fix = actions.find((a) => a.title === title);
      assert.ok(fix?.edit, `quick fixes: ${actions.map((a) => a.title).join(', ')}`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
    }
    assert.equal(document.getText(), oas('"listPets": {}, "createPet": {}', '/pets/'));
    await waitFor(
      () => !vscode.languages.getDiagnostics(document.uri).some((d) => ['svc.semantic.operation-id', 'svc.semantic.listen-path'].includes(codeOf(d))),
      {
        message: 'both diagnostics to go away',
      },
    );
    await document.save();
  });

  it('says "empty" in an enum message instead of listing `""`', async () => {
    const text = '{\n  "name": "Orders",\n  "api_id": "orders",\n  "protocol": "htp",\n  "proxy": { "listen_path": "/o/", "target_url": "http://o" }\n}\n';
    await writeFixture('ex14-enum.json', text);
    const { document } = await openFixture('ex14-enum.json');
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(document.uri).find((d) => codeOf(d) === 'svc.schema.enum'), {
      message: 'the protocol enum diagnostic',
    });
    assert.equal(diagnostic.message, '`protocol` must be one of: http, https, h2c, tcp, tls (or empty).');
  });
});
