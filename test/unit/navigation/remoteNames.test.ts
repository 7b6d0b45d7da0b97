// The link warnings and the active environment: the ids its explorer tree has loaded keep
// "unknown API / policy" quiet for what the environment has, and every warning says where the id
// was looked for (the workspace only; the workspace and the environment; the pages loaded so far;
// or that the environment was not checked because its tree has not loaded that kind).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { workspace } from './navigation.helpers';

const api = (id: string) =>
  JSON.stringify({ name: `API ${id}`, api_id: id, proxy: { listen_path: `/${id}/`, target_url: 'https://up.example.com' }, version_data: { versions: {} } });
const key = (policies: string[], apis: string[]) =>
  JSON.stringify({ apply_policies: policies, rate: 10, per: 60, access_rights: Object.fromEntries(apis.map((a) => [a, { api_id: a }])) });

/** A workspace with one local API and policy, and a key (the open file) granting `apiId` and applying `policyId`. */
function keyGranting(apiId: string, policyId: string) {
  const ws = workspace({
    'local.json': api('local-1'),
    'gold.json': JSON.stringify({ id: 'gold', name: 'Gold', rate: 1, per: 1, access_rights: {} }),
    'key.json': key([policyId], [apiId]) + '|',
  });
  const warnings = () =>
    ws.service
      .validate(ws.document)
      .filter((d) => String(d.code).startsWith('svc.link.'))
      .map((d) => `${String(d.code).slice('svc.link.'.length)}: ${String(d.message)}`);
  return { ws, warnings };
}

const NOTHING = 'this grant gives access to nothing here.';
const DENIED = 'the gateway denies requests made with a key whose policy it cannot find.';

test('no active environment: the warnings say only the workspace was searched', () => {
  const { warnings } = keyGranting('remote-9', 'remote-plan');
  assert.deepEqual(warnings(), [
    `unknown-policy: No policy with the id \`remote-plan\` is in this workspace: ${DENIED}`,
    `unknown-api: No API with the id \`remote-9\` is in this workspace: ${NOTHING}`,
  ]);
});

test('an active environment whose tree has loaded nothing: the warnings say it was not checked', () => {
  const { ws, warnings } = keyGranting('remote-9', 'remote-plan');
  ws.index.setRemoteNames({ environment: 'Staging', names: {} });
  assert.deepEqual(warnings(), [
    'unknown-policy: No policy with the id `remote-plan` is in this workspace (the active environment `Staging` was not checked: ' +
      `its policies are not loaded in the Svc explorer): ${DENIED}`,
    'unknown-api: No API with the id `remote-9` is in this workspace (the active environment `Staging` was not checked: ' +
      `its APIs are not loaded in the Svc explorer): ${NOTHING}`,
  ]);
});

test('ids the tree loaded are known: no warning for them; an id just beside them still warns, naming the environment', () => {
  const { ws, warnings } = keyGranting('remote-9', 'remote-plan');
  ws.index.setRemoteNames({ environment: 'Staging', names: { api: ['remote-9', 'remote-10'], policy: ['remote-plan'] } });
  assert.deepEqual(warnings(), []);

  // Ids compare exactly: another case, or a prefix, is another id.
  const near = keyGranting('Remote-9', 'remote-pla');
  near.ws.index.setRemoteNames({ environment: 'Staging', names: { api: ['remote-9'], policy: ['remote-plan'] } });
  assert.deepEqual(near.warnings(), [
    `unknown-policy: No policy with the id \`remote-pla\` is in this workspace or in the active environment \`Staging\`: ${DENIED}`,
    `unknown-api: No API with the id \`Remote-9\` is in this workspace or in the active environment \`Staging\`: ${NOTHING}`,
  ]);
});

test('only the kinds the tree loaded are checked; APIs still paging say "loaded so far"', () => {
  const { ws, warnings } = keyGranting('remote-9', 'remote-plan');
  ws.index.setRemoteNames({ environment: 'Staging', names: { api: ['remote-1'] }, partial: ['api'] });
  assert.deepEqual(warnings(), [
    'unknown-policy: No policy with the id `remote-plan` is in this workspace (the active environment `Staging` was not checked: ' +
      `its policies are not loaded in the Svc explorer): ${DENIED}`,
    `unknown-api: No API with the id \`remote-9\` is in this workspace or in the APIs loaded so far from the active environment \`Staging\`: ${NOTHING}`,
  ]);
  // The next page brings it: quiet.
  ws.index.setRemoteNames({ environment: 'Staging', names: { api: ['remote-1', 'remote-9'], policy: [] } });
  assert.deepEqual(warnings(), [
    `unknown-policy: No policy with the id \`remote-plan\` is in this workspace or in the active environment \`Staging\`: ${DENIED}`,
  ]);
});

test('switching the environment off brings back the workspace-only wording; local ids never warn', () => {
  const { ws, warnings } = keyGranting('local-1', 'gold');
  ws.index.setRemoteNames({ environment: 'Staging', names: { api: [], policy: [] } });
  assert.deepEqual(warnings(), []);
  const remote = keyGranting('remote-9', 'gold');
  remote.ws.index.setRemoteNames({ environment: 'Staging', names: { api: ['remote-9'] } });
  assert.deepEqual(remote.warnings(), []);
  remote.ws.index.setRemoteNames(undefined);
  assert.deepEqual(remote.warnings(), [`unknown-api: No API with the id \`remote-9\` is in this workspace: ${NOTHING}`]);
});
