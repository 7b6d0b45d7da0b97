// Add User's permissions multi-select: ticks → the permissions object; "edit as JSON" defers to the JSON box.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { permissionsFromPicks, PERMISSION_AREAS, AREA_LABELS } from '../../../client/src/workflows/resources/userInput';

test('ticked areas at a level become the permissions; write wins over read', () => {
  assert.deepEqual(permissionsFromPicks(['apis:read', 'keys:write', 'keys:read', 'apis:write', 'analytics:read']), {
    apis: 'write',
    keys: 'write',
    analytics: 'read',
  });
  assert.deepEqual(permissionsFromPicks([]), {});
});

test('the administrator stands alone; "edit as JSON" asks for JSON instead', () => {
  assert.deepEqual(permissionsFromPicks(['admin', 'apis:read']), { IsAdmin: 'admin' });
  assert.equal(permissionsFromPicks(['json', 'apis:read']), undefined);
});

test('every known area has a label for the list', () => {
  for (const area of PERMISSION_AREAS) assert.ok(AREA_LABELS[area], area);
});
