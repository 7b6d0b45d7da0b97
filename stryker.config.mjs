// StrykerJS: mutation testing of the code that guards users (issue 18). `npm run test:mutation`.
// Not part of `npm test`. See docs/testing.md for why these modules and how to run one at a time.
// The tests read only what the repository holds (test/fixtures/), so the sandbox needs nothing beside it.
const tempDirName = '.stryker-tmp';

// The property tests (test/unit/properties/) use a fixed seed under Stryker: same inputs for every mutant.
process.env.SVC_FC_SEED ??= '20261125';

/**
 * What is mutated, grouped as in docs/testing.md. Line ranges keep a cold run within 25 minutes on
 * 2 cores: the diff's equality and walk (not its three-way grouping), the migration's TLS versions and
 * load balancing (not every upstream member).
 */
export const MUTATED = {
  authentication: ['sandbox/src/http/auth.ts'],
  conflictDetection: ['engine/src/sync/compare.ts'],
  pathContainment: ['engine/src/sync/pathContainment.ts'],
  changeDetection: ['engine/src/diff/semanticDiff.ts:34-88'],
  normalisation: ['engine/src/sync/canonicalJson.ts'],
  requestValidation: ['sandbox/src/routes/refusals.ts', 'validation/src/refusals.ts'],
  validationRules: ['validation/src/semantic/auth.ts', 'validation/src/semantic/network.ts', 'validation/src/suggest.ts'],
  quickFixes: ['server/src/service/codeActions/gatewayFixes.ts'],
  migration: ['migration/src/mapUpstream.ts:5-6', 'migration/src/mapUpstream.ts:152-181'],
  secretMasking: ['client/src/shared/masking.ts', 'client/src/shared/keyIds.ts', 'engine/src/sync/keySecrets.ts'],
};

/**
 * The unit tests that cover those modules, fast ones first (never test/unit/service/positionTree.test.ts:
 * very slow). Tests that start a sandbox over HTTP are left out: a direct test pins the same rule.
 */
const TEST_FILES = [
  'test/unit/boundaries/sandboxAuth.test.ts',
  'test/unit/boundaries/conflict.test.ts',
  'test/unit/boundaries/pathContainment.test.ts',
  'test/unit/boundaries/normalisation.test.ts',
  'test/unit/boundaries/classicRules.test.ts',
  'test/unit/boundaries/oasRules.test.ts',
  'test/unit/boundaries/gatewayFixes.test.ts',
  'test/unit/boundaries/suggest.test.ts',
  'test/unit/boundaries/migrationTls.test.ts',
  'test/unit/boundaries/secrets.test.ts',
  'test/unit/boundaries/refusals.test.ts',
  'test/unit/boundaries/diff.test.ts',
  'test/unit/properties/semanticDiff.property.test.ts',
  'test/unit/properties/pathContainment.property.test.ts',
  'test/unit/engine/compare.test.ts',
  'test/unit/engine/semanticDiff.test.ts',
  'test/unit/migration/mapUpstream.test.ts',
  'test/unit/migration/referenceFixtures.test.ts',
  'test/unit/service/validation.test.ts',
  'test/unit/service/codeActions.test.ts',
];

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
  mutate: Object.values(MUTATED).flat(),
  ignorePatterns: ['dist', 'dist-vsix', 'out', 'test/out', '.svc', '.svc-sandbox', '.vscode-test', 'reports', 'bench', '*.vsix'],
  tempDirName,
  cleanTempDir: 'always',
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incremental: false,
  thresholds: { high: 95, low: 85, break: null },
};
