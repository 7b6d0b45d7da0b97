// The migrate report as the user reads it: rows per API with outcome, messages and generated
// documents; summary; Markdown and log lines; the request built from the user's choices; and
// the webview HTML (escaping, diff buttons, the run form).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { previewMigration } from '../../../migration/src/index';
import { addConversionNotes, buildReport, migratableIds, reportLogLines, reportMarkdown } from '../../../client/src/workflows/migrate/migrateReport';
import { buildMigrateRequest, describeTarget, isRunMode, targetFromNodes } from '../../../client/src/workflows/migrate/migrateRequest';
import { escapeHtml, reportHtml } from '../../../client/src/workflows/migrate/reportHtml';

const mixed = {
  success: {
    count: 1,
    apiIDs: ['pets'],
    stagedAPIs: [{ classicAPIID: 'pets', oasAPIID: 'pets-staged' }],
    definitions: [
      {
        apiID: 'pets',
        baseAPI: { openapi: '3.0.6', info: { title: 'Pets' } },
        versions: [{ openapi: '3.0.6', 'x-svc-api-gateway': { info: { name: 'Pets-v2' } } }],
      },
    ],
  },
  failure: { count: 1, errors: [{ apiID: 'billing', message: ['base API Billing is already versioned', 'second problem'] }] },
  skipped: {
    count: 2,
    apis: [
      { apiID: 'tcp', message: 'TCP and TLS APIs are not migrated', key: 'is_tcp' },
      { apiID: 'odd', message: '', key: null },
    ],
  },
  abortedOnFailure: false,
};

test('rows: success with staged id and documents, failure with every message, skipped with key and message', () => {
  const report = buildReport('stage', mixed, [], new Map([['pets', 'Petstore']]));
  assert.deepEqual(
    report.rows.map((r) => [r.apiID, r.name, r.outcome, r.skipKey, r.stagedId, r.messages, r.documents.map((d) => d.label)]),
    [
      ['pets', 'Petstore', 'success', undefined, 'pets-staged', [], ['base', 'Pets-v2']],
      ['billing', 'billing', 'failure', undefined, undefined, ['base API Billing is already versioned', 'second problem'], []],
      ['tcp', 'tcp', 'skipped', 'is_tcp', undefined, ['TCP and TLS APIs are not migrated'], []],
      ['odd', 'odd', 'skipped', undefined, undefined, ['skipped'], []],
    ],
  );
  assert.deepEqual(report.counts, { success: 1, failure: 1, skipped: 2, notReported: 0 });
  assert.equal(report.summary, 'Stage: 1 staged, 1 failed, 2 skipped.');
  assert.deepEqual(migratableIds(report), ['pets']);
});

test('abortOnFailure: requested APIs the server never reached are listed as not processed', () => {
  const report = buildReport('direct', { failure: { count: 1, errors: [{ apiID: 'a', message: ['boom'] }] }, abortedOnFailure: true }, ['a', 'b', 'c']);
  assert.deepEqual(
    report.rows.map((r) => [r.apiID, r.outcome]),
    [
      ['a', 'failure'],
      ['b', 'not-reported'],
      ['c', 'not-reported'],
    ],
  );
  assert.equal(report.summary, 'Direct migration: 0 migrated, 1 failed, 0 skipped, 2 not processed (stopped at the first failure).');
});

test('an empty response still gives a readable report', () => {
  const report = buildReport('dryRun', {}, []);
  assert.equal(report.rows.length, 0);
  assert.equal(report.summary, 'Dry run: 0 would migrate, 0 failed, 0 skipped.');
});

test('markdown and log lines name every API with its result and details', () => {
  const report = buildReport('stage', mixed, [], new Map([['pets', 'Pet|store']]));
  const md = reportMarkdown(report);
  assert.match(md, /^## Migration — Stage\n\nStage: 1 staged, 1 failed, 2 skipped\.\n/);
  assert.match(md, /\| Pet\\\|store \| pets \| success \| staged as pets-staged; 1 child version \|/);
  assert.match(md, /\| billing \| billing \| failed \| base API Billing is already versioned; second problem \|/);
  assert.match(md, /\| tcp \| tcp \| skipped \(is_tcp\) \| TCP and TLS APIs are not migrated \|/);
  assert.deepEqual(reportLogLines(report).slice(0, 2), [
    'Stage: 1 staged, 1 failed, 2 skipped.',
    'pets (Pet|store): success — staged as pets-staged; 1 child version',
  ]);
});

test('a real converter dry run (versioned petstore fixture) gives a base and a child document', () => {
  const classic = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'migration', 'petstore.classic.json'), 'utf8'));
  const { response } = previewMigration(classic);
  const report = buildReport('dryRun', response, [classic.api_id]);
  assert.equal(report.rows.length, 1);
  assert.equal(report.rows[0].outcome, 'success');
  assert.equal(report.rows[0].documents.length, 2);
  assert.equal((report.rows[0].documents[0].document as { openapi?: string }).openapi, '3.0.6');
});

test('request: ids or all, abortOnFailure, overrideStaged only when staging', () => {
  assert.deepEqual(buildMigrateRequest('dryRun', { apiIDs: ['a'] }, { abortOnFailure: true, overrideStaged: true }), {
    mode: 'dryRun',
    apiIDs: ['a'],
    abortOnFailure: true,
  });
  assert.deepEqual(buildMigrateRequest('stage', { apiIDs: ['a', 'b'] }, { overrideStaged: true }), { mode: 'stage', apiIDs: ['a', 'b'], overrideStaged: true });
  assert.deepEqual(buildMigrateRequest('promote', { all: true }), { mode: 'promote', all: true });
  // The report page may only ask for the three run modes (a dry run is never "run").
  assert.deepEqual(['stage', 'promote', 'direct', 'dryRun', 'delete', undefined].map(isRunMode), [true, true, true, false, false, false]);
});

test('target from tree nodes: the selection wins, duplicates and non-API nodes dropped, non-classic noted', () => {
  const clicked = { apiId: 'a', label: 'A', kind: 'classic' };
  assert.deepEqual(targetFromNodes(clicked, undefined).ids, ['a']);
  const t = targetFromNodes(clicked, [clicked, { apiId: 'b', label: 'B', kind: 'oas' }, { label: 'APIs' }, { apiId: 'a', label: 'A' }]);
  assert.deepEqual(t.ids, ['a', 'b']);
  assert.deepEqual(t.nonClassic, ['B']);
  assert.equal(describeTarget({ apiIDs: ['a'] }, t.names), "'A'");
  assert.equal(describeTarget({ apiIDs: ['a', 'b'] }), '2 APIs');
  assert.equal(describeTarget({ all: true }), 'all APIs');
});

test('html: server text is escaped, one diff button per generated document, run form only with successes', () => {
  const hostile = buildReport('dryRun', { failure: { count: 1, errors: [{ apiID: '<img src=x onerror=alert(1)>', message: ['<script>bad()</script>'] }] } });
  const page = reportHtml(hostile, { nonce: 'N0NCE', cspSource: 'vscode-resource:', environment: 'prod & co', offerRun: true });
  assert.ok(!page.includes('<img src=x'), 'ids are escaped');
  assert.ok(!page.includes('<script>bad()'), 'messages are escaped');
  assert.match(page, /prod &amp; co/);
  assert.ok(!page.includes('<form id="run">'), 'nothing to run when nothing succeeded');
  assert.match(page, /script-src 'nonce-N0NCE'/);

  const ok = buildReport('dryRun', mixed, [], new Map([['pets', 'Petstore']]));
  const okPage = reportHtml(ok, { nonce: 'n', cspSource: 'c', environment: 'e', offerRun: true, suggestedMode: 'promote' });
  assert.equal((okPage.match(/class="diff"/g) ?? []).length, 2);
  assert.match(okPage, /Diff base/);
  assert.match(okPage, /Diff Pets-v2/);
  assert.match(okPage, /value="promote" checked/);
  assert.match(okPage, /Run on the 1 API that succeeded/);
  assert.match(okPage, /overrideStaged/);
  assert.ok(!reportHtml(ok, { nonce: 'n', cspSource: 'c', environment: 'e', offerRun: false }).includes('<form'), 'a local preview offers no run');
  assert.equal(escapeHtml(`a<b>"c"&'d'`), 'a&lt;b&gt;&quot;c&quot;&amp;&#39;d&#39;');
});

test('per API, the report says what changed shape and what was dropped (preview of the petstore fixture)', () => {
  const classic = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'migration', 'petstore.classic.json'), 'utf8'));
  const preview = previewMigration(classic);
  const report = buildReport('dryRun', preview.response, [classic.api_id], new Map([[classic.api_id, 'Petstore']]));
  addConversionNotes(report, classic.api_id, preview);
  const row = report.rows[0];
  assert.ok(row.changes.includes('global_headers (map) → middleware.global.transformRequestHeaders.add (list of {name, value})'), row.changes.join('\n'));
  assert.ok(row.changes.some((c) => c.startsWith('version_data.versions: each non-default version became its own internal child API (v2 → ')));
  assert.ok(row.dropped.includes('extended_paths.transform_jq dropped: no OAS equivalent'), row.dropped.join('\n'));
  const counts = `${row.changes.length} shape changes; ${row.dropped.length} items dropped`;
  assert.match(reportLogLines(report)[1], new RegExp(`^${classic.api_id} \\(Petstore\\): success — 1 child version; ${counts}$`));
  assert.ok(reportLogLines(report).includes('  changed shape: global_headers (map) → middleware.global.transformRequestHeaders.add (list of {name, value})'));
  const md = reportMarkdown(report);
  assert.match(md, /### Petstore: changed shape\n\n- version_data\.versions: /);
  assert.match(md, /### Petstore: dropped\n\n- /);
  const html = reportHtml(report, { nonce: 'n', cspSource: 'c', environment: 'local preview', offerRun: false });
  assert.match(html, /<div class="changes"><b>Changed shape<\/b><ul><li>version_data\.versions: /);
  assert.ok(html.includes('<li>global_headers (map) → middleware.global.transformRequestHeaders.add (list of {name, value})</li>'));
  assert.match(html, /<div class="dropped"><b>Dropped<\/b><ul><li>/);
});

test('a row without conversion notes shows no changed-shape or dropped list; unknown ids are ignored', () => {
  const report = buildReport('stage', mixed, [], new Map());
  addConversionNotes(report, 'nobody', { changes: ['x'], warnings: ['y'] });
  assert.ok(report.rows.every((r) => r.changes.length === 0 && r.dropped.length === 0));
  const html = reportHtml(report, { nonce: 'n', cspSource: 'c', environment: 'e', offerRun: true });
  assert.ok(!html.includes('Changed shape') && !html.includes('class="dropped"'));
  addConversionNotes(report, 'pets', { changes: ['<b>a</b>'] });
  assert.ok(reportHtml(report, { nonce: 'n', cspSource: 'c', environment: 'e', offerRun: true }).includes('<li>&lt;b&gt;a&lt;/b&gt;</li>'), 'escaped');
});
