// Every valid fixture validates with zero errors; every invalid fixture fails with errors at
// exactly the instance paths its `.expected.json` lists (no more, no fewer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeErrors, errorPaths, fixtures, validatorForFolder } from './fixture-helpers';

const valid = fixtures('valid');
const invalid = fixtures('invalid');

test('the fixture set is large enough to mean something (at least 60 documents)', () => {
  assert.ok(valid.length + invalid.length >= 60, `only ${valid.length + invalid.length} fixtures`);
  assert.ok(invalid.length >= 30, `only ${invalid.length} invalid fixtures`);
});

for (const fixture of valid) {
  test(`valid: ${fixture.folder}/${fixture.name}`, () => {
    const validate = validatorForFolder(fixture.folder);
    const ok = validate(fixture.document);
    assert.equal(ok, true, describeErrors(validate.errors));
  });
}

for (const fixture of invalid) {
  test(`invalid: ${fixture.folder}/${fixture.name}`, () => {
    assert.ok(fixture.expectedPaths, `missing ${fixture.name}.expected.json`);
    const validate = validatorForFolder(fixture.folder);
    assert.equal(validate(fixture.document), false, 'document should not validate');
    assert.deepEqual(errorPaths(validate.errors), [...fixture.expectedPaths!].sort(), describeErrors(validate.errors));
  });
}
