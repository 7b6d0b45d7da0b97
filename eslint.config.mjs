// The code's own linter: ESLint with typescript-eslint's type-aware rules (floating promises,
// unsafe `any`). `npm run lint` runs it and `prettier --check`; `npm test` runs it as a layer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const unsafeAny = [
  '@typescript-eslint/no-explicit-any',
  '@typescript-eslint/no-unsafe-argument',
  '@typescript-eslint/no-unsafe-assignment',
  '@typescript-eslint/no-unsafe-call',
  '@typescript-eslint/no-unsafe-member-access',
  '@typescript-eslint/no-unsafe-return',
];
const off = (rules) => Object.fromEntries(rules.map((rule) => [rule, 'off']));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'validation/generated/**',
      'dist-vsix/**',
      'node_modules/**',
      'test/fixtures/**',
      'test/e2e/workspace/**',
      'samples/**',
      '.vscode-test/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // The HTTP transport rejects with sentinel symbols (cancelled, timeout, too large) that its caller maps to errors.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    // Tests read parsed JSON and LSP payloads member by member: `any` there is the point, and
    // node:test's test()/describe() promises are awaited by the runner.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      ...off(unsafeAny),
      ...off([
        '@typescript-eslint/no-unnecessary-type-assertion',
        '@typescript-eslint/no-base-to-string',
        '@typescript-eslint/require-await',
        'preserve-caught-error',
      ]),
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after'] }] },
      ],
    },
  },
  {
    // The converter reads classic definitions through `Json = Record<string, any>` on purpose (migration/src/types.ts:
    // real documents carry members the spec does not list); typing those reads is the converter's own work.
    files: ['migration/src/**/*.ts'],
    rules: off(unsafeAny),
  },
  {
    // Plain JavaScript (build scripts, launchers, the e2e runner): no type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        AbortController: 'readonly',
        // Functions the e2e runner evaluates inside the workbench page.
        document: 'readonly',
        window: 'readonly',
        getComputedStyle: 'readonly',
      },
    },
  },
  {
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
