// The analytics webview in a real VS Code: opened for a seeded OAuth client over the last 7
// days, it reports back how many points it drew; CSV export writes the table and never
// overwrites a file unasked. Screenshot of the chart for the docs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { lastSevenDays } from '../../../client/src/workflows/analytics/dateRange';
import { fixtureUri } from './helpers/workspace';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { hasDriver } from './helpers/workbench';

const ENV = 'E2E Analytics';

describe('analytics', () => {
  let clientId: string;

  const setup = useSandboxEnvironment(ENV, { cleanup: async () => setup.api.analytics.current()?.dispose() });

  before(async () => {
    clientId = String((await setup.server.listOAuthClients(SEED_API_IDS.partnerOauth))[0].client_id);
  });

  it('opens the chart with the last 7 days of a seeded OAuth client', async () => {
    const range = lastSevenDays();
    await vscode.commands.executeCommand('svc.analytics.showOAuthClient', { environment: ENV, clientId, ...range });
    const panel = await waitFor(() => setup.api.analytics.current(), { message: 'the analytics panel' });
    await waitFor(() => panel.state.renderedPoints !== undefined, { message: 'the webview to report what it drew' });
    assert.equal(panel.state.renderedPoints, 7);
    assert.deepEqual(panel.state.messages, ['rendered 7 points']);
    assert.ok(panel.state.series.summary.hits > 0, 'the seed has traffic in the last 7 days');
    assert.equal(panel.state.series.points.length, 7);
    // Daily data gets day ticks ("Nov 18"), never uPlot's 12am/12pm hour ticks.
    const ticks = panel.state.renderedTicks ?? [];
    assert.ok(ticks.length >= 2 && ticks.every((t) => /^[A-Z][a-z]{2} \d{1,2}$/.test(t)), `x ticks: ${ticks.join(' | ')}`);
    assert.equal(new Set(ticks).size, ticks.length, 'one tick per day');
    if (hasDriver()) assert.ok((await screenshot('analytics-chart'))?.endsWith('.png'));
  });

  it('exports the table as CSV and will not overwrite it unasked', async () => {
    const target = fixtureUri('analytics-export.csv');
    const written = await vscode.commands.executeCommand<vscode.Uri>('svc.analytics.exportCsv', { target });
    assert.equal(written?.fsPath, target.fsPath);
    const lines = fs.readFileSync(target.fsPath, 'utf8').trimEnd().split('\r\n');
    assert.equal(lines[0], 'day,hits,errors,success,latency_ms,max_latency_ms');
    assert.equal(lines.length, 8);
    const total = lines.slice(1).reduce((n, l) => n + Number(l.split(',')[1]), 0);
    assert.equal(total, setup.api.analytics.current()!.state.series.summary.hits);

    fs.writeFileSync(target.fsPath, 'keep me');
    assert.equal(await vscode.commands.executeCommand('svc.analytics.exportCsv', { target }), undefined);
    assert.equal(fs.readFileSync(target.fsPath, 'utf8'), 'keep me');
  });

  it('refuses a reversed date range before asking the server', async () => {
    const before = setup.api.analytics.current()!.state;
    assert.equal(
      await vscode.commands.executeCommand('svc.analytics.showOAuthClient', { environment: ENV, clientId, start: '2024-03-07', end: '2024-03-01' }),
      undefined,
    );
    assert.equal(setup.api.analytics.current()!.state, before);
  });
});
