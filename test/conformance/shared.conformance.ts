// Where the conformance layer finds the team's material outside the repository: `SVC_SHARED_DIR`
// (.ci/run sets it; scripts/lib/testFiles.mjs checks it before running the layer and prints one line
// instead when it is not set). Only files named `*conformance*` may read it
// (test/unit/foundation/layout.test.ts).
const named = process.env.SVC_SHARED_DIR?.trim();
if (!named) throw new Error('SVC_SHARED_DIR names the team material the conformance layer reads (npm run test:conformance with it set).');

export const SHARED: string = named;
