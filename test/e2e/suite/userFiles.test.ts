// Diagnostics that belong to the user's files only, in a real VS Code against a sandbox: pulled
// APIs are not duplicates of their own `.svc/` base copies, and a remote (read-only) document's
// findings leave Problems when it closes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import { openRemote } from '../../../client/src/explorer/remoteDocuments';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { fixtureUri, writeFixture } from './helpers/workspace';
import { waitFor } from './helpers/wait';

const ENV = 'E2E User files';
const DUPLICATE = 'svc.semantic.duplicate-listen-path';
const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
const duplicatesOn = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => codeOf(d) === DUPLICATE);

describe("diagnostics of the user's files only", () => {
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });
  const pull = (id: string) =>
    vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment: ENV, target: { kind: 'classic', id }, mode: 'full', answers: {} });

  it("pull two APIs: Problems shows no duplicate-listen-path warning (a real duplicate names only the user's file)", async () => {
    const pulled: vscode.Uri[] = [];
    for (const id of [SEED_API_IDS.petstoreClassic, SEED_API_IDS.weatherClassic]) {
      const outcome = await pull(id);
      assert.equal(outcome?.status, 'pulled', outcome?.message);
      pulled.push(vscode.Uri.file(outcome.file!));
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(pulled.at(-1)!), { preview: false });
    }
    const listenPath = (JSON.parse(fs.readFileSync(pulled[0].fsPath, 'utf8')) as { proxy: { listen_path: string } }).proxy.listen_path;
    // A file of the user's own that really uses the same path: the warning appears and names it alone.
    const mine = await writeFixture(
      'user-files-dup.json',
      JSON.stringify(
        {
          name: 'Mine',
          api_id: 'mine-1',
          proxy: { listen_path: listenPath, target_url: 'http://mine.example' },
          version_data: { not_versioned: true, versions: {} },
        },
        null,
        2,
      ),
    );
    // Earlier suites may have pulled the same API under another name (a real duplicate on disk too):
    // wait for the warning that names the user's new file.
    const namesMine = (d: vscode.Diagnostic) => (d.relatedInformation ?? []).some((r) => r.location.uri.toString() === mine.toString());
    const [warning] = await waitFor(() => duplicatesOn(pulled[0]).filter(namesMine).length > 0 && duplicatesOn(pulled[0]).filter(namesMine), {
      message: 'the duplicate warning for the real duplicate',
    });
    // Earlier suites may have pulled the same API into the shared workspace under another name:
    // that is a real duplicate on disk too. What must never be named is a .svc/ base copy.
    const related = warning.relatedInformation?.map((r) => r.location.uri.toString()) ?? [];
    assert.ok(related.includes(mine.toString()), `the user's file is named: ${related.join(', ')}`);
    assert.deepEqual(
      related.filter((u) => u.includes('/.svc/')),
      [],
      'never a .svc/ copy',
    );
    assert.match(warning.message, /also used by .*user-files-dup\.json/);
    // Without it, nothing false: the pulled APIs' base copies in .svc/ and views never count.
    assert.ok(fs.existsSync(fixtureUri('.svc/state.json').fsPath), 'pull recorded its state in .svc/');
    await vscode.workspace.fs.delete(mine);
    await waitFor(() => duplicatesOn(pulled[0]).filter(namesMine).length === 0, { message: 'the duplicate warning to go with the file' });
    // Any duplicate left names only files of the user's on disk (other suites' pulls share this
    // workspace): never a .svc/ copy, a view or an untitled document.
    const named = vscode.languages
      .getDiagnostics()
      .flatMap(([uri, ds]) => ds.filter((d) => codeOf(d) === DUPLICATE).map((d) => [uri, ...(d.relatedInformation ?? []).map((r) => r.location.uri)]))
      .flat();
    assert.deepEqual(
      named.filter((u) => u.scheme !== 'file' || u.path.includes('/.svc/')).map((u) => u.toString()),
      [],
      "no duplicate-listen-path warning on or naming anything but the user's files",
    );
  });

  it('open and close a remote document: Problems holds nothing from it', async () => {
    const policy = (await setup.server.listPolicies())[0];
    // A member we do not know gives the remote document a warning to show while it is open.
    await setup.server.updatePolicy(policy.id!, { ...policy, colour_of_plan: 'gold' } as typeof policy);
    const document = await openRemote(ENV, { type: 'policy', id: policy.id! });
    assert.equal(document.uri.scheme, 'svc-remote');
    assert.match(document.getText(), /colour_of_plan/, "the remote document shows the server's copy");
    await waitFor(() => vscode.languages.getDiagnostics(document.uri).some((d) => codeOf(d) === 'svc.unknown-member'), {
      message: `the remote document's warning while open (${document.languageId}, tabs: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label)).join(', ')}; all: ${vscode.languages
        .getDiagnostics()
        .map(([u, d]) => `${u.toString()}=${d.length}`)
        .join(' ')})`,
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(() => vscode.languages.getDiagnostics(document.uri).length === 0, { message: 'Problems to drop the closed remote document' });
    const leftovers = vscode.languages.getDiagnostics().filter(([uri, ds]) => uri.scheme === 'svc-remote' && ds.length > 0);
    assert.deepEqual(
      leftovers.map(([uri]) => uri.toString()),
      [],
    );
  });
});
