// Property: a path built from random names (with `.`, `..`, `..x` and empty segments among them)
// is accepted exactly when it never climbs above the workspace folder, and then lands where a
// simple model of the segments says.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { containedPath, OutsideWorkspaceError } from '../../../engine/src/sync/pathContainment';

let base: string;
let root: string;
before(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-contain-prop-')));
  root = path.join(base, 'ws');
  await fs.mkdir(root);
});
after(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

// Never the root's own name `ws`: once above the root, no path can come back in.
const segment = fc.oneof(
  fc.constantFrom('.', '..', '', '..x', 'x..', '...', 'svc', 'a b', '%2e%2e', '~'),
  fc.stringMatching(/^[A-Za-z0-9._-]{1,8}$/).filter((s) => s !== 'ws'),
);

test('property: random relative paths are inside exactly when they never climb above the root', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(segment, { maxLength: 8 }), async (segments) => {
      const given = segments.join('/');
      fc.pre(!given.startsWith('/')); // a leading empty segment makes an absolute path: the next property
      const stack: string[] = [];
      let escaped = false;
      for (const s of segments) {
        if (s === '' || s === '.') continue;
        if (s === '..') {
          if (stack.length === 0) escaped = true;
          else stack.pop();
        } else stack.push(s);
      }
      if (escaped) {
        await assert.rejects(containedPath(root, given, 'prop'), OutsideWorkspaceError, given);
      } else {
        assert.equal(await containedPath(root, given, 'prop'), path.join(root, ...stack), given);
      }
    }),
    { numRuns: 300 },
  );
});

test('property: absolute paths are inside exactly when they start with the root folder and a separator', async () => {
  await fc.assert(
    fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9._-]{0,6}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/), async (suffix, leaf) => {
      const sibling = path.join(base, `ws${suffix}`, leaf);
      const inside = path.join(root, leaf);
      assert.equal(await containedPath(root, inside, 'prop'), inside);
      if (suffix === '') assert.equal(await containedPath(root, sibling, 'prop'), sibling);
      else await assert.rejects(containedPath(root, sibling, 'prop'), OutsideWorkspaceError, sibling);
    }),
    { numRuns: 200 },
  );
});
