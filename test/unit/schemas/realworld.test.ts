// Large definitions written the way users write and export them (many versions and extended
// paths, many operations, several streams, Go nulls) must validate with zero errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describeErrors, readJson, REALWORLD_DIR, validatorForFolder } from './fixture-helpers';

const folders = readdirSync(REALWORLD_DIR).sort();

test('the real-world set has large classic, OAS and streams definitions', () => {
  const classic = readJson(join(REALWORLD_DIR, 'classic-api', 'pet-clinic-12-versions.json'));
  assert.ok(Object.keys(classic.version_data.versions).length >= 10);
  const oas = readJson(join(REALWORLD_DIR, 'oas-api', 'pet-clinic-40-operations.json'));
  assert.ok(Object.keys(oas['x-svc-api-gateway'].middleware.operations).length >= 40);
  const streams = readJson(join(REALWORLD_DIR, 'streams-api', 'commerce-events-12-streams.json'));
  assert.ok(Object.keys(streams['x-svc-streaming'].streams).length >= 6);
});

for (const folder of folders) {
  for (const file of readdirSync(join(REALWORLD_DIR, folder)).filter((f) => f.endsWith('.json')).sort()) {
    test(`real world: ${folder}/${file} validates with zero errors`, () => {
      const validate = validatorForFolder(folder);
      assert.equal(validate(readJson(join(REALWORLD_DIR, folder, file))), true, describeErrors(validate.errors));
    });
  }
}
