// Quick fixes: the exact document text after applying each one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction } from 'vscode-languageserver-types';
import { quickFixes } from '../../../server/src/service/codeActions/index';
import { formatGoDuration, formatIsoDuration, parseGoDuration, parseIsoDuration } from '../../../server/src/service/codeActions/durations';
import { validate } from '../../../server/src/service/validation/index';
import { svcDocument, testServices } from './validation.helpers';

/** Validates, asks for fixes over the whole document, returns them with an apply function. */
function fixes(text: string): Array<{ title: string; apply: () => string; action: CodeAction }> {
  const doc = svcDocument(text);
  const diagnostics = validate(doc, {}, testServices);
  const whole = { start: { line: 0, character: 0 }, end: doc.textDocument.positionAt(text.length) };
  return quickFixes(doc, diagnostics, whole, testServices).map((action) => ({
    title: action.title,
    action,
    apply: () => TextDocument.applyEdits(doc.textDocument, action.edit!.changes![doc.uri]),
  }));
}

function only(text: string, title: string): string {
  const found = fixes(text).filter((f) => f.title === title);
  assert.equal(
    found.length,
    1,
    `fix "${title}" among: ${fixes(text)
      .map((f) => f.title)
      .join(' | ')}`,
  );
  return found[0].apply();
}

const classic = (extra: string) => `{
  "name": "Orders",
  "proxy": { "listen_path": "/o/", "target_url": "http://o" },
  "version_data": { "not_versioned": true, "versions": {} }${extra}
}`;

test('rename a misspelled member to the suggestion', () => {
  assert.equal(only(classic(',\n  "use_keyles": true'), 'Rename `use_keyles` to `use_keyless`'), classic(',\n  "use_keyless": true'));
});

test('replace a deprecated member by its successor, wrapping the value when the successor is a list', () => {
  const text = '{\n  "rate": 10,\n  "apply_policy_id": "gold",\n  "access_rights": {}\n}';
  assert.equal(only(text, 'Replace `apply_policy_id` by `apply_policies`'), '{\n  "rate": 10,\n  "apply_policies": ["gold"],\n  "access_rights": {}\n}');
});

test('insert a missing required member with a placeholder of the right type', () => {
  const text = `{
  "name": "Orders",
  "proxy": {
    "listen_path": "/o/"
  },
  "version_data": { "not_versioned": true, "versions": {} }
}`;
  assert.equal(
    only(text, 'Add missing member `target_url`'),
    `{
  "name": "Orders",
  "proxy": {
    "listen_path": "/o/",
    "target_url": ""
  },
  "version_data": { "not_versioned": true, "versions": {} }
}`,
  );
  const noVersions = '{\n  "name": "Orders",\n  "proxy": { "listen_path": "/o/", "target_url": "http://o" },\n  "version_data": { "versions": {} }\n}';
  assert.equal(
    only(noVersions, 'Add missing member `not_versioned`'),
    '{\n  "name": "Orders",\n  "proxy": { "listen_path": "/o/", "target_url": "http://o" },\n  "version_data": {\n    "versions": {},\n    "not_versioned": false\n  }\n}',
  );
});

test('several missing members of one object: one fix adds them all (and each keeps its own)', () => {
  const text = '{\n  "name": "Orders",\n  "proxy": {\n    "listen_path": "/o/",\n    "target_url": "http://o"\n  },\n  "version_data": {}\n}';
  const titles = fixes(text).map((f) => f.title);
  assert.ok(titles.includes('Add missing member `not_versioned`') && titles.includes('Add missing member `versions`'), titles.join(' | '));
  const fixed = only(text, 'Add all missing members (`not_versioned`, `versions`)');
  assert.equal(
    fixed,
    '{\n  "name": "Orders",\n  "proxy": {\n    "listen_path": "/o/",\n    "target_url": "http://o"\n  },\n  "version_data": {\n    "not_versioned": false,\n    "versions": {}\n  }\n}',
  );
  assert.deepEqual(validate(svcDocument(fixed), {}, testServices), [], 'nothing left to fix');
  // A single missing member gets no "all" variant.
  assert.ok(
    !fixes('{\n  "name": "Orders",\n  "proxy": { "listen_path": "/o/" },\n  "version_data": { "not_versioned": true, "versions": {} }\n}').some((f) =>
      f.title.startsWith('Add all'),
    ),
  );
});

const oasWith = (per: string) => `{
  "openapi": "3.0.3",
  "info": { "title": "P", "version": "1" },
  "paths": {},
  "x-svc-api-gateway": {
    "info": { "name": "P", "state": { "active": true } },
    "upstream": { "url": "http://p", "rateLimit": { "enabled": true, "rate": 1, "per": ${per} } },
    "server": { "listenPath": { "value": "/p/" } }
  }
}`;
const streamsWith = (per: string) => `{
  "openapi": "3.0.3",
  "info": { "title": "E", "version": "1" },
  "paths": {},
  "x-svc-api-gateway": {
    "info": { "name": "E", "state": { "active": true } },
    "server": { "listenPath": { "value": "/e/" } },
    "upstream": { "url": "", "rateLimit": { "enabled": true, "rate": 1, "per": ${per} } }
  },
  "x-svc-streaming": { "streams": {} }
}`;

test('convert a Go-style per to the OAS spec form (integer seconds)', () => {
  assert.equal(only(oasWith('"1m30s"'), 'Convert `per` to 90 (seconds)'), oasWith('90'));
  assert.deepEqual(fixes(oasWith('60')), [], 'the spec form needs no fix');
});

test('convert a streams per from integer seconds or Go style to the spec form (ISO 8601)', () => {
  assert.equal(only(streamsWith('90'), 'Convert `per` to "PT1M30S"'), streamsWith('"PT1M30S"'));
  assert.equal(only(streamsWith('"1m"'), 'Convert `per` to "PT1M"'), streamsWith('"PT1M"'));
  assert.deepEqual(fixes(streamsWith('"PT1M"')), []);
});

test('rename an unknown middleware operation to the operationId it resembles', () => {
  const text = `{
  "openapi": "3.0.3",
  "info": { "title": "P", "version": "1" },
  "paths": { "/p": { "get": { "operationId": "listPets", "responses": {} } } },
  "x-svc-api-gateway": {
    "info": { "name": "P", "state": { "active": true } },
    "upstream": { "url": "http://p" },
    "server": { "listenPath": { "value": "/p/" } },
    "middleware": { "operations": { "listPet": {} } }
  }
}`;
  assert.equal(only(text, 'Rename `listPet` to `listPets`'), text.replace('"listPet"', '"listPets"'));
});

test('no diagnostics in range, no fixes', () => {
  const doc = svcDocument(classic(',\n  "use_keyles": true'));
  const diagnostics = validate(doc, {}, testServices);
  assert.deepEqual(quickFixes(doc, diagnostics, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, testServices), []);
});

test('durations: the gateway’s shortest Go form and ISO 8601', () => {
  assert.deepEqual([60, 90, 0, 3600, 3661].map(formatGoDuration), ['1m', '1m30s', '0s', '1h', '1h1m1s']);
  assert.deepEqual([60, 90, 0, 86400].map(formatIsoDuration), ['PT1M', 'PT1M30S', 'PT0S', 'PT24H']);
  assert.equal(parseGoDuration('1h2m3s'), 3723);
  assert.equal(parseGoDuration('1x'), undefined);
  assert.equal(parseIsoDuration('P1DT1S'), 86401);
  assert.equal(parseIsoDuration('PT'), undefined);
});
