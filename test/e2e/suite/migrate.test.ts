// Migrate in a real VS Code against a sandbox started by the test: dry run of a seeded classic
// API (report in the webview, nothing stored), the diff of classic against generated OAS, then
// stage from the report's form and promote through the command, checking the sandbox through
// the management API after each step.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { isManagementApiError } from '../../../api/src';
import type { MigrateOutcome } from '../../../client/src/workflows/migrate/migrateFlow';
import type { MigrationReport } from '../../../client/src/workflows/migrate/migrateReport';
import { writeFixture } from './helpers/workspace';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { hasDriver, waitForVisible } from './helpers/workbench';

const ENV = 'E2E Migrate';
const PETSTORE = SEED_API_IDS.petstoreClassic;
const TCP = SEED_API_IDS.legacyTcp;

describe('migrate', () => {
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });

  /** What the sandbox holds for an id: 'classic', 'oas' or 'absent'. */
  const stored = async (id: string): Promise<'classic' | 'oas' | 'absent'> => {
    try {
      const record = await setup.server.getDashboardApi(id);
      return record.oas && record.oas['x-svc-api-gateway'] ? 'oas' : 'classic';
    } catch (err) {
      if (isManagementApiError(err) && (err.kind === 'not-found' || err.status === 400 || err.status === 404)) return 'absent';
      throw err;
    }
  };

  it('dry run: the report lists success with generated documents and a skipped TCP API; nothing is stored', async () => {
    assert.equal(await stored(PETSTORE), 'classic');
    const outcome = (await vscode.commands.executeCommand('svc.migrate', { environment: ENV, apiIds: [PETSTORE, TCP] })) as MigrateOutcome;
    const report = outcome.dryRun!;
    assert.equal(report.mode, 'dryRun');
    const pets = report.rows.find((r) => r.apiID === PETSTORE)!;
    assert.equal(pets.outcome, 'success');
    assert.ok(pets.documents.length >= 2, 'Petstore has versions: base plus child documents');
    const tcp = report.rows.find((r) => r.apiID === TCP)!;
    assert.deepEqual([tcp.outcome, tcp.skipKey], ['skipped', 'is_tcp']);

    // What the user sees in the panel.
    const html = await waitFor(() => setup.api.migrate.panel.html, { message: 'the report webview' });
    assert.match(html, /Dry run: 1 would migrate, 0 failed, 1 skipped\./);
    assert.match(html, /Diff base/);
    assert.match(html, /Petstore/, 'names come from the listing');
    assert.match(html, /value="stage" checked/);
    // Per API, what changed shape: read from the classic definition beside the server's documents.
    const split = 'version_data.versions: each non-default version became its own internal child API';
    assert.ok(
      pets.changes.some((c) => c.startsWith(split)),
      pets.changes.join('\n'),
    );
    assert.match(html, /<b>Changed shape<\/b><ul><li>version_data\.versions: /);

    assert.equal(await stored(PETSTORE), 'classic', 'a dry run changes nothing');
    assert.equal(await stored(`${PETSTORE}-staged`), 'absent');
  });

  it('takes a screenshot of the dry-run report', async function () {
    if (!hasDriver()) this.skip();
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await waitForVisible('.tab', /Svc Migration/);
    assert.ok((await screenshot('migrate-report'))?.endsWith('.png'));
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('diff: the classic definition against the generated OAS document, read-only', async () => {
    await setup.api.migrate.panel.receive({ type: 'diff', row: 0, doc: 0 });
    const tab = await waitFor(
      () => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'svc-migrate' && input;
      },
      { message: 'a diff tab of svc-migrate documents' },
    );
    const left = JSON.parse((await vscode.workspace.openTextDocument(tab.original)).getText()) as { api_id?: string; is_oas?: boolean };
    const right = JSON.parse((await vscode.workspace.openTextDocument(tab.modified)).getText()) as { openapi?: string; 'x-svc-api-gateway'?: unknown };
    assert.equal(left.api_id, PETSTORE);
    assert.match(String(right.openapi), /^3\./);
    assert.ok(right['x-svc-api-gateway'], 'the generated document carries the gateway extension');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('stage from the report form: an inactive OAS copy appears next to the classic API', async () => {
    await setup.api.migrate.panel.receive({ type: 'run', mode: 'stage', abortOnFailure: true });
    const report = await waitFor(() => setup.api.migrate.panel.current?.report.mode === 'stage' && setup.api.migrate.panel.current.report, {
      message: 'the stage report',
    });
    const pets = report.rows.find((r) => r.apiID === PETSTORE)!;
    assert.equal(pets.outcome, 'success');
    assert.equal(pets.stagedId, `${PETSTORE}-staged`);
    assert.equal(await stored(PETSTORE), 'classic', 'the classic API stays live while staged');
    assert.equal(await stored(`${PETSTORE}-staged`), 'oas');
    assert.match(setup.api.migrate.panel.html ?? '', /value="promote" checked/, 'the report suggests promote next');
  });

  it('stage again without overrideStaged: skipped as already staged', async () => {
    const outcome = (await vscode.commands.executeCommand('svc.migrate', { environment: ENV, apiIds: [PETSTORE], mode: 'stage' })) as MigrateOutcome;
    const row = outcome.run!.rows.find((r) => r.apiID === PETSTORE)!;
    assert.deepEqual([row.outcome, row.skipKey], ['skipped', 'already_staged']);
  });

  it('promote: the classic API is replaced by its staged OAS copy under the same id', async () => {
    const outcome = (await vscode.commands.executeCommand('svc.migrate', {
      environment: ENV,
      apiIds: [PETSTORE],
      mode: 'promote',
      confirmed: true,
    })) as MigrateOutcome;
    assert.equal(outcome.run?.rows.find((r) => r.apiID === PETSTORE)?.outcome, 'success');
    assert.equal(await stored(PETSTORE), 'oas');
    assert.equal(await stored(`${PETSTORE}-staged`), 'absent', 'the staged copy is consumed');
    const oas = await setup.server.getOasApi(PETSTORE);
    assert.equal((oas['x-svc-api-gateway'] as { info?: { id?: string } }).info?.id, PETSTORE);
    // The report's diff still shows the classic definition as it was before the promote.
    await setup.api.migrate.panel.receive({ type: 'diff', row: 0, doc: 0 });
    const tab = await waitFor(
      () => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return input instanceof vscode.TabInputTextDiff && input.original.scheme === 'svc-migrate' && input;
      },
      { message: 'the diff after promote' },
    );
    assert.equal((JSON.parse((await vscode.workspace.openTextDocument(tab.original)).getText()) as { is_oas?: boolean }).is_oas ?? false, false);
  });

  it('a migrated API is skipped as already migrated', async () => {
    const outcome = (await vscode.commands.executeCommand('svc.migrate', { environment: ENV, apiIds: [PETSTORE] })) as MigrateOutcome;
    const row = outcome.dryRun!.rows[0];
    assert.deepEqual([row.outcome, row.skipKey], ['skipped', 'already_migrated']);
  });

  it('previews the migration of a classic file locally, without a server', async () => {
    const classic = await setup.server.getClassicApi(SEED_API_IDS.weatherClassic);
    const uri = await writeFixture('weather.classic.json', `${JSON.stringify(classic, null, 2)}\n`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const report = (await vscode.commands.executeCommand('svc.migrate.previewLocal')) as MigrationReport;
    assert.deepEqual(
      report.rows.map((r) => [r.apiID, r.outcome]),
      [[SEED_API_IDS.weatherClassic, 'success']],
    );
    assert.ok(!(setup.api.migrate.panel.html ?? '').includes('<form'), 'a local preview offers no run');
    const row = report.rows[0]!;
    assert.ok(row.changes.includes('global_headers (map) → middleware.global.transformRequestHeaders.add (list of {name, value})'), row.changes.join('\n'));
    assert.ok(row.dropped.includes('auth_configs.jwt dropped: the auth method is not in use'), row.dropped.join('\n'));
    assert.match(setup.api.migrate.panel.html ?? '', /<b>Changed shape<\/b>[\s\S]*<b>Dropped<\/b>/);
    await setup.api.migrate.panel.receive({ type: 'diff', row: 0, doc: 0 });
    await waitFor(
      () => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return input instanceof vscode.TabInputTextDiff && input.original.toString() === uri.toString();
      },
      { message: 'the diff of the file against its generated OAS document' },
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('logs every run with one line per API', async () => {
    const log = await waitFor(
      () => {
        const text = readTree(setup.api.logUri.fsPath);
        return /Dry run: 0 would migrate, 0 failed, 1 skipped/.test(text) && text;
      },
      { message: 'the last dry run in the log' },
    );
    assert.match(log, /\[migrate\] migration on 'E2E Migrate' — Stage: 1 staged/);
    assert.match(log, new RegExp(`${PETSTORE} \\(Petstore[^)]*\\): skipped \\(already_migrated\\)`));
  });
});

/** Every file under a folder, concatenated (the log channel's file lives under context.logUri). */
function readTree(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? readTree(path.join(dir, e.name)) : fs.readFileSync(path.join(dir, e.name), 'utf8')))
    .join('\n');
}
