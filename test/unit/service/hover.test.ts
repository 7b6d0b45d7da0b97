// Hover on members and on enum values: the exact markdown a user reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { service, withCaret } from './completion.helpers';

const oas = (gateway: string) => `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"x-svc-api-gateway":${gateway}}`;

function hoverText(textWithCaret: string): string | undefined {
  const { document, position } = withCaret(textWithCaret);
  const hover = service().hover(document, position);
  return hover ? (hover.contents as { value: string }).value : undefined;
}

test('a member: title, description, type, allowed values and default', () => {
  assert.equal(
    hoverText(oas('{"server":{"authentication":{"securityPro|cessingMode":"legacy"}}}')),
    '**securityProcessingMode**\n\nHow `security` requirements are applied. Default `legacy`.\n\n' +
      'Type: `string`  \nAllowed values: `"legacy"`, `"compliant"`  \nDefault: `"legacy"`',
  );
});

test("an enum value adds that value's own description", () => {
  const text = hoverText(oas('{"server":{"authentication":{"securityProcessingMode":"compl|iant"}}}'));
  assert.ok(text?.endsWith('\n\n`"compliant"`: All requirements are honoured as OpenAPI defines them.'), text);
});

test('a member with a unit says so', () => {
  const text = hoverText('{"access_rights": {}, "quota_renewal_rate|": 3600}');
  assert.match(text ?? '', /Unit: seconds/);
});

test('a deprecated member shows the deprecation and its successor', () => {
  const text = hoverText('{"access_rights": {}, "apply_policy_i|d": "p1"}');
  assert.match(text ?? '', /\*\*Deprecated:\*\* .*apply_policies/);
});

test('no hover on punctuation, unknown members or documents that are not ours', () => {
  assert.equal(hoverText(oas('{"server":|{}}')), undefined);
  assert.equal(hoverText(oas('{"server":{"nothing|Here":1}}')), undefined);
  assert.equal(hoverText('{"na|me": "my-package"}'), undefined);
});

test('the hover range is the hovered key', () => {
  const { document, position } = withCaret(oas('{"ser|ver":{}}'));
  const hover = service().hover(document, position);
  const start = document.getText().indexOf('"server"');
  assert.deepEqual(hover?.range, { start: document.positionAt(start), end: document.positionAt(start + 8) });
});
