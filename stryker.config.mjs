// StrykerJS: mutation testing of the code that guards users (issue 18). `npm run test:mutation`.
// Not part of `npm test`. See docs/testing.md for why these modules and how to run one at a time.
// The tests read only what the repository holds (test/fixtures/), so the sandbox needs nothing beside it.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const tempDirName = '.stryker-tmp';

// The property tests (test/unit/properties/) use a fixed seed under Stryker: same inputs for every mutant.
process.env.SVC_FC_SEED ??= '20261125';

/**
 * What is mutated, by area (docs/testing.md says why each module is in, and what is left out).
 * Each area names its modules and the unit tests that guard them; `SVC_MUTATION_AREA=cli,sync`
 * runs some areas, none runs them all. Runs are incremental: Stryker keeps one file per selection
 * (`reports/mutation/<areas>.incremental.json`), so a run after a small change mutates only what
 * changed and reuses the rest.
 */
export const AREAS = {
  cli: {
    mutate: [
      'engine/src/cli/pushCommand.ts',
      'engine/src/cli/pullCommand.ts',
      'engine/src/cli/diffCommand.ts',
      'engine/src/cli/main.ts',
      'engine/src/cli/exitCodes.ts',
    ],
    tests: [
      // First: a mutant it kills stops there (forceBail), before the longer files run.
      // main.ts (arguments, dispatch, exit codes): the files without a sandbox first.
      'test/unit/engine/cli-arguments.test.ts',
      'test/unit/engine/cli-diff-text.test.ts',
      'test/unit/engine/internalError.test.ts',
      'test/unit/engine/cli-explain.test.ts',
      // Each command's own file, then the older ones.
      'test/unit/engine/cli-push-edges.test.ts',
      'test/unit/engine/cli-pull-output.test.ts',
      'test/unit/engine/cli-diff-report.test.ts',
      'test/unit/engine/cli-push-plan.test.ts',
      'test/unit/engine/cli-push-outcomes.test.ts',
      'test/unit/engine/cli-exit-codes.test.ts',
      'test/unit/engine/cli-friction.test.ts',
      'test/unit/engine/cli-sync.test.ts',
      'test/unit/engine/cli-merge.test.ts',
      'test/unit/engine/cli-push-reads.test.ts',
      'test/unit/engine/cli-hardening.test.ts',
      'test/unit/engine/cli-environments.test.ts',
      'test/unit/engine/cli-environments-state.test.ts',
      'test/unit/engine/cli-flags.test.ts',
    ],
  },
  sync: {
    mutate: [
      'engine/src/sync/compare.ts',
      'engine/src/sync/pathContainment.ts',
      'engine/src/sync/canonicalJson.ts',
      'engine/src/sync/listing.ts',
      'engine/src/sync/pushPipeline.ts',
      'engine/src/sync/pull.ts',
      'engine/src/sync/stateFile.ts',
      'engine/src/sync/keySecrets.ts',
      'engine/src/sync/jsonProblem.ts',
      'engine/src/sync/readContainment.ts',
      'engine/src/sync/quickCheck.ts',
    ],
    tests: [
      'test/unit/engine/insideWorkspace.test.ts',
      'test/unit/engine/quickCheck.test.ts',
      'test/unit/engine/readContained.test.ts',
      'test/unit/engine/pushDocument.test.ts',
      'test/unit/engine/pushDocumentAfterSend.test.ts',
      'test/unit/engine/canonicalText.test.ts',
      'test/unit/engine/pullResource.test.ts',
      'test/unit/engine/sync-local-work.test.ts',
      'test/unit/yaml/yamlSync.test.ts',
      'test/unit/yaml/yamlMerge.test.ts',
      'test/unit/environments/pullDefinition.test.ts',
      'test/unit/boundaries/conflict.test.ts',
      'test/unit/boundaries/pathContainment.test.ts',
      'test/unit/boundaries/normalisation.test.ts',
      'test/unit/boundaries/secrets.test.ts',
      'test/unit/boundaries/pushConflict.test.ts',
      'test/unit/properties/pathContainment.property.test.ts',
      'test/unit/engine/compare.test.ts',
      'test/unit/engine/listing.test.ts',
      'test/unit/engine/jsonProblem.test.ts',
      'test/unit/engine/stateFile.test.ts',
      'test/unit/engine/listingKeys.test.ts',
      'test/unit/engine/pushMerge.test.ts',
      'test/unit/engine/cli-sync.test.ts',
      'test/unit/workflows/sync-key-secrets.test.ts',
      'test/unit/workflows/sync-containment.test.ts',
      'test/unit/workflows/sync-pipeline.test.ts',
      'test/unit/engine/cli-push-reads.test.ts',
      'test/unit/engine/readRemoteAgain.test.ts',
    ],
  },
  diff: {
    mutate: [
      'engine/src/diff/semanticDiff.ts',
      'engine/src/diff/merge.ts',
      'engine/src/diff/arrayIdentity.ts',
      'engine/src/diff/textEdits.ts',
      'validation/src/jsonPointer.ts',
    ],
    tests: [
      'test/unit/boundaries/diff.test.ts',
      'test/unit/engine/semanticDiff.test.ts',
      'test/unit/engine/merge.test.ts',
      'test/unit/engine/textEdits.test.ts',
      'test/unit/engine/threeWayGrouping.test.ts',
      'test/unit/engine/arrayIdentityRules.test.ts',
      'test/unit/engine/mergeShapes.test.ts',
      'test/unit/engine/pushMerge.test.ts',
      'test/unit/properties/semanticDiff.property.test.ts',
      'test/unit/properties/merge.property.test.ts',
      'test/unit/validation/jsonPointer.test.ts',
      'test/unit/validation/jsonPointerReads.test.ts',
    ],
  },
  validation: {
    mutate: [
      'validation/src/severity.ts',
      'validation/src/refusals.ts',
      'validation/src/semantic/*.ts',
      'validation/src/suggest.ts',
      'validation/src/goUrl.ts',
      'validation/src/nullPolicy.ts',
      'validation/src/numberLiterals.ts',
      'sandbox/src/routes/refusals.ts',
    ],
    tests: [
      'test/unit/validation/goUrl.test.ts',
      'test/unit/validation/nullPolicy.test.ts',
      'test/unit/validation/numberLiterals.test.ts',
      'test/unit/validation/severity.test.ts',
      'test/unit/validation/decoding.test.ts',
      'test/unit/validation/kvReferences.test.ts',
      'test/unit/validation/decodingMembers.test.ts',
      'test/unit/validation/kvReferenceProblems.test.ts',
      'test/unit/validation/semanticKinds.test.ts',
      'test/unit/boundaries/refusals.test.ts',
      'test/unit/boundaries/refusalsDecoding.test.ts',
      'test/unit/boundaries/classicUpstreamAuth.test.ts',
      'test/unit/boundaries/loadSkips.test.ts',
      'test/unit/boundaries/oasRuleEdges.test.ts',
      'test/unit/boundaries/classicRules.test.ts',
      'test/unit/boundaries/oasRules.test.ts',
      'test/unit/boundaries/suggest.test.ts',
      'test/unit/service/validation.test.ts',
    ],
  },
  sandbox: {
    mutate: ['sandbox/src/http/auth.ts', 'sandbox/src/store/*.ts'],
    // Direct tests first: a mutant runs its covering files in this order and stops at the first failure.
    tests: [
      'test/unit/boundaries/sandboxAuth.test.ts',
      'test/unit/sandbox/storeFiles.test.ts',
      'test/unit/sandbox/lockRules.test.ts',
      'test/unit/sandbox/journal.test.ts',
      'test/unit/sandbox/writeQueue.test.ts',
      'test/unit/sandbox/collection.test.ts',
      'test/unit/sandbox/lock-half-written.test.ts',
      'test/unit/sandbox/snapshot.test.ts',
      'test/unit/sandbox/damaged-data.test.ts',
      'test/unit/sandbox/lock.test.ts',
      'test/unit/sandbox/persistence.test.ts',
    ],
  },
  api: {
    mutate: ['api/src/specFallbacks.ts', 'api/src/paging.ts', 'api/src/errors.ts'],
    tests: [
      'test/unit/api/spec-fallbacks.test.ts',
      'test/unit/api/spec-fallbacks-records.test.ts',
      'test/unit/api/errors.test.ts',
      'test/unit/api/errorKinds.test.ts',
      'test/unit/api/transport.test.ts',
      'test/unit/api/tls.test.ts',
      'test/unit/api/paging.test.ts',
      'test/unit/engine/listing.test.ts',
    ],
  },
  explorer: {
    mutate: ['client/src/explorer/loadedIds.ts', 'client/src/explorer/apiListing.ts', 'client/src/shared/masking.ts', 'client/src/shared/keyIds.ts'],
    tests: [
      'test/unit/explorer/loadedIds.test.ts',
      'test/unit/explorer/apiListingBackground.test.ts',
      'test/unit/explorer/apiKindPaging.test.ts',
      'test/unit/explorer/pagingIgnoredP.test.ts',
      'test/unit/explorer/keyIdMasking.test.ts',
      'test/unit/boundaries/secrets.test.ts',
    ],
  },
  migration: {
    mutate: [
      'migration/src/map*.ts',
      'migration/src/convert.ts',
      'migration/src/preprocess.ts',
      'migration/src/skip.ts',
      'migration/src/versioning.ts',
      'migration/src/modes.ts',
    ],
    tests: [
      'test/unit/migration/mapAuth.test.ts',
      'test/unit/migration/mapMiddleware.test.ts',
      'test/unit/migration/mapOperations.test.ts',
      'test/unit/migration/mapServer.test.ts',
      'test/unit/migration/mapUpstream.test.ts',
      'test/unit/migration/preprocess.test.ts',
      'test/unit/migration/skip.test.ts',
      'test/unit/migration/versioning.test.ts',
      'test/unit/migration/modes.test.ts',
      'test/unit/boundaries/migrationTls.test.ts',
      'test/unit/migration/referenceFixtures.test.ts',
      'test/unit/migration/validation.test.ts',
      'test/unit/migration/changes.test.ts',
    ],
  },
  quickFixes: {
    mutate: ['server/src/service/codeActions/gatewayFixes.ts'],
    tests: ['test/unit/boundaries/gatewayFixes.test.ts', 'test/unit/service/codeActions.test.ts'],
  },
};

const chosen = (process.env.SVC_MUTATION_AREA ?? '')
  .split(',')
  .map((a) => a.trim())
  .filter(Boolean);
for (const name of chosen) if (!(name in AREAS)) throw new Error(`SVC_MUTATION_AREA: no area '${name}' (areas: ${Object.keys(AREAS).join(', ')})`);
const areas = chosen.length ? chosen : Object.keys(AREAS);
const MUTATE = [...new Set(areas.flatMap((a) => AREAS[a].mutate))];
const TEST_FILES = [...new Set(areas.flatMap((a) => AREAS[a].tests))].filter((f) => existsSync(join(root, f)));
const selection = chosen.length ? chosen.join('+') : 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  tap: {
    testFiles: TEST_FILES,
    // Run each file in this process (not `--test`, which forks a child Stryker cannot see into),
    // TypeScript through tsx, TAP on stdout.
    nodeArgs: ['-r', '{{hookFile}}', '--import', 'tsx', '--test-reporter=tap', '{{testFile}}'],
    forceBail: true,
  },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: MUTATE,
  ignorePatterns: ['dist', 'dist-vsix', 'out', 'test/out', '.svc', '.svc-sandbox', '.vscode-test', 'reports', 'bench', '*.vsix'],
  tempDirName,
  cleanTempDir: 'always',
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `reports/mutation/${selection}.json` },
  // A run after a small change mutates only what changed (the file is kept between runs, git-ignored).
  incremental: true,
  incrementalFile: `reports/mutation/${selection}.incremental.json`,
  thresholds: { high: 95, low: 90, break: null },
};
