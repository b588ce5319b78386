// The floors of src/renderer (docs/architecture.md "The renderer's floors"): ui/ below, data/ (the only
// code that reaches main), state/, the features, app/ on top. ESLint (the project's own
// eslint.config.js, through its Node API) refuses each arrow that runs back up and every bridge call
// outside data/, written as it would sit in src/renderer; the import graph refuses folder cycles; the
// declared feature table, the folders and the docs stay one and the same.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { RENDERER_FEATURE_USES, RENDERER_FLOORS, RENDERER_FRAME } from '../../eslint.config.js';
import { cycles, folderGraph, importGraph } from './import-graph';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Linted at paths that do not exist, which no TypeScript project holds: without type information.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

/** The problems of the floor and bridge rules ESLint reports for `code` placed at `asPath`. */
async function problems(code: string, asPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: join(ROOT, asPath) });
  const rules = ['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-properties', 'no-restricted-syntax'];
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? '')).map((m) => `${m.ruleId}: ${m.message}`);
}
const refused = (pattern: RegExp) => [expect.stringMatching(pattern)];

describe('renderer arrows that run back up fail lint', () => {
  it.each([
    ['ui imports data', "import { x } from '../data/lists';", 'src/renderer/ui/fixture.ts', /renderer\/ui may use only src\/shared: an arrow that runs back up/],
    ['ui imports a feature, type only', "import type { ListViewProps as x } from '../../lists/ListView';", 'src/renderer/ui/grid/fixture.ts', /renderer\/ui may use only src\/shared/],
    ['ui imports the app frame', "import { x } from '../app/App';", 'src/renderer/ui/fixture.ts', /renderer\/ui may use only src\/shared/],
    ['data imports the screen state', "import { x } from '../state/screen-store';", 'src/renderer/data/fixture.ts', /renderer\/data may use only renderer\/ui and src\/shared/],
    ['data imports a feature', "import { x } from '../search/SearchScreen';", 'src/renderer/data/fixture.ts', /renderer\/data may use only renderer\/ui and src\/shared/],
    ['state imports a feature', "import { x } from '../search/SavedSearches';", 'src/renderer/state/fixture.ts', /renderer\/state may use only renderer\/ui, renderer\/data and src\/shared/],
    ['state imports the app frame', "import { x } from '../app/query-client';", 'src/renderer/state/fixture.ts', /renderer\/state may use only/],
    ['a feature imports the app frame', "import { x } from '../app/App';", 'src/renderer/esg/fixture.ts', /renderer\/esg may use only .*the app frame is above every feature/],
    ['a feature imports a feature its row does not name', "import { x } from '../search/SearchScreen';", 'src/renderer/snapshots/fixture.ts', /renderer\/snapshots may use only renderer\/analytics, renderer\/export, renderer\/lists,/],
    ['a feature imports a feature that uses it', "import { x } from '../lists/ListView';", 'src/renderer/esg-runs/fixture.ts', /renderer\/esg-runs may use only renderer\/ui/],
  ])('%s', async (_name, code, at, message) => {
    expect(await problems(code, at)).toEqual(refused(message));
  }, 60_000);
});

describe('the bridge outside the data floor fails lint', () => {
  it.each([
    ['a screen imports firmscope()', "import { firmscope as x } from '../data/bridge';", 'src/renderer/search/fixture.tsx', /^no-restricted-imports: .*Only src\/renderer\/data\/ calls the bridge/],
    ['a screen imports unwrap()', "import { unwrap as x } from '../../data/bridge';", 'src/renderer/search/pickers/fixture.ts', /^no-restricted-imports: .*Only src\/renderer\/data\/ calls the bridge/],
    ['the screen state imports firmscope()', "import { firmscope as x } from '../data/bridge';", 'src/renderer/state/fixture.ts', /^no-restricted-imports: .*Only src\/renderer\/data\/ calls the bridge/],
    ['a screen reads window.firmscope', 'const x = window.firmscope.lists;', 'src/renderer/lists/fixture.tsx', /^no-restricted-properties: .*Only src\/renderer\/data\/ reaches window.firmscope/],
  ])('%s', async (_name, code, at, message) => {
    expect(await problems(code, at)).toEqual(refused(message));
  }, 60_000);
});

describe('callbacks given to mutate() fail lint (react-query drops them before the component subscribed)', () => {
  it.each([
    ['a screen', "const x = (m: { mutate(i: number, o: object): void }) => m.mutate(1, { onSuccess: () => {} });", 'src/renderer/watches/fixture.tsx'],
    ['the data floor', "const x = (m: { mutate(i: number, o: object): void }) => m.mutate(1, { onError: () => {} });", 'src/renderer/data/fixture.ts'],
  ])('%s', async (_name, code, at) => {
    expect(await problems(code, at)).toEqual(refused(/^no-restricted-syntax: .*use mutateThen\(mutation, input, callbacks\) from data\/mutate-then.ts/));
  }, 60_000);

  it('mutate(input) alone and mutateThen pass', async () => {
    const code = "import { mutateThen } from '../data/mutate-then';\nconst x = (m: { mutate(i: number): void; mutateAsync(i: number): Promise<number> }) => [m.mutate(1), mutateThen(m, 1, { onSuccess: () => {} })];";
    expect(await problems(code, 'src/renderer/watches/fixture.tsx')).toEqual([]);
  }, 60_000);
});

describe('a number or date formatted outside ui/format.ts fails lint (one locale on screen)', () => {
  it.each([
    ['Intl.NumberFormat in a screen', "export const x = new Intl.NumberFormat('en-US').format(1);", 'src/renderer/lists/fixture.tsx'],
    ['Intl.DateTimeFormat in the data floor', 'export const x = new Intl.DateTimeFormat(undefined, {}).format(0);', 'src/renderer/data/fixture.ts'],
    ['toLocaleString on a number', "export const x = (1234).toLocaleString('en-US');", 'src/renderer/match/fixture.ts'],
    ['toLocaleDateString on a date', 'export const x = new Date(0).toLocaleDateString();', 'src/renderer/ui/fixture.ts'],
  ])('%s', async (_name, code, at) => {
    expect(await problems(code, at)).toEqual(refused(/^no-restricted-syntax: .*formatted in one place: use formatCount/));
  }, 60_000);

  it('the formatter itself and a screen that calls it pass', async () => {
    expect(await problems("export const x = new Intl.NumberFormat('en-US');", 'src/renderer/ui/format.ts')).toEqual([]);
    expect(await problems("import { formatCount } from '../ui/format';\nexport const x = formatCount(1234);", 'src/renderer/lists/fixture.tsx')).toEqual([]);
  }, 60_000);
});

describe('allowed renderer arrows pass lint', () => {
  it.each([
    ['data calls the bridge', "import { firmscope as x } from './bridge';", 'src/renderer/data/fixture.ts'],
    ['data reads window.firmscope', 'const x = window.firmscope;', 'src/renderer/data/fixture.ts'],
    ['data imports ui', "import { x } from '../ui/esg-format';", 'src/renderer/data/fixture.ts'],
    ['state imports data and ui', "import { x } from '../data/search';\nimport { y as z } from '../ui/grid/column-prefs';\nexport const w = z;", 'src/renderer/state/fixture.ts'],
    ['a feature imports the floors below', "import { x } from '../data/lists';\nimport { y as z } from '../state/screen-store';\nimport { q } from '../ui/Banner';\nexport const w = [z, q];", 'src/renderer/lists/fixture.tsx'],
    ['a feature imports a feature its row names', "import { x } from '../snapshots/SnapshotResults';", 'src/renderer/search/fixture.tsx'],
    ['a screen uses the typed calls of its data module', "import { groupCalls as x } from '../data/bridge';", 'src/renderer/lists/fixture.ts'],
    ['the app frame imports a feature', "import { x } from '../search/SearchScreen';", 'src/renderer/app/fixture.tsx'],
  ])('%s', async (_name, code, at) => {
    expect(await problems(code, at)).toEqual([]);
  }, 60_000);
});

describe('renderer folder cycles', () => {
  it('finds two folders that lean on each other without a file cycle (the fixture)', () => {
    const dir = join(ROOT, 'test', 'fixtures', 'folder-cycles');
    const files = importGraph(dir);
    expect(cycles(files, dir)).toEqual([]);
    expect(cycles(folderGraph(files, dir), dir)).toEqual([['esg-runs', 'lists']]);
  });

  it('src/renderer has none, type-only imports included', () => {
    const src = join(ROOT, 'src', 'renderer');
    const folders = folderGraph(importGraph(src), src);
    expect(folders.size).toBeGreaterThan(10);
    expect(cycles(folders, src)).toEqual([]);
  }, 60_000);
});

/** Rows of the "Which renderer feature uses which" table in docs/architecture.md: feature -> uses. */
function documentedUses(): Record<string, string[]> {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.split(/^### Which renderer feature uses which$/m)[1]?.split(/^#/m)[0] ?? '';
  const rows: Record<string, string[]> = {};
  for (const line of section.split('\n')) {
    const m = /^\| `([a-z-]+)` \| ([^|]*) \|/.exec(line);
    if (m) rows[m[1]!] = [...m[2]!.matchAll(/`([a-z-]+)`/g)].map((u) => u[1]!);
  }
  return rows;
}

describe('the renderer feature table', () => {
  const folders = (dir: string) => readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

  it('names every renderer folder but the floors, the frame and the stylesheets, and only those', () => {
    const features = folders('src/renderer').filter((f) => ![...RENDERER_FLOORS, RENDERER_FRAME, 'styles', 'assets'].includes(f));
    expect(Object.keys(RENDERER_FEATURE_USES).sort()).toEqual(features);
    for (const uses of Object.values(RENDERER_FEATURE_USES)) for (const u of uses) expect(RENDERER_FEATURE_USES).toHaveProperty(u);
    expect(RENDERER_FLOORS).toEqual(['ui', 'data', 'state']);
  });

  it('is the one docs/architecture.md shows', () => {
    expect(documentedUses()).toEqual(RENDERER_FEATURE_USES);
  });

  it('src/renderer holds the entry beside the folders, no other file', () => {
    const files = readdirSync(join(ROOT, 'src/renderer'), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();
    expect(files).toEqual(['index.html', 'main.tsx']);
  });
});
