// Lint = correctness and layers, not style (formatting is left alone on purpose).
// Layers (docs/architecture.md):
// - `electron` only in the Electron shell (src/main/electron/) and the Electron preload entry;
// - src/renderer, src/shared and src/preload: no Node built-ins, nothing from src/main;
// - src/: nothing from scripts/;
// - no import cycles anywhere (import-x/no-cycle).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_')).flatMap((m) => [m, `${m}/*`]);
const ELECTRON = { name: 'electron', message: 'Only src/main/electron/ (and the Electron preload entry) may import electron: the core also runs in plain Node.' };
const NODE_FROM_WEB = {
  group: ['node:*', ...NODE_BUILTINS],
  message: 'Renderer, shared and preload code runs in a page: no Node built-ins (ask the main process through the bridge).',
};

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '**/*.d.mts', 'test/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', { paths: [ELECTRON] }],
      // Style or intent that TypeScript already checks; not worth churning files for.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Sanitisers match control characters on purpose.
      'no-control-regex': 'off',
      // Flags harmless `let x = null` initialisers; not a correctness problem.
      'no-useless-assignment': 'off',
    },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern: `({}, use)` is how it says "none".
    files: ['test/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // `i++, n++` loops in the export fast path, which issue 15 deletes; not worth editing on its way out.
    files: ['src/main/export/encoder/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // vi.hoisted() factories run before imports: a synchronous require() is the only way in.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,mts,mjs,js}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/renderer', from: './src/main', message: 'The renderer talks to main only through the bridge (src/shared/bridge).' },
            { target: './src/shared', from: './src/main', message: 'src/shared is the contract both sides use: it cannot depend on main.' },
            { target: './src/preload', from: './src/main', message: 'The preload builds window.firmscope from the bridge table only.' },
            { target: './src', from: './scripts', message: 'Production code must not import build scripts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**', 'src/shared/**', 'src/preload/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [ELECTRON], patterns: [NODE_FROM_WEB] }],
    },
  },
  {
    // The two files that are the Electron side of the preload.
    files: ['src/preload/index.ts', 'src/preload/electron-expose.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NODE_FROM_WEB] }] },
  },
  {
    files: ['src/main/electron/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
