// svc.environments.json, the credential variables' names, --select, the deploy record's stable
// text and the members a server fills in: the pure parts of environments, by example.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { credentialPrefix, credentialVariables, parseEnvironments } from '../../../engine/src/environments/environmentsFile';
import { parseSelectors, selects } from '../../../engine/src/environments/selection';
import { deployRecordPath, formatDeployRecord, parseDeployRecord, type DeployRecord } from '../../../engine/src/environments/deployState';
import { addedMembers, withServerFilled } from '../../../engine/src/environments/serverFilled';
import { chooseMode } from '../../../engine/src/environments/cli/envConnection';

describe('svc.environments.json', () => {
  test('variable names: upper-cased, every other character than A-Z and 0-9 as _', () => {
    assert.equal(credentialPrefix('production'), 'SVC_PRODUCTION');
    assert.equal(credentialPrefix('eu-west.1'), 'SVC_EU_WEST_1');
    assert.deepEqual(credentialVariables('staging_2'), {
      dashboardToken: 'SVC_STAGING_2_DASHBOARD_TOKEN',
      gatewaySecret: 'SVC_STAGING_2_GATEWAY_SECRET',
      adminSecret: 'SVC_STAGING_2_ADMIN_SECRET',
    });
  });

  test('the same objects as the svc.environments setting are accepted', () => {
    const parsed = parseEnvironments([
      { name: 'staging', dashboardUrl: 'https://dash.staging.example:3000', gatewayUrl: 'https://gw.staging.example', tls: { caFile: 'certs/ca.pem' } },
      { name: 'production', dashboardUrl: 'http://127.0.0.1:3000' },
    ]);
    assert.equal(parsed.length, 2);
    assert.equal(parsed[0].tls?.caFile, 'certs/ca.pem');
  });

  test('refused, each with what to write instead', () => {
    const refuses = (value: unknown, pattern: RegExp) => assert.throws(() => parseEnvironments(value), pattern);
    refuses({ name: 'x' }, /must be an array/);
    refuses([{ name: 'a', dashboardUrl: 'https://a', token: 's3cret' }], /unknown member\(s\) token \(credentials never go in this file/);
    refuses([{ name: '../up', dashboardUrl: 'https://a' }], /"name" must be letters, digits/);
    refuses([{ name: 'prod', dashboardUrl: 'ftp://a' }], /"dashboardUrl" must be an http:\/\/ or https:\/\/ URL/);
    refuses(
      [
        { name: 'eu-west', dashboardUrl: 'https://a' },
        { name: 'eu_west', dashboardUrl: 'https://b' },
      ],
      /'eu_west' and 'eu-west' would share the variables SVC_EU_WEST_\*/,
    );
    refuses([{ name: 'p', dashboardUrl: 'https://a', tls: { allowSelfSigned: 'yes' } }], /"tls" is/);
  });

  test('which mode: a declared --env uses the file; --dashboard keeps the flags; one declared environment needs no --env', () => {
    const declared = parseEnvironments([
      { name: 'development', dashboardUrl: 'http://a' },
      { name: 'production', dashboardUrl: 'http://b' },
    ]);
    assert.equal(chooseMode(undefined, { environment: 'production' }, {}).mode, 'legacy');
    assert.equal(chooseMode(declared, { environment: 'production', dashboard: 'http://c' }, {}).mode, 'legacy');
    const chosen = chooseMode(declared, { environment: 'production' }, {});
    assert.ok(chosen.mode === 'environments' && chosen.environment.name === 'production');
    const single = chooseMode(declared.slice(0, 1), {}, {});
    assert.ok(single.mode === 'environments' && single.environment.name === 'development');
    assert.throws(() => chooseMode(declared, {}, {}), /Which environment\?/);
    // An undeclared name with today's SVC_DASHBOARD_URL: a one-off server, as before.
    assert.equal(chooseMode(declared, { environment: 'scratch' }, { SVC_DASHBOARD_URL: 'http://c' }).mode, 'legacy');
    assert.throws(() => chooseMode(declared, { environment: 'scratch' }, {}), /'scratch' is not declared/);
  });
});

describe('--select', () => {
  const policy = { kind: 'policy' as const, file: 'svc/team-a/gold.policy.json', document: { name: 'Gold plan', tags: ['team-a'] } };
  const oas = {
    kind: 'oas' as const,
    file: 'svc/payments.oas.json',
    document: { 'x-svc-api-gateway': { info: { name: 'Payments' }, server: { gatewayTags: { tags: ['team-b'] } } } },
  };

  test('folder (itself and below, not a sibling with the same prefix), tag, name pattern', () => {
    assert.ok(selects(parseSelectors(['folder:svc/team-a']), policy));
    assert.ok(selects(parseSelectors(['folder:svc/team-a/']), policy));
    assert.ok(!selects(parseSelectors(['folder:svc/team']), policy));
    assert.ok(selects(parseSelectors(['tag:team-b']), oas));
    assert.ok(!selects(parseSelectors(['tag:team-a']), oas));
    assert.ok(selects(parseSelectors(['name:pay*']), oas));
    assert.ok(selects(parseSelectors(['Gold?plan']), policy));
    assert.ok(!selects(parseSelectors(['Gold']), policy), 'a pattern matches the whole name');
  });

  test('several selectors widen the selection; none selects everything', () => {
    assert.ok(selects(parseSelectors(['tag:team-a', 'tag:team-b']), oas));
    assert.ok(selects([], oas));
    assert.throws(() => parseSelectors(['name:']), /selects nothing/);
  });
});

describe('deploy record', () => {
  const record: DeployRecord = {
    environment: 'production',
    file: 'svc/payments.oas.json',
    kind: 'oas',
    id: 'p1',
    ids: { '/x-svc-api-gateway/info/id': 'p1' },
    serverHash: 'a'.repeat(64),
    fileHash: 'b'.repeat(64),
    base: { z: 1, a: { y: 2, b: 3 } },
  };

  test("one file per definition and environment, at the definition's own path", () => {
    assert.equal(deployRecordPath('production', 'svc/payments.oas.json'), '.svc-deploy/production/svc/payments.oas.json');
  });

  test('stable text: the same content gives the same bytes whatever the member order; it reads back', () => {
    const reordered = { ...record, base: { a: { b: 3, y: 2 }, z: 1 } };
    assert.equal(formatDeployRecord(record), formatDeployRecord(reordered));
    assert.ok(formatDeployRecord(record).endsWith('}\n'));
    assert.deepEqual(parseDeployRecord(formatDeployRecord(record)), { ...record, base: { a: { b: 3, y: 2 }, z: 1 } });
    assert.throws(() => parseDeployRecord('{"format": 2}'), /unknown format 2/);
  });
});

describe('members the server fills in', () => {
  test('added members are found by pointer (not inside arrays) and filled back from the server version', () => {
    const sent = { a: 1, b: { c: 2 }, list: [{ x: 1 }] };
    const stored = { a: 1, b: { c: 2, d: true }, e: 'x', list: [{ x: 1, y: 2 }], 'we/ird': 0 };
    const added = addedMembers(sent, stored);
    assert.deepEqual(added, ['/b/d', '/e', '/we~1ird']);
    assert.deepEqual(withServerFilled(sent, stored, added), { a: 1, b: { c: 2, d: true }, list: [{ x: 1 }], e: 'x', 'we/ird': 0 });
    // A member the file sets itself is the file's, not the server's.
    assert.deepEqual((withServerFilled({ ...sent, e: 'mine' }, stored, added) as Record<string, unknown>).e, 'mine');
  });
});
