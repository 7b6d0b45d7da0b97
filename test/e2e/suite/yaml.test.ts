// YAML authoring in a real VS Code against a sandbox: a new pull writes YAML (svc.pull.format),
// the YAML OAS document gets our diagnostics, a quick fix quotes a surprising scalar, push sends
// it, a change made on the server is pulled back into the YAML file with its comments intact.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { workspaceRoot, writeFixture } from './helpers/workspace';
import type { MigrationReport } from '../../../client/src/workflows/migrate/migrateReport';
import { waitFor } from './helpers/wait';

const ENV = 'E2E YAML';
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

describe('yaml authoring', () => {
  const setup = useSandboxEnvironment(ENV, {
    cleanup: async () => {
      await vscode.workspace.getConfiguration('svc.pull').update('format', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
  });
  const target = { kind: 'oas', id: SEED_API_IDS.paymentsOas };
  const pull = () =>
    setup.api.withSyncAnswers({ overwriteLocal: 'overwrite' }, () =>
      vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment: ENV, target, mode: 'full' }),
    );

  it('pulls as YAML, quick-fixes a finding, pushes, and pulls a server change back with the comments intact', async () => {
    await vscode.workspace.getConfiguration('svc.pull').update('format', 'yaml', vscode.ConfigurationTarget.Workspace);
    const pulled = await pull();
    assert.equal(pulled?.status, 'pulled', pulled?.message);
    assert.match(pulled.file!, /\.oas\.yaml$/, 'a new pull writes YAML when svc.pull.format is yaml');
    const uri = vscode.Uri.file(pulled.file!);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    assert.equal(document.languageId, 'yaml');

    // The user comments the file and writes a description the gateway reads as text, unquoted.
    const text = document.getText();
    const edited = `# Payments: kept in git\n${text.replace(/^info:\n/m, 'info:\n  # what the portal shows\n  summary: on\n')}`;
    const whole = new vscode.WorkspaceEdit();
    whole.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), edited);
    assert.ok(await vscode.workspace.applyEdit(whole));

    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(uri).find((d) => codeOf(d) === 'svc.yaml.surprising-scalar'), {
      message: 'the surprising-scalar warning on `summary: on`',
    });
    assert.equal(document.getText(diagnostic.range), 'on');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range);
    const quote = actions.find((a) => a.title.startsWith('Quote on'));
    assert.ok(quote?.edit, `quick fixes: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(quote.edit));
    assert.match(document.getText(), /^ {2}summary: "on"$/m);
    await waitFor(() => !vscode.languages.getDiagnostics(uri).some((d) => codeOf(d) === 'svc.yaml.surprising-scalar'), {
      message: 'the warning to go once quoted',
    });
    await document.save();

    const pushed = await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true }, () =>
      vscode.commands.executeCommand<PushOutcome | undefined>('svc.push', { uri }),
    );
    assert.equal(pushed?.status, 'pushed', pushed?.message);
    assert.equal((await setup.server.getOasApi(target.id)).info?.summary, 'on', "the server has the YAML file's value, sent as JSON");

    // Somebody changes the title on the server (its dashboard record); pull brings it into the YAML file.
    const record = await setup.server.getDashboardApi(target.id);
    const oas = record.oas as { info: { title: string } };
    oas.info.title = 'Payments (changed on the server)';
    await setup.server.updateApi(target.id, record);
    const before = document.getText();
    const back = await pull();
    assert.equal(back?.status, 'pulled', back?.message);
    assert.equal(back.file, pulled.file, 'into the same YAML file');
    const after = await waitFor(() => (document.getText() !== before ? document.getText() : undefined), { message: 'the editor to show the pulled text' });
    assert.equal(fs.readFileSync(pulled.file!, 'utf8'), after, 'the editor and the disk agree');
    assert.ok(after.startsWith('# Payments: kept in git\n'), 'the comment at the top stays');
    assert.match(after, /^ {2}# what the portal shows$/m, 'the comment inside stays');
    assert.match(after, /^ {2}summary: "on"$/m, 'the quoted value keeps its quotes');
    assert.match(after, /^ {2}title: Payments \(changed on the server\)$/m);
    // Only the title's line changed.
    const changed = before.split('\n').filter((line, i) => line !== after.split('\n')[i]);
    assert.deepEqual(changed, [before.split('\n').find((l) => /^ {2}title: /.test(l))]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('saves a generated OAS document of the migration report as YAML, which lints clean of YAML findings', async () => {
    const classic = await setup.server.getClassicApi(SEED_API_IDS.weatherClassic);
    const uri = await writeFixture('weather-for-yaml.classic.json', `${JSON.stringify(classic, null, 2)}\n`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const report = (await vscode.commands.executeCommand('svc.migrate.previewLocal')) as MigrationReport;
    assert.equal(report.rows[0]?.outcome, 'success');
    assert.match(setup.api.migrate.panel.html ?? '', /Save [^<]* as YAML…<\/button>/, 'the report offers the button');
    const target = vscode.Uri.joinPath(workspaceRoot(), 'weather.oas.yaml');
    const saved = await setup.api.migrate.panel.saveYaml(0, 0, target);
    assert.equal(saved?.toString(), target.toString());
    const document = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString()), {
      message: 'the saved YAML file opens',
    });
    assert.equal(document.languageId, 'yaml');
    assert.match(document.getText(), /^x-svc-api-gateway:$/m);
    // Our server reads it as an OAS document: the kind is told, and no YAML finding of ours.
    await waitFor(() => setup.api.language.statusBar.current()?.label === 'Svc OAS API', { message: 'the OAS kind in the status bar' });
    assert.deepEqual(
      vscode.languages.getDiagnostics(target).filter((d) => codeOf(d).startsWith('svc.yaml.')),
      [],
    );
  });
});
