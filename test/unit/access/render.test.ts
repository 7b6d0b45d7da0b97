// The answer of Explain Access as text: one "→" line per deciding member, whose link range covers
// exactly the place's label, and the line of a member in a JSON text (nearest ancestor when absent).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { explainRequest } from '../../../access/src/explain';
import { parsePolicy, parseSession } from '../../../access/src/model';
import { lineOfPath, offsetOfPath, renderExplanation } from '../../../client/src/workflows/access/render';

const policyText = `{
  "id": "gold",
  "rate": 10, "per": 1,
  "access_rights": {
    "orders": {
      "allowed_urls": [
        { "url": "^/orders", "methods": ["GET"] }
      ]
    }
  }
}
`;

test('each decider gets a "→" line whose link range is its label', () => {
  const policy = parsePolicy(JSON.parse(policyText));
  const e = explainRequest(parseSession({ alias: 'alice', apply_policies: ['gold'] }), (id) => (id === 'gold' ? policy : undefined), {
    api: { id: 'orders', name: 'Orders' },
    method: 'GET',
    path: '/orders/1',
  });
  const r = renderExplanation(e, {
    keyLabel: "'alice'",
    apiLabel: "'Orders' (orders)",
    method: 'get',
    path: '/orders/1',
    placeOf: (d) => (d.in === 'key' ? "key 'alice'" : 'svc/gold.policy.json'),
  });
  const lines = r.text.split('\n');
  assert.equal(lines[0], '# Explain Access: ALLOWED');
  assert.equal(lines[2], "GET /orders/1 on API 'Orders' (orders) with key 'alice'");
  const url = r.links.find((l) => l.decider.path.join('.') === 'access_rights.orders.allowed_urls.0');
  assert.ok(url);
  assert.equal(lines[url.line].slice(url.start, url.end), 'svc/gold.policy.json: access_rights.orders.allowed_urls.0');
  assert.equal(lines[url.line].slice(0, url.start), '   → ');
  assert.ok(
    r.links.every((l) => lines[l.line].length === l.end),
    'a link runs to the end of its line',
  );
});

test('the line of a member: an object member at its name, an array item at its brace, a missing one at its nearest ancestor', () => {
  assert.equal(lineOfPath(policyText, ['rate'], offsetOfPath), 2);
  assert.equal(lineOfPath(policyText, ['access_rights', 'orders'], offsetOfPath), 4);
  assert.equal(lineOfPath(policyText, ['access_rights', 'orders', 'allowed_urls', 0], offsetOfPath), 6);
  assert.equal(lineOfPath(policyText, ['access_rights', 'orders', 'versions'], offsetOfPath), 4);
  assert.equal(lineOfPath('not json', ['x'], offsetOfPath), 0);
});
