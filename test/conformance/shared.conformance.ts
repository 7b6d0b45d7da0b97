// Where the conformance layer finds the team's material outside the repository: `SVC_SHARED_DIR`
// (scripts/test.mjs sets it to the folder scripts/lib/testFiles.mjs found: the one SVC_SHARED_DIR
// named, else the folder beside the repository; with neither, it prints one line instead of running
// the layer). Only files named `*conformance*` may read it (test/unit/foundation/layout.test.ts).
const named = process.env.SVC_SHARED_DIR?.trim();
if (!named) {
  throw new Error('SVC_SHARED_DIR names the team material the conformance layer reads (npm run test:conformance sets it, or says why it cannot).');
}

export const SHARED: string = named;
