// Code lenses, workspace symbols, document links, link diagnostics and the index's incremental
// updates, on small workspaces written as text (`|` cursor file, `«…»` exact ranges).
import { countScope } from '../../../server/src/service/navigation/lenses';
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SymbolKind } from 'vscode-languageserver-types';
import { SvcDocument } from '../../../server/src/service/parser/document';
import { WorkspaceModel } from '../../../server/src/service/index/workspaceModel';
import { uriOf, workspace } from './navigation.helpers';

const lines = (...l: string[]): string => l.join('\n');
const bare = (marked: string): string => marked.replace(/[«»|]/g, '');
const classic = (id: string, name = 'Petstore', listenPath = '/petstore/') =>
  lines(
    '{',
    `  "name": "${name}",`,
    `  "api_id": "${id}",`,
    `  "proxy": { "listen_path": "${listenPath}", "target_url": "https://petstore.example.com/v1" },`,
    '  "version_data": { "not_versioned": true, "versions": {} }',
    '}',
  );
const grants = (apis: string[], inner: (a: string) => string): string => apis.map((a) => `    "${a}": { "api_id": "${bare(a)}"${inner(a)} }`).join(',\n');
const policy = (id: string, ...apis: string[]) =>
  lines(
    '{',
    `  "id": "${id}",`,
    `  "name": "Plan ${id}",`,
    '  "rate": 100, "per": 60,',
    '  "access_rights": {',
    grants(apis, () => ', "versions": ["Default"]'),
    '  }',
    '}',
  );
const key = (policies: string[], ...apis: string[]) =>
  lines(
    '{',
    `  "apply_policies": [${policies.map((p) => `"${p}"`).join(', ')}],`,
    '  "rate": 10, "per": 60,',
    '  "access_rights": {',
    grants(apis, () => ''),
    '  }',
    '}',
  );

const codeOf = (d: { code?: unknown }) => String(d.code);

test('code lens above an API: granted by N policies · M keys, opening their grants', () => {
  const ws = workspace({
    'petstore.json': classic('pets|tore-1'),
    'gold.json': policy('gold', '«petstore-1»'),
    'silver.json': policy('silver', '«petstore-1»', 'weather-1'),
    'key.json': key(['gold'], '«petstore-1»'),
    'bronze.json': policy('bronze', 'weather-1'),
  });
  const lenses = ws.service.codeLenses(ws.document);
  assert.deepEqual(
    lenses.map((l) => l.command?.title),
    ['granted by 2 policies · 1 key'],
  );
  const [uri, position, locations] = lenses[0].command!.arguments!;
  assert.equal(uri, uriOf('petstore.json'));
  assert.deepEqual(position, { line: 2, character: 13 });
  assert.deepEqual(locations, ws.marked.filter((l) => l.uri !== uriOf('key.json')).concat(ws.marked.filter((l) => l.uri === uriOf('key.json'))));
  assert.equal(lenses[0].command!.command, 'svc.showReferences');
});

test('code lenses above a policy: grants N APIs (their definitions) and used by M keys', () => {
  const ws = workspace({
    'gold.json': policy('go|ld', 'petstore-1', 'unknown-9'),
    'petstore.json': classic('«petstore-1»'),
    'key1.json': key(['«gold»'], 'petstore-1'),
    'key2.json': key(['silver', '«gold»']),
  });
  const lenses = ws.service.codeLenses(ws.document);
  assert.deepEqual(
    lenses.map((l) => l.command?.title),
    ['grants 2 APIs', 'used by 2 keys'],
  );
  const grants = lenses[0].command!.arguments![2] as Array<{ uri: string }>;
  assert.deepEqual(
    grants.map((l) => l.uri),
    [uriOf('petstore.json'), uriOf('gold.json')],
    'the API file, and the grant itself for an API not in the workspace',
  );
  assert.deepEqual(
    lenses[1].command!.arguments![2],
    ws.marked.filter((l) => l.uri.includes('key')),
  );
  // Boundaries: one of each reads in the singular; none reads 0.
  const one = workspace({ 'p.json': classic('a|-1'), 'k.json': key([], 'a-1') });
  assert.deepEqual(
    one.service.codeLenses(one.document).map((l) => l.command?.title),
    ['granted by 0 policies · 1 key'],
  );
});

test('workspace symbols: APIs by name and listen path, policies, operations; the query filters', () => {
  const ws = workspace({
    'petstore.json': classic('petstore-1', 'Petstore', '/pets/'),
    'weather.json': classic('weather-1', 'Weather', '/weather/'),
    'gold.json': policy('gold', 'petstore-1'),
    'o.json':
      '{ "openapi": "3.0.3", "info": { "title": "Pay", "version": "1" }, "paths": { "/pay": { "post": { "operationId": "createPayment" } } }, "x-svc-api-gateway": { "info": { "id": "pay-1", "name": "Pay" }, "server": { "listenPath": { "value": "/pay/" } } } }|',
  });
  const all = ws.service.workspaceSymbols('');
  assert.deepEqual(
    all.map((s) => [s.name, s.kind, s.containerName]),
    [
      ['Pay /pay/', SymbolKind.Module, 'API · o.json'],
      ['Petstore /pets/', SymbolKind.Module, 'API · petstore.json'],
      ['Plan gold', SymbolKind.Object, 'policy · gold.json'],
      ['POST /pay', SymbolKind.Method, 'operation createPayment · o.json'],
      ['Weather /weather/', SymbolKind.Module, 'API · weather.json'],
    ],
  );
  assert.deepEqual(
    ws.service.workspaceSymbols('/weat').map((s) => s.name),
    ['Weather /weather/'],
  );
  assert.deepEqual(
    ws.service.workspaceSymbols('createpay').map((s) => s.name),
    ['POST /pay'],
    'an operation by its operationId',
  );
  assert.deepEqual(ws.service.workspaceSymbols('zzz'), []);
  const petstore = all.find((s) => s.name.startsWith('Petstore'))!;
  assert.deepEqual(petstore.location.range, { start: { line: 2, character: 13 }, end: { line: 2, character: 23 } });
});

test("document links: URLs open in the browser; the listen path links to the active environment's gateway", () => {
  const ws = workspace({
    'p.json': classic('p|-1').replace('https://petstore.example.com/v1', '«https://petstore.example.com/v1»').replace('"/petstore/"', '"«/petstore/»"'),
  });
  const without = ws.service.documentLinks(ws.document);
  assert.deepEqual(
    without.map((l) => [l.range, l.target]),
    [[ws.marked[1].range, 'https://petstore.example.com/v1']],
  );
  const withGateway = ws.service.documentLinks(ws.document, 'https://gw.example.com/');
  assert.deepEqual(
    withGateway.map((l) => [l.range, l.target]),
    [
      [ws.marked[1].range, 'https://petstore.example.com/v1'],
      [ws.marked[0].range, 'https://gw.example.com/petstore/'],
    ],
  );
  // A key-value reference or a template is no URL to open.
  const kv = workspace({ 'p.json': classic('p|-1', 'P', 'env://LISTEN').replace('https://petstore.example.com/v1', 'https://{{host}}/v1') });
  assert.deepEqual(kv.service.documentLinks(kv.document, 'https://gw.example.com'), []);
});

test('link diagnostics: a grant of an API nobody defines and a missing policy warn; known ones do not', () => {
  const ws = workspace({
    'petstore.json': classic('petstore-1'),
    'gold.json': policy('gold', 'petstore-1'),
    'key.json': key(['gold', 'silvr'], 'petstore-1', 'petstor-1') + '|',
  });
  const diagnostics = ws.service.validate(ws.document).filter((d) => codeOf(d).startsWith('svc.link.'));
  assert.deepEqual(
    diagnostics.map((d) => [codeOf(d), d.severity, ws.document.getText(d.range), d.message]),
    [
      [
        'svc.link.unknown-policy',
        2,
        '"silvr"',
        "No policy with the id `silvr` is in this workspace: the gateway skips a policy it cannot find and applies the key's other policies.",
      ],
      [
        'svc.link.unknown-api',
        2,
        '"petstor-1"',
        'No API with the id `petstor-1` is in this workspace: this grant gives access to nothing here. Did you mean `petstore-1`?',
      ],
    ],
  );
});

test("a missing policy's link warning says what the gateway does: skipped beside one that exists, the key refused when none exists", () => {
  const policyWarnings = (policies: string[], remotePolicies?: string[]) => {
    const ws = workspace({ 'petstore.json': classic('petstore-1'), 'gold.json': policy('gold', 'petstore-1'), 'key.json': key(policies) + '|' });
    if (remotePolicies) ws.index.setRemoteNames({ environment: 'Staging', names: { policy: remotePolicies } });
    return ws.service
      .validate(ws.document)
      .filter((d) => codeOf(d) === 'svc.link.unknown-policy')
      .map((d) => [ws.document.getText(d.range), d.message]);
  };
  const SKIPS = "the gateway skips a policy it cannot find and applies the key's other policies.";
  const NONE =
    'neither is any other policy this key names, and the gateway denies requests made with a key none of whose policies it can find ' +
    '("key has no valid policies to be applied").';
  const ALONE = 'the gateway denies requests made with a key whose policy it cannot find.';
  // One missing of two, the other defined here: skipped.
  assert.deepEqual(policyWarnings(['nope', 'gold']), [['"nope"', `No policy with the id \`nope\` is in this workspace: ${SKIPS}`]]);
  // Both missing: refused, on each of them.
  assert.deepEqual(policyWarnings(['nope', 'nada']), [
    ['"nope"', `No policy with the id \`nope\` is in this workspace: ${NONE}`],
    ['"nada"', `No policy with the id \`nada\` is in this workspace: ${NONE}`],
  ]);
  // The same missing id twice: no other policy exists, refused.
  assert.deepEqual(
    policyWarnings(['nope', 'nope']).map(([, m]) => m),
    [`No policy with the id \`nope\` is in this workspace: ${NONE}`, `No policy with the id \`nope\` is in this workspace: ${NONE}`],
  );
  // The other one exists in the active environment only: that counts, skipped.
  const inStaging = 'is in this workspace or in the active environment `Staging`';
  assert.deepEqual(policyWarnings(['nope', 'plan-9'], ['plan-9']), [['"nope"', `No policy with the id \`nope\` ${inStaging}: ${SKIPS}`]]);
  // One named and missing: denied ("policy not found").
  assert.deepEqual(policyWarnings(['nope']), [['"nope"', `No policy with the id \`nope\` is in this workspace: ${ALONE}`]]);
});

test("apply_policy_id beside a non-empty apply_policies is ignored by the gateway: no warning on it; with an empty list it is the key's policy", () => {
  const warnings = (keyText: string) => {
    const ws = workspace({ 'petstore.json': classic('petstore-1'), 'gold.json': policy('gold', 'petstore-1'), 'key.json': keyText + '|' });
    return ws.service
      .validate(ws.document)
      .filter((d) => codeOf(d) === 'svc.link.unknown-policy')
      .map((d) => [ws.document.getText(d.range), d.message]);
  };
  const withOld = (policies: string[]) => key(policies).replace('{', '{\n  "apply_policy_id": "old-plan",');
  assert.deepEqual(warnings(withOld(['gold'])), [], 'the list wins: old-plan is never read');
  assert.deepEqual(
    warnings(withOld(['nope'])).map(([at]) => at),
    ['"nope"'],
    'only the listed policy is warned about',
  );
  assert.deepEqual(warnings(withOld([])), [
    ['"old-plan"', 'No policy with the id `old-plan` is in this workspace: the gateway denies requests made with a key whose policy it cannot find.'],
  ]);
});

test('link diagnostics stay quiet where the workspace cannot know: no APIs here, or the environment has it', () => {
  const noApis = workspace({ 'gold.json': policy('go|ld', 'petstore-1') });
  assert.deepEqual(
    noApis.service.validate(noApis.document).filter((d) => codeOf(d).startsWith('svc.link.')),
    [],
  );
  const remote = workspace({ 'p.json': classic('petstore-1'), 'gold.json': policy('go|ld', 'remote-9') });
  assert.equal(remote.service.validate(remote.document).filter((d) => codeOf(d) === 'svc.link.unknown-api').length, 1);
  remote.index.setRemoteNames({ environment: 'Staging', names: { api: ['remote-9'] } });
  assert.deepEqual(
    remote.service.validate(remote.document).filter((d) => codeOf(d).startsWith('svc.link.')),
    [],
  );
});

test('the index updates per file: a new grant, a renamed API, a removed file', () => {
  const index = new WorkspaceModel();
  const put = (name: string, text: string) => index.updateText(uriOf(name), text);
  put('p.json', classic('petstore-1'));
  put('gold.json', policy('gold', 'petstore-1'));
  assert.deepEqual(
    index.referencesOf('api', 'petstore-1').map((r) => [r.uri, r.target]),
    [
      [uriOf('gold.json'), 'key'],
      [uriOf('gold.json'), 'value'],
    ],
  );
  const open = new SvcDocument(TextDocument.create(uriOf('silver.json'), 'json', 3, policy('silver', 'petstore-1')));
  index.update(open, 'policy');
  assert.equal(new Set(index.referencesOf('api', 'petstore-1').map((r) => r.uri)).size, 2);
  put('p.json', classic('petstore-2'));
  assert.deepEqual(index.definitionsOf('api', 'petstore-1'), []);
  assert.equal(index.definitionsOf('api', 'petstore-2').length, 1);
  index.remove(uriOf('gold.json'));
  assert.deepEqual(
    index.referencesOf('api', 'petstore-1').map((r) => r.uri),
    [uriOf('silver.json'), uriOf('silver.json')],
  );
  assert.equal(index.has(uriOf('gold.json')), false);
  // Queued text is parsed only when asked (lazily), once.
  put('w.json', classic('weather-1', 'Weather', '/weather/'));
  assert.equal(index.has(uriOf('w.json')), true);
  assert.deepEqual(index.namesOf('api').sort(), ['petstore-2', 'weather-1']);
});

test('the duplicate-listen-path rule reads the same index', () => {
  const ws = workspace({ 'a.json': classic('a-1', 'A', '/same/'), 'b.json': classic('b-1', 'B', '/same/') + '|', 'c.json': classic('c-1', 'C', '/other/') });
  const [d] = ws.service.validate(ws.document).filter((x) => codeOf(x) === 'svc.semantic.duplicate-listen-path');
  assert.match(String(d.message), /also used by a\.json:/);
  assert.deepEqual(
    d.relatedInformation?.map((r) => r.location.uri),
    [uriOf('a.json')],
  );
});

test('a grant one typo away from a known API gets a quick fix to it', () => {
  const ws = workspace({ 'p.json': classic('petstore-1'), 'gold.json': policy('go|ld', 'petstor-1') });
  const [diagnostic] = ws.service.validate(ws.document).filter((d) => codeOf(d) === 'svc.link.unknown-api');
  const actions = ws.service.codeActions(ws.document, [diagnostic], diagnostic.range);
  assert.deepEqual(
    actions.map((a) => a.title),
    ['Change to `petstore-1`'],
  );
  const fixed = TextDocument.applyEdits(ws.document, actions[0].edit!.changes![ws.document.uri]);
  assert.deepEqual(JSON.parse(fixed).access_rights, { 'petstore-1': { api_id: 'petstore-1', versions: ['Default'] } }, 'the key and its inner api_id');
  // Far from every known id: a warning, and no guess.
  const far = workspace({ 'p.json': classic('petstore-1'), 'gold.json': policy('go|ld', 'zzzzzzzz-9') });
  const [lone] = far.service.validate(far.document).filter((d) => codeOf(d) === 'svc.link.unknown-api');
  assert.deepEqual(far.service.codeActions(far.document, [lone], lone.range), []);
});

test('code lenses over a server document say they counted the workspace; over a workspace file they need not', () => {
  assert.equal(countScope('file:///ws/petstore.json'), '');
  assert.equal(countScope('svc:/Local%20sandbox/Petstore%20(classic).json?kind=classic&id=p'), ' in this workspace');
  assert.equal(countScope('svc-remote:/Local%20sandbox/policy/gold.json'), ' in this workspace');
  assert.equal(countScope('untitled:Untitled-1'), ' in this workspace');
});
