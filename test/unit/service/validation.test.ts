// Validation service: exact ranges, codes and messages per document kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import { WorkspaceIndex } from '../../../server/src/service/validation/index';
import { diagnose, expectDiagnostics, markup, svcDocument } from './validation.helpers';
import { M } from './validation.messages';

const classic = (body: string) => `{
  "name": "Orders",
  "api_id": "orders",
  "proxy": { "listen_path": "/orders/", "target_url": "http://orders" },
  "version_data": { "not_versioned": true, "versions": {} }${body}
}`;

test('classic: a wrong enum value is reported on the value, with the allowed values', () => {
  expectDiagnostics(classic(',\n  "protocol": «"htp"»'), [['svc.schema.enum', M.protocolEnumClassic]]);
});

test('classic: a wrong-typed enum value gets one message, the one listing the allowed values', () => {
  expectDiagnostics(classic(',\n  "protocol": «5»'), [['svc.schema.enum', M.protocolEnumClassic]]);
  // A member with a type but no closed set keeps its type message.
  expectDiagnostics(classic(',\n  "listen_port": «"8080"»'), [['svc.schema.type', M.mustBeInteger('listen_port')]]);
});

// The gateway never runs the classic schema (gateway-facts §1): a definition missing a member it
// requires still loads, so the finding is a warning, never an error (validation/src/severity.ts).
test('classic: a missing required member is a warning on the parent key', () => {
  const [d] = expectDiagnostics(
    `{
  "name": "Orders",
  «"proxy"»: { "listen_path": "/orders/" },
  "version_data": { "not_versioned": true, "versions": {} }
}`,
    [['svc.schema.required', M.missingClassic('target_url')]],
  );
  assert.equal(d.severity, DiagnosticSeverity.Warning);
  assert.deepEqual(d.data, { pointer: '/proxy', missing: 'target_url', placeholder: '' }, 'the quick fix still has what it needs');
});

test('classic: a missing member of the root is a warning on its opening brace; so is one in a dashboard record', () => {
  const [d] = expectDiagnostics(`«{»\n  "name": "Orders",\n  "api_id": "orders",\n  "version_data": { "not_versioned": true, "versions": {} }\n}`, [
    ['svc.schema.required', M.missingClassic('proxy')],
  ]);
  assert.equal(d.severity, DiagnosticSeverity.Warning);
  const [r] = expectDiagnostics(
    `{ «"api_definition"»: { "name": "Orders", "api_id": "orders", "proxy": { "listen_path": "/o/", "target_url": "http://o" } }, "created_at": "2024-01-01T00:00:00Z" }`,
    [['svc.schema.required', M.missingClassic('version_data')]],
  );
  assert.equal(r.severity, DiagnosticSeverity.Warning);
});

test('classic: a missing member is a warning, but a wrong type beside it stays an error', () => {
  const diagnostics = expectDiagnostics(`«{»\n  "name": «5»,\n  "proxy": { "listen_path": "/o/", "target_url": "http://o" }\n}`, [
    ['svc.schema.required', M.missingClassic('version_data')],
    ['svc.schema.type', M.mustBeString('name')],
  ]);
  assert.deepEqual(
    diagnostics.map((d) => d.severity),
    [DiagnosticSeverity.Warning, DiagnosticSeverity.Error],
  );
});

test('classic: wrong types on the values, one message each', () => {
  expectDiagnostics(classic(',\n  "listen_port": «"8080"»,\n  "active": «1»'), [
    ['svc.schema.type', M.mustBeInteger('listen_port')],
    ['svc.schema.type', M.mustBeBoolean('active')],
  ]);
});

test('classic: an unknown member is a warning on its key with "did you mean"', () => {
  const [d] = expectDiagnostics(classic(',\n  «"use_keyles"»: true'), [['svc.unknown-member', M.unknown('use_keyles', 'use_keyless')]]);
  assert.equal(d.severity, DiagnosticSeverity.Warning);
  assert.deepEqual(d.data, { pointer: '/use_keyles', suggestion: 'use_keyless' });
});

test('classic: an unknown member far from any known one gets no suggestion', () => {
  expectDiagnostics(classic(',\n  «"zzzzzz"»: 1'), [['svc.unknown-member', M.unknown('zzzzzz')]]);
});

test('classic: semantic rules of the gateway, each on the exact place', () => {
  expectDiagnostics(
    `{
  "name": "Orders",
  "api_id": «"orders/v1"»,
  "enable_jwt": true,
  "auth_configs": { «"jwt"»: { "disable_header": true, "use_param": false } },
  "proxy": { "listen_path": «"orders/"», "target_url": "http://orders", «"enable_load_balancing"»: true },
  "version_data": { "not_versioned": true, "versions": { "Default": { "name": "Default", "global_enforce_timeout": «-5» } } },
  "enable_ip_whitelisting": true,
  "allowed_ips": ["10.0.0.0/8", «"10.0.0.300"», "::1", "2001:db8::/129x"]
}`.replace('"2001:db8::/129x"', '«"2001:db8::/129x"»'),
    [
      ['svc.semantic.api-id', M.apiId],
      ['svc.semantic.auth-sources', M.authSources('jwt')],
      ['svc.semantic.listen-path', M.listenPathSlash('orders/')],
      ['svc.semantic.load-balancing', M.lbNoTargets],
      ['svc.decode', M.readableDurationNumber('global_enforce_timeout', -5)],
      ['svc.semantic.ip-cidr', M.badIp('10.0.0.300')],
      ['svc.semantic.ip-cidr', M.badIp('2001:db8::/129x')],
    ],
  );
});

test('session: a deprecated member is a hint with the deprecated tag and its successor', () => {
  const [d] = expectDiagnostics('{\n  "rate": 10,\n  «"apply_policy_id"»: "gold",\n  "access_rights": {}\n}', [['svc.deprecated', M.applyPolicyIdDeprecated]]);
  assert.equal(d.severity, DiagnosticSeverity.Hint);
  assert.deepEqual(d.tags, [DiagnosticTag.Deprecated]);
  assert.equal((d.data as { replacedBy: string }).replacedBy, 'apply_policies');
});

test('session: a number written as a string', () => {
  expectDiagnostics('{ "rate": «"ten"», "per": 60, "access_rights": {} }', [['svc.schema.type', M.mustBeNumber('rate')]]);
});

test('session: hints on a past expiry and a zero quota; an access_rights entry naming another API', () => {
  const ds = expectDiagnostics(
    '{ "rate": 10, "per": 60, "expires": «1000000000», "quota_max": «0», "access_rights": { "orders": { "api_id": «"payments"», "versions": ["Default"] } } }',
    [
      [
        'svc.semantic.past-expiry',
        '`expires` is in the past (2001-09-09 01:46 UTC): the gateway keeps the stored expiry instead, so a new key would never expire.',
      ],
      [
        'svc.semantic.quota-disabled',
        '`quota_max` 0 turns quota enforcement off (as any value ≤ 0 does): use -1 for unlimited on purpose, or a positive number of requests.',
      ],
      ['svc.semantic.access-rights-api-id', 'This entry is keyed `orders` but its `api_id` is `payments`: the gateway grants access to `orders` (the key).'],
    ],
  );
  assert.deepEqual(
    ds.map((d) => d.severity),
    [DiagnosticSeverity.Hint, DiagnosticSeverity.Hint, DiagnosticSeverity.Warning],
  );
  // A future expiry, "never" (0/-1), unlimited quota and a matching api_id say nothing.
  expectDiagnostics('{ "rate": 10, "per": 60, "expires": 4102444800, "quota_max": -1, "access_rights": { "orders": { "api_id": "orders" } } }', []);
  expectDiagnostics('{ "rate": 10, "per": 60, "expires": 0, "access_rights": { "orders": { "api_id": "" } } }', []);
});

const oas = (security: string, gateway: string, operations = '"listPets": { "allow": { "enabled": true } }') => `{
  "openapi": "3.0.3",
  "info": { "title": "Pets", "version": "1.0.0" },
  "security": [${security}],
  "paths": { "/pets": { "get": { "operationId": "listPets", "responses": { "200": { "description": "ok" } } } } },
  "components": { "securitySchemes": { "authToken": { "type": "apiKey", "in": "header", "name": "Authorization" } } },
  "x-svc-api-gateway": {
    "info": { "name": "Pets", "state": { "active": true } },
    ${gateway},
    "middleware": { "operations": { ${operations} } }
  }
}`;
const oasServer = '"server": { "listenPath": { "value": "/pets/" } }';

test('oas: a missing required member the reference does not fill in is an error (the reference runs the extension schema)', () => {
  const [d] = expectDiagnostics(oas('', `"upstream": { "url": "http://p", «"rateLimit"»: { "enabled": true, "per": 60 } },\n    ${oasServer}`), [
    ['svc.schema.required', M.missing('rate')],
  ]);
  assert.equal(d.severity, DiagnosticSeverity.Error);
});

/** The same document marked as an import template (`$schema` naming the template schema). */
const asTemplate = (text: string) => text.replace('{\n', '{\n  "$schema": "https://svc-gateway-tools.github.io/schemas/oas-template.schema.json",\n');

test('oas: a missing listen path value, which only import fills in, is an error on its parent key; in a template a hint', () => {
  const text = oas('', `"upstream": { "url": "http://p" },\n    "server": { «"listenPath"»: {} }`);
  const [d] = expectDiagnostics(text, [['svc.schema.required', M.requiredOnCreate(M.missing('value'))]]);
  assert.equal(d.severity, DiagnosticSeverity.Error);
  const [t] = expectDiagnostics(asTemplate(text), [['svc.schema.required', M.filledIn(M.missing('value'), 'as `/` or the `listenPath` parameter')]]);
  assert.equal(t.severity, DiagnosticSeverity.Hint);
});

test('oas: an upstream with neither url nor loadBalancing gets one message naming both, on its key (an error; a hint in a template)', () => {
  const [d] = expectDiagnostics(oas('', `«"upstream"»: {},\n    ${oasServer}`), [
    ['svc.schema.required', M.requiredOnCreate(M.eitherMissing('url', 'loadBalancing'))],
  ]);
  assert.equal(d.severity, DiagnosticSeverity.Error);
  const [t] = expectDiagnostics(asTemplate(oas('', `«"upstream"»: {},\n    ${oasServer}`)), [
    ['svc.schema.required', M.filledIn(M.eitherMissing('url', 'loadBalancing'), 'from the first of `servers` or the `upstreamURL` parameter')],
  ]);
  assert.equal(t.severity, DiagnosticSeverity.Hint);
  assert.deepEqual(d.data, { pointer: '/x-svc-api-gateway/upstream', missing: 'url', placeholder: '' }, 'the quick fix adds the first');
  // Just inside: either member alone satisfies it.
  expectDiagnostics(oas('', `"upstream": { "url": "http://p" },\n    ${oasServer}`), []);
  // A value of the wrong type: one type error, not one per branch.
  expectDiagnostics(oas('', `"upstream": «"http://p"»,\n    ${oasServer}`), [['svc.schema.type', M.mustBeObject('upstream')]]);
});

test('oas: each member import fills in says how, on its own (hints in a template; errors in an OAS document)', () => {
  const findings = (gateway: string) =>
    diagnose(
      `{ "$schema": "https://svc-gateway-tools.github.io/schemas/oas-template.schema.json", "openapi": "3.0.3", "info": { "title": "Pets", "version": "1" }, "paths": {}, "x-svc-api-gateway": ${gateway} }`,
    ).diagnostics.map((d) => [d.severity, d.message]);
  const warning = (missing: string, how: string) => [DiagnosticSeverity.Hint, M.filledIn(M.missing(missing), how)];
  const asOas = diagnose(`{ "openapi": "3.0.3", "info": { "title": "Pets", "version": "1" }, "paths": {}, "x-svc-api-gateway": {} }`).diagnostics;
  assert.deepEqual(
    asOas.map((d) => [d.severity, d.message]),
    ['info', 'upstream', 'server'].map((m) => [DiagnosticSeverity.Error, M.requiredOnCreate(M.missing(m))]),
  );
  assert.deepEqual(findings('{}'), [
    warning('info', 'with the name from `info.title` and the API active'),
    warning('upstream', 'with the URL from the first of `servers` or the `upstreamURL` parameter'),
    warning('server', 'with the listen path `/` or the `listenPath` parameter'),
  ]);
  assert.deepEqual(findings('{ "info": {}, "upstream": { "url": "http://p" }, "server": {} }'), [
    warning('name', 'from `info.title`'),
    warning('state', 'with the API active'),
    warning('listenPath', 'as `/` or the `listenPath` parameter'),
  ]);
  assert.deepEqual(findings('{ "info": { "name": "P", "state": {} }, "upstream": { "url": "http://p" }, "server": { "listenPath": { "value": "/" } } }'), [
    warning('active', 'as `true`'),
  ]);
});

test('dashboard record: its `oas` part is an OAS document (a member only import fills in is an error too), its classic part classic', () => {
  const record = (oasInfo: string, listenPath: string, versionData = ', "version_data": { "not_versioned": true, "versions": {} }') => `{
  "api_definition": { "name": "Pets", "api_id": "pets", "proxy": { "listen_path": "/pets/", "target_url": "http://up" }${versionData} },
  "oas": {
    "openapi": "3.0.3", "info": ${oasInfo}, "paths": {},
    "x-svc-api-gateway": { "info": { "name": "Pets", "state": { "active": true } }, "upstream": { "url": "http://up" }, "server": { "listenPath": ${listenPath} } }
  }
}`;
  const findings = (text: string) => diagnose(text).diagnostics.map((d) => [d.severity, d.message]);
  assert.deepEqual(findings(record('{ "title": "Pets", "version": "1" }', '{ "value": "/pets/" }')), []);
  assert.deepEqual(findings(record('{ "title": "Pets", "version": "1" }', '{}')), [[DiagnosticSeverity.Error, M.requiredOnCreate(M.missing('value'))]]);
  assert.deepEqual(findings(record('{ "title": "Pets" }', '{ "value": "/pets/" }')), [[DiagnosticSeverity.Error, M.missing('version')]]);
  assert.deepEqual(findings(record('{ "title": "Pets", "version": "1" }', '{ "value": "/pets/" }', '')), [
    [DiagnosticSeverity.Warning, M.missingClassic('version_data')],
  ]);
});

test('oas: a body transform with neither body nor path gets one error naming both', () => {
  expectDiagnostics(
    oas('', `"upstream": { "url": "http://p" },\n    ${oasServer}`, '"listPets": { «"transformRequestBody"»: { "enabled": true, "format": "json" } }'),
    [['svc.schema.required', M.eitherMissing('body', 'path')]],
  );
});

test('oas: security requirements must name a scheme of components.securitySchemes', () => {
  expectDiagnostics(oas('{ «"authTokn"»: [] }', `"upstream": { "url": "http://p" },\n    ${oasServer}`), [
    ['svc.semantic.security-scheme', M.schemeMissing('authTokn', 'authToken')],
  ]);
});

test('oas: components of the wrong type is one error; the requirements naming its schemes are not reported beside it', () => {
  const withComponents = (components: string) =>
    oas('{ "authToken": [] }', `"upstream": { "url": "http://p" },\n    ${oasServer}`).replace(
      '"components": { "securitySchemes": { "authToken": { "type": "apiKey", "in": "header", "name": "Authorization" } } }',
      `"components": ${components}`,
    );
  expectDiagnostics(withComponents('«"oops"»'), [['svc.schema.type', M.mustBeObject('components')]]);
  expectDiagnostics(withComponents('{ "securitySchemes": «[]» }'), [['svc.schema.type', M.mustBeObject('securitySchemes')]]);
  // Just outside: readable components without the scheme still get the requirement's error.
  expectDiagnostics(withComponents('{ "securitySchemes": {} }').replace('{ "authToken": [] }', '{ «"authToken"»: [] }'), [
    ['svc.semantic.security-scheme', M.schemeMissing('authToken')],
  ]);
});

test('oas: middleware.operations keys must be operationIds of paths', () => {
  expectDiagnostics(oas('', `"upstream": { "url": "http://p" },\n    ${oasServer}`, '«"listPet"»: { "allow": { "enabled": true } }'), [
    ['svc.semantic.operation-id', M.operationMissing('listPet', 'listPets')],
  ]);
});

test('oas: an MCP proxy keys method-level middleware by JSON-RPC method and verb; other documents and other keys are still checked', () => {
  const upstream = `"upstream": { "url": "http://p" },\n    ${oasServer}`;
  const mcp = (operations: string) =>
    oas('', upstream, operations).replace('"middleware": {', '"middleware": { "mcpTools": { "get-weather": { "allow": { "enabled": true } } },');
  expectDiagnostics(mcp('"tools/callPOST": { "rateLimit": { "enabled": true, "rate": 5, "per": 60 } }'), []);
  expectDiagnostics(mcp('«"listPet"»: { "allow": { "enabled": true } }'), [['svc.semantic.operation-id', M.operationMissing('listPet', 'listPets')]]);
  // Not an MCP proxy: the same key names no operation.
  expectDiagnostics(oas('', upstream, '«"tools/callPOST"»: { "allow": { "enabled": true } }'), [
    ['svc.semantic.operation-id', M.operationMissing('tools/callPOST')],
  ]);
});

test('oas: a Go-style rateLimit.per is accepted with a warning naming the spec form', () => {
  const [d] = expectDiagnostics(oas('', `"upstream": { "url": "http://p", "rateLimit": { "enabled": true, "rate": 1, "per": «"1m"» } },\n    ${oasServer}`), [
    ['svc.non-spec-form', M.perNonSpecOas],
  ]);
  assert.equal(d.severity, DiagnosticSeverity.Warning);
});

test('oas: an unparsable per gets one message, not one per anyOf branch', () => {
  const { diagnostics } = diagnose(
    markup(oas('', `"upstream": { "url": "http://p", "rateLimit": { "enabled": true, "rate": 1, "per": true } },\n    ${oasServer}`)).text,
  );
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics.map((d) => d.message)));
  assert.equal(diagnostics[0].code, 'svc.schema.type');
  assert.equal(diagnostics[0].message, '`per` must be an integer or a string.');
});

test('oas: enum, listen path, load balancing and auth sources in the extension', () => {
  expectDiagnostics(
    oas(
      '',
      `"upstream": { "url": "http://p", "loadBalancing": { "enabled": true, "targets": [{ "url": "http://a", "weight": 0 }] } },
    "server": { "protocol": «"tcp"», "listenPath": { "value": «"pets"» },
      "authentication": { "enabled": true, "securitySchemes": { «"authToken"»: { "enabled": true, "header": { "enabled": false } } } } }`,
    )
      .replace('"targets": [', '"targets": «[')
      .replace('"weight": 0 }]', '"weight": 0 }]»'),
    [
      ['svc.semantic.load-balancing', M.lbZeroWeights],
      ['svc.schema.enum', M.protocolEnumOas],
      ['svc.semantic.listen-path', M.listenPathSlash('pets')],
      ['svc.semantic.auth-sources', M.authSources('authToken')],
    ],
  );
});

test('streams: a Go-style per is accepted with a warning; ISO 8601 is the spec form', () => {
  const streams = (per: string) => `{
  "openapi": "3.0.3",
  "info": { "title": "Events", "version": "1" },
  "paths": {},
  "x-svc-api-gateway": {
    "info": { "name": "Events", "state": { "active": true } },
    "server": { "listenPath": { "value": "/events/" } },
    "upstream": { "url": "", "rateLimit": { "enabled": true, "rate": 10, "per": ${per} } }
  },
  "x-svc-streaming": { "streams": {} }
}`;
  expectDiagnostics(streams('«"1m"»'), [['svc.non-spec-form', M.perNonSpecStreams]]);
  expectDiagnostics(streams('"PT1M"'), []);
  // An integer (the OAS form) gets the streams form named, not a bare "must be a string".
  expectDiagnostics(streams('«90»'), [['svc.schema.type', M.perStreamsInteger]]);
  // A string in neither form keeps the duration pattern's own message.
  expectDiagnostics(streams('«"one minute"»'), [['svc.schema.pattern', 'Use an ISO 8601 duration such as PT1S, PT1M or PT1H30M.']]);
});

// Members real documents carry that the reference's schemas leave open (the dashboard writes some,
// the streams engine reads the others): declared, so they raise no "unknown member" warning.
test('streams: the streams engine options real documents use are known; a misspelt one still gets "did you mean"', () => {
  const streams = (httpServer: string) => `{
  "openapi": "3.0.3",
  "info": { "title": "Events", "version": "1" },
  "paths": {},
  "x-svc-api-gateway": { "info": { "name": "Events", "state": { "active": true } }, "server": { "listenPath": { "value": "/events/" } } },
  "x-svc-streaming": { "streams": { "s": {
    "input": { "kafka": { "addresses": ["k:9092"], "topics": ["t"], "auto_replay_nacks": true, "start_from_oldest": false, "commit_period": "1s" } },
    "output": { "http_server": { ${httpServer} }, "label": "out" }
  } } }
}`;
  expectDiagnostics(streams('"address": "", "path": "/get", "rate_limit": "", "cors": { "enabled": true }'), []);
  expectDiagnostics(streams('«"adress"»: ""'), [['svc.unknown-member', M.unknown('adress', 'address')]]);
  expectDiagnostics(streams('"address": «5»'), [['svc.schema.type', M.mustBeString('address')]]);
});

test('dashboard records: uptime_tests.disabled and the discovery form field the dashboard writes are known', () => {
  const record = (uptime: string) =>
    `{ "api_definition": { "name": "Orders", "api_id": "orders", "version_data": { "not_versioned": true, "versions": {} },
  "proxy": { "listen_path": "/o/", "target_url": "http://o", "service_discovery": { "use_discovery_service": false, "_sd_show_port_path": false } },
  "uptime_tests": { ${uptime}, "check_list": [] } } }`;
  expectDiagnostics(record('"disabled": false'), []);
  expectDiagnostics(record('"disabled": «"no"»'), [['svc.schema.type', M.mustBeBoolean('disabled')]]);
  expectDiagnostics(record('«"disable"»: false'), [['svc.unknown-member', M.unknown('disable', 'disabled')]]);
});

test('syntax errors have codes and exact ranges; comments are fine in jsonc only', () => {
  expectDiagnostics(classic(',\n  "active": true «"slug"»: "x"'), [['svc.syntax.comma-expected', M.commaExpected]]);
  const jsonc = classic(',\n  // the slug\n  "slug": "x"');
  assert.deepEqual(diagnose(jsonc, { uri: 'file:///work/api.jsonc', languageId: 'jsonc' }).diagnostics, []);
  expectDiagnostics(classic(',\n  «// the slug»\n  "slug": "x"'), [['svc.syntax.invalid-comment-token', M.comment]]);
});

test("jsonSyntaxReportedElsewhere: json documents leave syntax errors to the editor's JSON service; jsonc keeps them", () => {
  const text = classic(',\n  "active": true "slug": "x"');
  const settings = { jsonSyntaxReportedElsewhere: true };
  const codes = (languageId: string, uri: string) => diagnose(text, { uri, languageId, settings }).diagnostics.map((d) => d.code);
  assert.deepEqual(
    codes('json', 'file:///work/api.json').filter((c) => String(c).startsWith('svc.syntax.')),
    [],
  );
  assert.ok(codes('jsonc', 'file:///work/api.jsonc').includes('svc.syntax.comma-expected'));
  // Without the setting (svc-lint, other editors) json keeps them too.
  assert.ok(diagnose(text).diagnostics.some((d) => d.code === 'svc.syntax.comma-expected'));
});

test('unrelated JSON gets nothing, not even syntax errors', () => {
  assert.deepEqual(diagnose('{ "compilerOptions": { "strict": true } }').diagnostics, []);
  assert.deepEqual(diagnose('{ "openapi": "3.0.0", "info": {}, "paths": {} }').diagnostics, []);
  assert.deepEqual(diagnose('[1, 2').diagnostics, []);
});

test('validation disabled: no diagnostics at all', () => {
  assert.deepEqual(diagnose(classic(',\n  "protocol": "htp"'), { settings: { validationEnabled: false } }).diagnostics, []);
});

test('above the size limit only syntax is checked, with one information diagnostic', () => {
  const { diagnostics } = diagnose(classic(',\n  "protocol": "htp", "slug": "x" "active": true'), { settings: { maxValidatedSize: 100 } });
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity]),
    [
      ['svc.syntax.comma-expected', DiagnosticSeverity.Error],
      ['svc.size-limit', DiagnosticSeverity.Information],
    ],
  );
  assert.match(String(diagnostics[1].message), /above the 1 KB limit: Svc checks only its syntax/);
});

test('a document nested 10,000 levels deep gets one diagnostic and no crash', () => {
  const deep =
    '{"name":"x","api_id":"a","proxy":{"listen_path":"/d/","target_url":"http://d"},"version_data":{"not_versioned":true,"versions":{}},"config_data":' +
    '{"a":'.repeat(10000) +
    '1' +
    '}'.repeat(10001);
  const { diagnostics } = diagnose(deep);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [['svc.syntax.too-deep', M.tooDeep]],
  );
});

test('the same listen path in two workspace files: warning with related information', () => {
  const workspace = new WorkspaceIndex();
  const other = svcDocument(classic(''), 'file:///work/other.json');
  workspace.update(other, 'classic');
  const marked = `{
  "name": "Orders 2",
  "api_id": "orders2",
  "proxy": { "listen_path": «"/orders/"», "target_url": "http://orders" },
  "version_data": { "not_versioned": true, "versions": {} }
}`;
  const { text } = markup(marked);
  workspace.update(svcDocument(text), 'classic');
  const [d] = expectDiagnostics(marked, [['svc.semantic.duplicate-listen-path', M.duplicateListenPath('/orders/', 'other.json')]], { services: { workspace } });
  assert.equal(d.severity, DiagnosticSeverity.Warning);
  assert.deepEqual(d.relatedInformation, [
    {
      location: { uri: 'file:///work/other.json', range: { start: { line: 3, character: 28 }, end: { line: 3, character: 38 } } },
      message: '`/orders/` is also the listen path here.',
    },
  ]);
  workspace.remove('file:///work/other.json');
  assert.deepEqual(diagnose(text, { services: { workspace } }).diagnostics, []);
});
