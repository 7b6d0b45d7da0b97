// OAS rules at their edges: security requirements in every HTTP method and at the document level,
// middleware operation ids (MCP method keys among them), per-operation and upstream timeouts,
// vendor scheme settings, IP access control, the API id and upstream authentication.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import { oasProblems } from '../../../validation/src/semantic/oas';

const E = DiagnosticSeverity.Error;
const W = DiagnosticSeverity.Warning;
const GW = '/x-svc-api-gateway';

function doc(extra: Record<string, unknown> = {}, ext?: Record<string, unknown>): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, ...extra, ...(ext ? { 'x-svc-api-gateway': ext } : {}) };
}
const brief = (value: unknown, base = '') => oasProblems(value, base).map((p) => `${p.severity} ${p.code} ${p.pointer} ${p.target}`);

test('an OAS document that is not an object has no finding', () => {
  for (const value of [null, undefined, 'x', 5, []]) assert.deepEqual(oasProblems(value, ''), [], JSON.stringify(value));
});

test('security requirements are checked in every HTTP method of a path item, at the operation pointer below the base', () => {
  for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
    const value = doc({ paths: { '/a': { [method]: { security: [{}, { missing: [] }] } } } });
    assert.deepEqual(brief(value, '/oas'), [`${E} ${Codes.securityScheme} /oas/paths/~1a/${method}/security/1/missing key`], method);
  }
  assert.deepEqual(brief(doc({ paths: { '/a': { parameters: [], summary: 's', get: { responses: {} } }, '/b': null } })), [], 'no security written');
});

test('a requirement naming a defined scheme passes; an unknown one is reported with the close name as its suggestion', () => {
  const components = { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'k' } } };
  assert.deepEqual(brief(doc({ components, security: [{ apiKey: [] }] })), []);
  const [p] = oasProblems(doc({ components, security: [{ apikey: [] }] }), '');
  assert.equal(p.pointer, '/security/0/apikey');
  assert.equal(p.message, 'The security scheme `apikey` is not defined in `components.securitySchemes`. Did you mean `apiKey`?');
  assert.deepEqual(p.data, { suggestion: 'apiKey' });
  const [far] = oasProblems(doc({ components, security: [{ zzz: [] }] }), '');
  assert.equal(far.message, 'The security scheme `zzz` is not defined in `components.securitySchemes`.');
  assert.equal(far.data, undefined);
  assert.deepEqual(brief(doc({ components: {}, security: [{ a: [] }] })), [`${E} ${Codes.securityScheme} /security/0/a key`], 'components without schemes');
});

test('middleware operations: an id of `paths` passes; another is a warning with the close id as its suggestion; ids that are not text are not ids', () => {
  const paths = { '/a': { get: { operationId: 'getThing' }, post: { operationId: 5 } } };
  const ops = (operations: Record<string, unknown>) => oasProblems(doc({ paths }, { middleware: { operations } }), '');
  assert.deepEqual(ops({ getThing: {} }), []);
  const [near] = ops({ getThings: {} });
  assert.deepEqual([near.severity, near.code, near.pointer, near.target], [W, Codes.operationId, `${GW}/middleware/operations/getThings`, 'key']);
  assert.equal(near.message, '`getThings` is not the operationId of any operation in `paths`: did you mean `getThing`?');
  assert.deepEqual(near.data, { suggestion: 'getThing' });
  const [far] = ops({ x: {} });
  assert.equal(far.message, '`x` is not the operationId of any operation in `paths`.');
  assert.equal(far.data, undefined);
  assert.equal(ops({ '5': {} }).length, 1, 'an operationId written as a number names no operation');
});

test('MCP method keys (`tools/callPOST`) pass only in an MCP proxy, and only in that exact shape', () => {
  const mcp = (key: string, primitive = 'mcpTools') => brief(doc({}, { middleware: { [primitive]: {}, operations: { [key]: {} } } }));
  const warned = (key: string) => [`${W} ${Codes.operationId} ${GW}/middleware/operations/${key.replace(/\//g, '~1')} key`];
  for (const primitive of ['mcpTools', 'mcpResources', 'mcpPrompts']) assert.deepEqual(mcp('tools/callPOST', primitive), [], primitive);
  assert.deepEqual(mcp('resources/templates/listPOST'), []);
  for (const key of ['Tools/callPOST', 'tools/callPOSTx', 'tools/callGET', 'toolsPOST', 'tools/POST']) assert.deepEqual(mcp(key), warned(key), key);
  assert.deepEqual(brief(doc({}, { middleware: { operations: { 'tools/callPOST': {} } } })), warned('tools/callPOST'), 'not an MCP proxy');
});

test('enforced timeouts: negative ones are errors at their own member (per operation value and duration, upstream duration)', () => {
  const value = doc(
    { paths: { '/a': { get: { operationId: 'op' } } } },
    {
      middleware: { operations: { op: { enforceTimeout: { enabled: true, value: -1, duration: '-1s' } }, other: null } },
      upstream: { enforceTimeout: { duration: '-5s' } },
    },
  );
  assert.deepEqual(
    oasProblems(value, '')
      .filter((p) => p.code === Codes.timeout)
      .map((p) => `${p.severity} ${p.pointer} ${p.message}`),
    [
      `${E} ${GW}/middleware/operations/op/enforceTimeout/value \`value\` must not be negative.`,
      `${E} ${GW}/middleware/operations/op/enforceTimeout/duration \`duration\` must not be negative.`,
      `${E} ${GW}/upstream/enforceTimeout/duration \`duration\` must not be negative.`,
    ],
  );
  const ok = doc({ paths: { '/a': { get: { operationId: 'op' } } } }, { middleware: { operations: { op: { enforceTimeout: { value: 0 } } } } });
  assert.deepEqual(brief(ok), []);
});

test('vendor settings for a scheme the OAS part does not define: a warning on its key; a defined one passes', () => {
  const value = doc(
    { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'k' } } } },
    { server: { authentication: { securitySchemes: { key: { enabled: true }, ghost: { enabled: true } } } } },
  );
  const out = oasProblems(value, '');
  assert.deepEqual(
    out.map((p) => [p.severity, p.code, p.pointer, p.target, p.message]),
    [
      [
        W,
        Codes.vendorScheme,
        `${GW}/server/authentication/securitySchemes/ghost`,
        'key',
        '`ghost` has no security scheme of the same name in `components.securitySchemes`: the gateway ignores these settings.',
      ],
    ],
  );
});

test('IP access control: bad entries are errors when it is enabled, warnings when not, in allow and block alike', () => {
  const ip = (enabled: unknown) =>
    brief(doc({}, { server: { ipAccessControl: { enabled, allow: ['10.0.0.0/33', '10.0.0.1'], block: ['x'] } } })).filter((p) => p.includes(Codes.ipCidr));
  assert.deepEqual(ip(true), [
    `${E} ${Codes.ipCidr} ${GW}/server/ipAccessControl/allow/0 value`,
    `${E} ${Codes.ipCidr} ${GW}/server/ipAccessControl/block/0 value`,
  ]);
  for (const off of [false, undefined, 'true']) {
    assert.deepEqual(ip(off), [
      `${W} ${Codes.ipCidr} ${GW}/server/ipAccessControl/allow/0 value`,
      `${W} ${Codes.ipCidr} ${GW}/server/ipAccessControl/block/0 value`,
    ]);
  }
});

test('the API id in `info.id` follows the file-name rule', () => {
  assert.deepEqual(brief(doc({}, { info: { id: '../x' } })), [`${E} ${Codes.apiId} ${GW}/info/id value`]);
  assert.deepEqual(brief(doc({}, { info: { id: 'x' } })), []);
  assert.equal(oasProblems(doc({}, { info: { id: 'a/b' } }), '')[0].message, '`id` must not be `.` or `..` or contain `/` or `\\`.');
});

const BOTH =
  'Upstream basic auth and upstream OAuth are both enabled: the gateway allows one upstream authentication mode at a time ' +
  '("multiple upstream authentication modes not allowed"); set `enabled: false` on one of them.';
const upstreamAuth = (authentication: unknown) =>
  oasProblems(doc({}, { upstream: { authentication } }), '').map((p) => `${p.severity} ${p.code} ${p.pointer} ${p.target} ${p.message}`);

test('upstream authentication: basic auth and OAuth both on is one error on `authentication`; off, nothing is checked', () => {
  const both = { basicAuth: { enabled: true }, oauth: { enabled: true, clientCredentials: { enabled: true } } };
  assert.deepEqual(upstreamAuth({ enabled: true, ...both }), [`${E} ${Codes.upstreamAuth} ${GW}/upstream/authentication missing ${BOTH}`]);
  assert.deepEqual(upstreamAuth({ enabled: false, ...both }), []);
  assert.deepEqual(upstreamAuth({ ...both }), []);
  assert.deepEqual(upstreamAuth({ enabled: true, basicAuth: { enabled: true } }), [], 'basic auth alone');
  assert.deepEqual(upstreamAuth({ enabled: true, basicAuth: { enabled: true }, oauth: { enabled: false } }), []);
  assert.deepEqual(upstreamAuth({ enabled: true, basicAuth: { enabled: false }, oauth: { enabled: true, password: {} } }), []);
  assert.deepEqual(upstreamAuth({ enabled: true, oauth: { enabled: true, clientCredentials: 'on' } }), [
    `${E} ${Codes.upstreamAuth} ${GW}/upstream/authentication/oauth key Upstream OAuth needs exactly one of \`clientCredentials\` or \`password\`.`,
  ]);
});
