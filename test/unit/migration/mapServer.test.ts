// migration-mapping.md §5.1 (`info`) and §5.3 (`server`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convertClassicToOas } from '../../../migration/src/index.js';
import { classic, ext, migrate } from './helpers.js';

const serverOf = (overrides: object) => ext(migrate(classic(overrides)).baseAPI).server;

test('§5.1 info from the classic identity members', () => {
  const { baseAPI } = migrate(classic({ id: '5f0c', org_id: 'org1', expiration: '2031-12-31 23:59', active: false, internal: false }));
  assert.deepEqual(ext(baseAPI).info, {
    id: 'api1',
    dbId: '5f0c',
    orgId: 'org1',
    name: 'Pets',
    expiration: '2031-12-31 23:59',
    state: { active: false, internal: false },
  });
  assert.deepEqual(baseAPI.info, { title: 'Pets', version: 'Default' });
  assert.equal(baseAPI.openapi, '3.0.6');
});

test('§5.3 listen path, protocol and port', () => {
  const s = serverOf({ protocol: 'https', listen_port: 8443 });
  assert.deepEqual(s.listenPath, { value: '/pets/', strip: true });
  assert.equal(s.protocol, 'https');
  assert.equal(s.port, 8443);
});

test('§5.3 custom domain with certificates, gateway tags, client certificates', () => {
  const s = serverOf({
    domain: 'pets.example.com',
    certificates: ['cert1'],
    tags: ['eu', 'edge'],
    use_mutual_tls_auth: true,
    client_certificates: ['cc1'],
  });
  assert.deepEqual(s.customDomain, { enabled: true, name: 'pets.example.com', certificates: ['cert1'] });
  assert.deepEqual(s.gatewayTags, { enabled: true, tags: ['eu', 'edge'] });
  assert.deepEqual(s.clientCertificates, { enabled: true, allowlist: ['cc1'] });
  assert.deepEqual(serverOf({ tags: ['x'], tags_disabled: true }).gatewayTags, { enabled: false, tags: ['x'] });
});

test('§5.3 IP access control: the flag decides; lists switched off by older flags are left out', () => {
  assert.deepEqual(serverOf({ ip_access_control_disabled: false, allowed_ips: ['10.0.0.1'], blacklisted_ips: ['1.2.3.4'] }).ipAccessControl, {
    enabled: true,
    allow: ['10.0.0.1'],
    block: ['1.2.3.4'],
  });
  assert.deepEqual(serverOf({ ip_access_control_disabled: true, allowed_ips: ['10.0.0.1'] }).ipAccessControl, {
    enabled: false,
    allow: ['10.0.0.1'],
  });
  const r = migrate(classic({ enable_ip_whitelisting: false, enable_ip_blacklisting: true, allowed_ips: ['10.0.0.1'], blacklisted_ips: ['6.6.6.6'] }));
  assert.deepEqual(ext(r.baseAPI).server.ipAccessControl, { enabled: true, block: ['6.6.6.6'] });
  assert.deepEqual(r.warnings, ['IP lists that were switched off are not carried over']);
});

test('§5.3 activity logs, tracing and batch processing switches', () => {
  const s = serverOf({ enable_detailed_recording: true, detailed_tracing: true, enable_batch_request_support: true });
  assert.deepEqual(s.detailedActivityLogs, { enabled: true });
  assert.deepEqual(s.detailedTracing, { enabled: true });
  assert.deepEqual(s.batchProcessing, { enabled: true });
  assert.equal(serverOf({ detailed_tracing: false }).detailedTracing, undefined);
});

test('§5.3 event handlers: one item per handler, type from handler_name, webhook details', () => {
  const r = migrate(
    classic({
      event_handlers: {
        events: {
          QuotaExceeded: [
            {
              handler_name: 'eh_web_hook_handler',
              handler_meta: {
                id: 'wh1',
                name: 'quota hook',
                method: 'POST',
                target_path: 'http://hooks.test/q',
                template_path: 'templates/default_webhook.json',
                header_map: { 'X-Hook': 'yes' },
                event_timeout: 60,
              },
            },
            { handler_name: 'eh_log_handler', handler_meta: { prefix: 'quota', disabled: true } },
          ],
          AuthFailure: [{ handler_name: 'eh_dynamic_handler', handler_meta: { name: 'onAuthFailure' } }],
          KeyExpired: [{ handler_name: 'cp_dynamic_handler', handler_meta: { name: 'x' } }],
        },
      },
    }),
  );
  assert.deepEqual(ext(r.baseAPI).server.eventHandlers, [
    {
      enabled: true,
      trigger: 'QuotaExceeded',
      type: 'webhook',
      id: 'wh1',
      name: 'quota hook',
      url: 'http://hooks.test/q',
      method: 'POST',
      headers: [{ name: 'X-Hook', value: 'yes' }],
      bodyTemplate: 'templates/default_webhook.json',
      cooldownPeriod: '1m',
    },
    { enabled: false, trigger: 'QuotaExceeded', type: 'log', logPrefix: 'quota' },
    { enabled: true, trigger: 'AuthFailure', type: 'custom', name: 'onAuthFailure', functionName: 'onAuthFailure' },
  ]);
  assert.deepEqual(r.warnings, ['event handler dropped: cp_dynamic_handler on KeyExpired has no OAS form']);
});

test('§5.3 IP lists switched one by one: only the list switched on is carried, and the one left out is said', () => {
  const both = { allowed_ips: ['10.0.0.1'], blacklisted_ips: ['6.6.6.6'] };
  const allowOnly = migrate(classic({ ...both, enable_ip_whitelisting: true }));
  assert.deepEqual(ext(allowOnly.baseAPI).server.ipAccessControl, { enabled: true, allow: ['10.0.0.1'] });
  assert.deepEqual(allowOnly.warnings, ['IP lists that were switched off are not carried over']);
  // The other switch absent (not false): its list is still off.
  const blockOnly = migrate(classic({ ...both, enable_ip_blacklisting: true }));
  assert.deepEqual(ext(blockOnly.baseAPI).server.ipAccessControl, { enabled: true, block: ['6.6.6.6'] });
  assert.deepEqual(blockOnly.warnings, ['IP lists that were switched off are not carried over']);
  const bothOn = migrate(classic({ ...both, enable_ip_whitelisting: true, enable_ip_blacklisting: true }));
  assert.deepEqual(ext(bothOn.baseAPI).server.ipAccessControl, { enabled: true, allow: ['10.0.0.1'], block: ['6.6.6.6'] });
  assert.deepEqual(bothOn.warnings, []);
  // Switched on with no list to carry: nothing was dropped, so nothing to say.
  const onWithoutLists = migrate(classic({ enable_ip_whitelisting: true }));
  assert.deepEqual(onWithoutLists.warnings, []);
  const bothOff = migrate(classic({ ...both, enable_ip_whitelisting: false, enable_ip_blacklisting: false }));
  assert.equal(ext(bothOff.baseAPI).server.ipAccessControl?.enabled ?? false, false);
  assert.deepEqual(bothOff.warnings, ['IP lists that were switched off are not carried over']);
});

test('§5.3 IP lists without any switch: each list given filters traffic, silently; none given, no access control', () => {
  const allowOnly = migrate(classic({ allowed_ips: ['10.0.0.1'] }));
  assert.deepEqual(ext(allowOnly.baseAPI).server.ipAccessControl, { enabled: true, allow: ['10.0.0.1'] });
  assert.deepEqual(allowOnly.warnings, []);
  const blockOnly = migrate(classic({ blacklisted_ips: ['6.6.6.6'] }));
  assert.deepEqual(ext(blockOnly.baseAPI).server.ipAccessControl, { enabled: true, block: ['6.6.6.6'] });
  const both = migrate(classic({ allowed_ips: ['10.0.0.1'], blacklisted_ips: ['6.6.6.6'] }));
  assert.deepEqual(ext(both.baseAPI).server.ipAccessControl, { enabled: true, allow: ['10.0.0.1'], block: ['6.6.6.6'] });
  assert.deepEqual(both.warnings, []);
  assert.equal(serverOf({ allowed_ips: [], blacklisted_ips: [] }).ipAccessControl, undefined);
});

test('§5.3 a definition without a listen path is refused, not given one', () => {
  const { proxy } = classic();
  const result = convertClassicToOas(classic({ proxy: { ...proxy, listen_path: undefined } }), { generateId: () => 'child1' });
  assert.equal(result.ok, false);
  assert.match(result.ok ? '' : result.errors.join('\n'), /server\.listenPath\.value: Does not match pattern/);
});

test('§5.3 a webhook without an event timeout gets a cooldown of 0s', () => {
  const s = serverOf({
    event_handlers: { events: { KeyExpired: [{ handler_name: 'eh_web_hook_handler', handler_meta: { target_path: 'http://hooks.test/k', method: 'GET' } }] } },
  });
  assert.deepEqual(s.eventHandlers, [
    { enabled: true, trigger: 'KeyExpired', type: 'webhook', url: 'http://hooks.test/k', method: 'GET', cooldownPeriod: '0s' },
  ]);
});

test('a bare definition that also carries an api_definition member is converted as itself (only a record without proxy is unwrapped)', () => {
  const inner = classic({ proxy: { listen_path: '/inner/', target_url: 'http://inner.test' } });
  assert.equal(ext(migrate({ ...classic(), api_definition: inner }).baseAPI).server.listenPath.value, '/pets/');
  assert.equal(ext(migrate({ api_definition: inner }).baseAPI).server.listenPath.value, '/inner/');
});
