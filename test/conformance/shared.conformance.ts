// Where the conformance layer finds the team's material outside the repository: `SVC_SHARED_DIR`, or
// `../shared` beside the checkout (scripts/lib/testFiles.mjs decides the same before running the layer,
// and prints one line instead when it is not there). Only files named `*conformance*` may read it
// (test/unit/foundation/layout.test.ts).
import { join } from 'node:path';

export const SHARED = process.env.SVC_SHARED_DIR || join(__dirname, '..', '..', '..', 'shared');
