// Lint = correctness and layers, not style (formatting is left alone on purpose).
// Typed: rules that need the types (promises nobody awaits or catches, promises where a plain
// callback is expected) read each file with its own TypeScript project, found through the references
// of tsconfig.json (renderer: tsconfig.web.json, preload: tsconfig.preload.json, and so on).
// Every eslint-disable comment says why (`-- reason`), and none disables every rule.
// Layers (docs/architecture.md):
// - `electron` only in the Electron shell (src/main/shells/electron/) and the Electron preload entry;
// - src/renderer, src/shared and src/preload: no Node built-ins, nothing from src/main;
// - src/: nothing from scripts/;
// - no import cycles anywhere (import-x/no-cycle);
// - inside src/main, the floors (docs/architecture.md "Floors"): platform knows no feature and no
//   shell; a feature uses only the features its row in FEATURE_USES names; the shells use the
//   composition root and platform only, never each other;
// - inside src/renderer, the floors (docs/architecture.md "The renderer's floors"): ui/ below, then
//   data/ (the only code that calls the bridge), state/, the features (each uses only the features its
//   row in RENDERER_FEATURE_USES names), and app/ on top.
import { builtinModules } from 'node:module';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_')).flatMap((m) => [m, `${m}/*`]);
const ELECTRON = { name: 'electron', message: 'Only src/main/shells/electron/ (and the Electron preload entry) may import electron: the core also runs in plain Node.' };
const NODE_FROM_WEB = {
  group: ['node:*', ...NODE_BUILTINS],
  message: 'Renderer, shared and preload code runs in a page: no Node built-ins (ask the main process through the bridge).',
};

/**
 * Which feature (src/main/features/<name>) may import which other feature. The same table is in
 * docs/architecture.md, and test/architecture/floors.test.ts keeps the two and the folders equal.
 */
export const FEATURE_USES = {
  analytics: ['esg-runs', 'lists', 'snapshots'],
  app: [],
  diagnostics: [],
  digests: ['watches'],
  esg: [],
  'esg-export': ['esg-runs', 'lists'],
  'esg-runs': ['esg'],
  export: ['lists', 'snapshots'],
  lists: ['snapshots'],
  match: ['lists'],
  members: [],
  profiles: [],
  search: [],
  snapshots: [],
  team: ['search'],
  'team-items': [],
  'team-watches': ['esg', 'esg-runs', 'watches'],
  'ui-state': [],
  watches: ['esg-runs', 'lists', 'search', 'snapshots'],
};
/** Features that may import the embedded sandbox (src/sandbox): the built-in profile's demo client. */
export const SANDBOX_USERS = ['profiles'];
const SHELLS = ['electron', 'web-host', 'team-server'];

const FLOOR_DOC = 'see the floors in docs/architecture.md';
const floorZones = [
  { target: './src/main/platform', from: './src/main/features', message: `Platform code knows no feature: move what both need into platform, or the code into the feature (${FLOOR_DOC}).` },
  { target: './src/main/platform', from: './src/main/shells', message: `Platform code knows no shell and not the composition root (${FLOOR_DOC}).` },
  { target: './src/main/platform', from: './src/sandbox', message: `Platform code knows no sandbox: the composition root starts it (${FLOOR_DOC}).` },
  ...Object.entries(FEATURE_USES).map(([feature, uses]) => ({
    target: `./src/main/features/${feature}`,
    from: './src/main/features',
    except: [`./${feature}`, ...uses.map((u) => `./${u}`)],
    message: `features/${feature} may use only ${uses.length ? uses.map((u) => `features/${u}`).join(', ') : 'platform'} (its row in FEATURE_USES, eslint.config.js, and docs/architecture.md): move shared code into platform, or add the use to both tables.`,
  })),
  { target: './src/main/features', from: './src/main/shells', message: `Features know no shell and not the composition root: ask for what you need through FeatureDeps or ShellHooks (platform/ports) (${FLOOR_DOC}).` },
  ...Object.keys(FEATURE_USES)
    .filter((f) => !SANDBOX_USERS.includes(f))
    .map((feature) => ({ target: `./src/main/features/${feature}`, from: './src/sandbox', message: `Only ${SANDBOX_USERS.join(', ')} may import the sandbox; the composition root starts it (${FLOOR_DOC}).` })),
  ...SHELLS.flatMap((shell) => [
    { target: `./src/main/shells/${shell}`, from: './src/main/shells', except: [`./${shell}`, './compose'], message: `A shell uses the composition root and platform only, never the other shell: code both shells need lives in platform (${FLOOR_DOC}).` },
    { target: `./src/main/shells/${shell}`, from: './src/main/features', message: `A shell reaches features only through the composition root (shells/compose) and the bridge dispatcher (${FLOOR_DOC}).` },
    { target: `./src/main/shells/${shell}`, from: './src/sandbox', message: `A shell reaches the sandbox only through the composition root (${FLOOR_DOC}).` },
  ]),
  { target: './src/main/shells/compose', from: './src/main/shells', except: ['./compose'], message: `The composition root knows no shell: each shell passes its hooks in (${FLOOR_DOC}).` },
];

/**
 * The renderer's floors, bottom to top (src/renderer/<folder>): shared controls and formatting, the
 * data floor (the only code that reaches main: one module per bridge group), the screen state above
 * the screens, then the features, then the app frame. Each floor imports only the floors below it.
 */
export const RENDERER_FLOORS = ['ui', 'data', 'state'];
/** The app frame (src/renderer/app) and the entry (main.tsx) sit on top and may import every floor. */
export const RENDERER_FRAME = 'app';
/**
 * Which renderer feature (src/renderer/<name>) may import which other feature. The same table is in
 * docs/architecture.md; test/architecture/renderer-floors.test.ts keeps the two and the folders equal.
 */
export const RENDERER_FEATURE_USES = {
  analytics: [],
  profiles: ['team'],
  diagnostics: [],
  esg: ['analytics', 'esg-export'],
  'esg-runs': [],
  'esg-export': ['export'],
  export: [],
  lists: ['analytics', 'esg-runs', 'esg-export', 'export', 'watches'],
  match: ['export'],
  search: ['export', 'lists', 'snapshots', 'watches'],
  watches: ['esg'],
  snapshots: ['analytics', 'export', 'lists'],
  team: ['watches'],
};
const RENDERER_DOC = 'see the renderer floors in docs/architecture.md';
const R = './src/renderer';
const rendererFloorZones = [
  ...RENDERER_FLOORS.map((floor, i) => {
    const above = [...RENDERER_FLOORS.slice(i + 1), RENDERER_FRAME, ...Object.keys(RENDERER_FEATURE_USES)];
    const below = RENDERER_FLOORS.slice(0, i);
    return {
      target: `${R}/${floor}`,
      from: above.map((f) => `${R}/${f}`),
      message: `renderer/${floor} may use only ${below.length ? below.map((b) => `renderer/${b}`).join(', ') + ' and ' : ''}src/shared: an arrow that runs back up a floor (${RENDERER_DOC}). Move what both need down, or the code up into its feature.`,
    };
  }),
  ...Object.entries(RENDERER_FEATURE_USES).map(([feature, uses]) => ({
    target: `${R}/${feature}`,
    from: [`${R}/${RENDERER_FRAME}`, ...Object.keys(RENDERER_FEATURE_USES).filter((f) => f !== feature && !uses.includes(f)).map((f) => `${R}/${f}`)],
    message: `renderer/${feature} may use only ${[...uses.map((u) => `renderer/${u}`), ...RENDERER_FLOORS.map((f) => `renderer/${f}`)].join(', ')} (its row in RENDERER_FEATURE_USES, eslint.config.js, and docs/architecture.md); the app frame is above every feature.`,
  })),
];
/** Outside src/renderer/data/: the bridge itself (firmscope(), unwrap) may not be imported, nor window.firmscope read. */
const BRIDGE_OUTSIDE_DATA = {
  group: ['**/data/bridge'],
  importNames: ['firmscope', 'unwrap'],
  message: 'Only src/renderer/data/ calls the bridge: use the typed calls, hooks and events of data/<group>.ts (errors arrive as the shared AppError).',
};
/** react-query drops mutate()'s callbacks when the click came before the component subscribed. */
/** SQL with a value spliced into its text, or built with +, in a call of query/prepare/exec. */
const SQL_CALL = "CallExpression[callee.property.name=/^(query|prepare|exec)$/]";
const SQL_VALUES_SPLICED = [
  {
    selector: `${SQL_CALL} > TemplateLiteral.arguments > :not(Identifier[name=/^[A-Z][A-Z0-9_]*$/]).expressions`,
    message: 'SQL takes values as parameters ($1 / ?), never in its text: pass the value in the parameter list (a module constant in UPPER_CASE may be spliced).',
  },
  { selector: `${SQL_CALL} > BinaryExpression.arguments`, message: 'SQL is one literal or template with parameters, never built with +.' },
];
const MUTATE_WITH_CALLBACKS = {
  selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
  message: 'mutate(input, callbacks) loses its callbacks when the component has not subscribed yet: use mutateThen(mutation, input, callbacks) from data/mutate-then.ts.',
};
/** Every number and date on screen goes through one formatter, in the analyst's locale. */
const RENDERER_FORMATTER = 'src/renderer/ui/format.ts';
const LOCALE_MESSAGE = 'Numbers, dates and country names on screen are formatted in one place: use formatCount, formatNumber, formatWhen… from ui/format.ts (or countryLabel from ui/value-catalogue.ts), so every figure is in the analyst\'s locale.';
const LOCALE_FORMATS = [
  { selector: "NewExpression[callee.object.name='Intl']", message: LOCALE_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]", message: LOCALE_MESSAGE },
];
const WINDOW_FIRMSCOPE = { object: 'window', property: 'firmscope', message: 'Only src/renderer/data/ reaches window.firmscope: use data/<group>.ts.' };

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '**/*.d.mts', 'test/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, 'eslint-comments': eslintComments },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'eslint-comments/require-description': 'error',
      'eslint-comments/no-unlimited-disable': 'error',
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
    // vi.hoisted() factories run before imports: a synchronous require() is the only way in.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx,mts,mjs,js}'],
    rules: {
      // Small functions that say what they do: a longer one is split by responsibility (issue 35).
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/renderer', from: './src/main', message: 'The renderer talks to main only through the bridge (src/shared/bridge).' },
            { target: './src/shared', from: './src/main', message: 'src/shared is the contract both sides use: it cannot depend on main.' },
            { target: './src/preload', from: './src/main', message: 'The preload builds window.firmscope from the bridge table only.' },
            { target: './src', from: './scripts', message: 'Production code must not import build scripts.' },
            { target: './src/sandbox', from: './src/main', message: 'The sandbox is a stand-alone reference service: it knows nothing of the app.' },
            ...floorZones,
            ...rendererFloorZones,
          ],
        },
      ],
    },
  },
  {
    // Every SQL statement is parameterized: a value never goes into the text of a query (PostgreSQL
    // on the team server, SQLite in the workspace). Module constants (UPPER_CASE: column lists,
    // shared fragments) may be spliced in; the two places that must splice identifiers or
    // placeholders say why where they do it.
    files: ['src/main/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SQL_VALUES_SPLICED] },
  },
  {
    files: ['src/renderer/**', 'src/shared/**', 'src/preload/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [ELECTRON], patterns: [NODE_FROM_WEB] }],
    },
  },
  {
    // The renderer reaches main only through its data floor (src/renderer/data/).
    files: ['src/renderer/**'],
    ignores: ['src/renderer/data/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [ELECTRON], patterns: [NODE_FROM_WEB, BRIDGE_OUTSIDE_DATA] }],
      'no-restricted-properties': ['error', WINDOW_FIRMSCOPE],
    },
  },
  {
    // One way to act after a mutation, one locale on screen (see MUTATE_WITH_CALLBACKS, LOCALE_FORMATS).
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: [RENDERER_FORMATTER],
    rules: { 'no-restricted-syntax': ['error', MUTATE_WITH_CALLBACKS, ...LOCALE_FORMATS] },
  },
  {
    files: [RENDERER_FORMATTER],
    rules: { 'no-restricted-syntax': ['error', MUTATE_WITH_CALLBACKS] },
  },
  {
    // The two files that are the Electron side of the preload.
    files: ['src/preload/index.ts', 'src/preload/electron-expose.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NODE_FROM_WEB] }] },
  },
  {
    files: ['src/main/shells/electron/**'],
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
