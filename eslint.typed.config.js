// `npm run lint:typed`: everything of eslint.config.js plus the correctness rules that need each
// file's types. Reading the types costs about half a minute more than the rest of lint, so
// `npm run lint` (layers, cycles, correctness) stays quick and this one runs beside the type-check in
// `npm test` and in `npm run check`.
import tseslint from 'typescript-eslint';
import base from './eslint.config.js';

export default tseslint.config(...base, {
  languageOptions: {
    parserOptions: {
      // Each file is typed by the project that owns it (tsconfig.json's references). The .js/.mjs
      // files (the configs, the Node scripts) belong to no project: TypeScript infers their types.
      // Nine such files today; the default cap is eight.
      projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'], maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16 },
      tsconfigRootDir: import.meta.dirname,
    },
  },
  rules: {
    // A promise nobody awaits loses its rejection (an unhandled rejection ends the Node process);
    // one passed where a void callback is expected is not awaited by the caller either.
    '@typescript-eslint/no-floating-promises': 'error',
    '@typescript-eslint/no-misused-promises': 'error',
  },
});
