// Security in the real VS Code: a committed `.svc/state.json` whose file key traverses out of
// the workspace makes Pull refuse (nothing written outside), and a pulled key file holds no
// consumer secret (neither does `.svc/`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import { SECRET_PLACEHOLDER } from '../../../engine/src/sync/keySecrets';
import { summariseApi } from '../../../client/src/explorer/apiSummaries';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import { workspaceRoot } from './helpers/workspace';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';

const ENV = 'E2E Security';

describe('security', () => {
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });
  const stateFile = () => path.join(workspaceRoot().fsPath, '.svc', 'state.json');
  let savedState: string | undefined;

  before(() => {
    savedState = fs.existsSync(stateFile()) ? fs.readFileSync(stateFile(), 'utf8') : undefined;
  });
  after(() => {
    if (savedState === undefined) fs.rmSync(stateFile(), { force: true });
    else fs.writeFileSync(stateFile(), savedState);
  });

  it('refuses a pull whose .svc/state.json entry traverses out of the workspace, writing nothing outside', async () => {
    const root = workspaceRoot().fsPath;
    const outsideDir = path.join(path.dirname(root), `svc-e2e-outside-${process.pid}`);
    const evil = path.relative(root, path.join(outsideDir, 'evil.json')).split(path.sep).join('/');
    assert.match(evil, /^\.\.\//);
    const target = { kind: 'classic', id: SEED_API_IDS.weatherClassic };
    const state = savedState ? JSON.parse(savedState) : { version: 1, files: {} };
    state.files[evil] = { environment: ENV, target, remoteHash: '0'.repeat(64), localHash: '0'.repeat(64), pulledAt: '2026-01-01T00:00:00.000Z' };
    fs.mkdirSync(path.dirname(stateFile()), { recursive: true });
    fs.writeFileSync(stateFile(), JSON.stringify(state, null, 2));
    const written = fs.readFileSync(stateFile(), 'utf8');

    const outcome = await vscode.commands.executeCommand<PullOutcome | undefined>('svc.pull', { environment: ENV, target, mode: 'full' });
    assert.equal(outcome, undefined, 'the pull was refused');
    assert.ok(!fs.existsSync(outsideDir), 'nothing was written outside the workspace');
    assert.equal(fs.readFileSync(stateFile(), 'utf8'), written, 'the state file is left as it was');
  });

  it('pulls a key file with no secret in it (placeholders), and .svc/ holds none either', async () => {
    const secrets = { hmac: 'E2E-HMAC-secret-value', password: 'E2E-basic-password', jwt: 'E2E-jwt-secret-value' };
    const api = SEED_API_IDS.weatherClassic;
    const session = {
      alias: 'e2e secret consumer',
      rate: 10,
      per: 60,
      quota_max: 100,
      hmac_enabled: true,
      hmac_string: secrets.hmac,
      basic_auth_data: { user: 'e2e-user', password: secrets.password, hash_type: '' },
      jwt_data: { secret: secrets.jwt },
      access_rights: { [api]: { api_id: api, api_name: 'Weather', versions: ['Default'] } },
    };
    const created = await setup.server.createCustomKey('e2e-secret-consumer', session as never);
    assert.ok(created.key_hash, 'the key was created');

    const outcome = await vscode.commands.executeCommand<PullOutcome>('svc.pull', {
      environment: ENV,
      target: { kind: 'key', id: created.key_hash, apiId: api },
    });
    assert.equal(outcome?.status, 'pulled', outcome?.message);
    const text = fs.readFileSync(outcome.file!, 'utf8');
    const file = JSON.parse(text);
    assert.equal(file.hmac_string, SECRET_PLACEHOLDER);
    assert.equal(file.basic_auth_data.password, SECRET_PLACEHOLDER);
    assert.equal(file.jwt_data.secret, SECRET_PLACEHOLDER);
    const svcDir = path.join(workspaceRoot().fsPath, '.svc');
    const everything = [
      text,
      ...fs
        .readdirSync(svcDir, { recursive: true })
        .map(String)
        .map((n) => path.join(svcDir, n))
        .filter((p) => fs.statSync(p).isFile())
        .map((p) => fs.readFileSync(p, 'utf8')),
    ].join('\n');
    for (const secret of Object.values(secrets)) assert.ok(!everything.includes(secret), 'a consumer secret reached the disk');
    const open = vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === outcome.file);
    assert.ok(open, 'the pulled key file is open in an editor');
    fs.rmSync(outcome.file!, { force: true });
  });

  it('Create API from Example: the new document saves into the workspace, never to /, and the created API is tracked (a second push updates it)', async () => {
    const root = workspaceRoot().fsPath;
    const apis = async () => ((await setup.server.listApis({ p: -1 })).apis ?? []).map(summariseApi);
    const opened = (await vscode.commands.executeCommand('svc.examples.openDefinition', {
      environment: ENV,
      location: 'oas/petstore-token',
      action: 'definition',
    })) as vscode.TextDocument;
    assert.equal(opened.uri.scheme, 'untitled');
    assert.ok(
      opened.uri.fsPath.startsWith(path.join(root, 'svc') + path.sep),
      `Ctrl+S would save to ${opened.uri.fsPath}, outside the workspace's pull folder`,
    );

    const before = await apis();
    const outcomes = (await setup.api.withSyncAnswers({ confirm: true, oasCreate: 'new' }, () =>
      vscode.commands.executeCommand('svc.examples.browse', { environment: ENV, location: 'oas/petstore-token', action: 'create' }),
    )) as PushOutcome[];
    assert.equal(outcomes[0]?.status, 'pushed', outcomes[0]?.message);
    const created = (await apis()).filter((a) => !before.some((b) => b.id === a.id));
    assert.equal(created.length, 1);
    const state = JSON.parse(fs.readFileSync(stateFile(), 'utf8'));
    const tracked = Object.entries(state.files as Record<string, { environment: string; target: { id: string } }>).find(
      ([, r]) => r.environment === ENV && r.target.id === created[0].id,
    );
    assert.ok(tracked, 'the created API is recorded in .svc/state.json');
    const file = vscode.Uri.file(path.join(root, ...tracked[0].split('/')));
    assert.ok(fs.existsSync(file.fsPath), 'and written under the pull folder');

    const document = await vscode.workspace.openTextDocument(file);
    const doc = JSON.parse(document.getText());
    doc.info.title = 'Petstore (second push)';
    const edit = new vscode.WorkspaceEdit();
    edit.replace(file, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(doc, null, 2)}\n`);
    await vscode.workspace.applyEdit(edit);
    await document.save();
    const second = await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true }, () =>
      vscode.commands.executeCommand<PushOutcome>('svc.push', { uri: file }),
    );
    assert.equal(second?.status, 'pushed', second?.message);
    assert.equal(second?.target?.id, created[0].id, 'the same API was updated');
    assert.equal((await apis()).length, before.length + 1, 'no duplicate was created');
  });
});
