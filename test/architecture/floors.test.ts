// The floors of src/main (docs/architecture.md): platform below, features above, shells on top.
// ESLint (the project's own eslint.config.js, through its Node API) refuses each forbidden
// direction, written as it would sit in src/main; the declared feature table, the folders and the
// docs stay one and the same.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { FEATURE_USES, SANDBOX_USERS } from '../../eslint.config.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The code is linted at paths that do not exist, which no TypeScript project holds: without type
// information (the layer rules need none; test/architecture/lint-rules.test.ts covers the typed ones).
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

/** The restricted-path problems ESLint reports for `code` placed at `asPath` (relative to the repo root). */
async function floorProblems(code: string, asPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: join(ROOT, asPath) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}
const refused = (pattern: RegExp) => [expect.stringMatching(pattern)];

describe('forbidden directions fail lint', () => {
  it.each([
    ['platform imports a feature', "import { x } from '../../features/search/feature';", 'src/main/platform/api/fixture.ts', /Platform code knows no feature/],
    ['platform imports a feature, type only', "import type { ListStore as x } from '../../features/lists/list-store';", 'src/main/platform/workspace/fixture.ts', /Platform code knows no feature/],
    ['platform imports a shell', "import { x } from '../../shells/web-host/host';", 'src/main/platform/security/fixture.ts', /Platform code knows no shell/],
    ['platform imports the composition root', "import { x } from '../../shells/compose/create-core';", 'src/main/platform/bridge/fixture.ts', /Platform code knows no shell and not the composition root/],
    ['platform imports the sandbox', "import { x } from '../../../sandbox/clients';", 'src/main/platform/auth/fixture.ts', /Platform code knows no sandbox/],
    ['a feature imports a feature its row does not name', "import { x } from '../export/run-export';", 'src/main/features/lists/fixture.ts', /features\/lists may use only features\/snapshots/],
    ['a feature imports a feature that uses it', "import { x } from '../esg-runs/store';", 'src/main/features/esg/fixture.ts', /features\/esg may use only platform/],
    ['a feature imports a shell', "import { x } from '../../shells/electron/main-app';", 'src/main/features/search/fixture.ts', /Features know no shell/],
    ['a feature imports the composition root', "import { x } from '../../shells/compose/create-core';", 'src/main/features/app/fixture.ts', /Features know no shell and not the composition root/],
    ['a feature other than profiles imports the sandbox', "import { x } from '../../../sandbox/clients';", 'src/main/features/search/fixture.ts', /Only profiles may import the sandbox/],
    ['the Electron shell imports the browser-mode shell', "import { x } from '../web-host/static-files';", 'src/main/shells/electron/fixture.ts', /never the other shell/],
    ['the browser-mode shell imports the Electron shell', "import { x } from '../electron/app-protocol';", 'src/main/shells/web-host/fixture.ts', /never the other shell/],
    ['a shell imports a feature', "import { x } from '../../features/search/feature';", 'src/main/shells/electron/fixture.ts', /only through the composition root/],
    ['a shell imports the sandbox', "import { x } from '../../../sandbox/server';", 'src/main/shells/web-host/fixture.ts', /sandbox only through the composition root/],
    ['the composition root imports a shell', "import { x } from '../web-host/host';", 'src/main/shells/compose/fixture.ts', /The composition root knows no shell/],
    ['the sandbox imports the app', "import { x } from '../main/platform/api/retry';", 'src/sandbox/fixture.ts', /stand-alone reference service/],
  ])('%s', async (_name, code, at, message) => {
    expect(await floorProblems(code, at)).toEqual(refused(message));
  }, 60_000);
});

describe('allowed directions pass lint', () => {
  it.each([
    ['a feature imports platform', "import { x } from '../../platform/paging/page-walker';", 'src/main/features/lists/fixture.ts'],
    ['a feature imports a feature its row names', "import { x } from '../lists/list-store';", 'src/main/features/export/fixture.ts'],
    ['esg-export imports esg-runs and lists', "import { x } from '../esg-runs/store';\nimport { y as z } from '../lists/list-store';\nexport const w = z;", 'src/main/features/esg-export/fixture.ts'],
    ['profiles imports the sandbox clients', "import { x } from '../../../sandbox/clients';", 'src/main/features/profiles/fixture.ts'],
    ['a shell imports the composition root and platform', "import { x } from '../compose/create-core';\nimport { y as z } from '../../platform/security/renderer-files';\nexport const w = z;", 'src/main/shells/electron/fixture.ts'],
    ['the composition root imports features and the sandbox', "import { x } from '../../features/search/feature';\nimport { y as z } from '../../../sandbox/server';\nexport const w = z;", 'src/main/shells/compose/fixture.ts'],
  ])('%s', async (_name, code, at) => {
    expect(await floorProblems(code, at)).toEqual([]);
  }, 60_000);
});

/** Rows of the "Which feature uses which" table in docs/architecture.md: feature -> uses. */
function documentedUses(): Record<string, string[]> {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.split(/^### Which feature uses which$/m)[1]?.split(/^#/m)[0] ?? '';
  const rows: Record<string, string[]> = {};
  for (const line of section.split('\n')) {
    const m = /^\| `([a-z-]+)` \| ([^|]*) \|/.exec(line);
    if (m) rows[m[1]!] = [...m[2]!.matchAll(/`([a-z-]+)`/g)].map((u) => u[1]!);
  }
  return rows;
}

describe('the feature table', () => {
  const folders = (dir: string) => readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

  it('names every feature folder, and only those', () => {
    expect(Object.keys(FEATURE_USES).sort()).toEqual(folders('src/main/features'));
    for (const uses of Object.values(FEATURE_USES)) for (const u of uses) expect(FEATURE_USES).toHaveProperty(u);
    for (const f of SANDBOX_USERS) expect(FEATURE_USES).toHaveProperty(f);
  });

  it('is the one docs/architecture.md shows', () => {
    expect(documentedUses()).toEqual(FEATURE_USES);
  });

  it('src/main holds the three floors and the Electron entry, nothing beside them', () => {
    expect(readdirSync(join(ROOT, 'src/main')).sort()).toEqual(['features', 'index.ts', 'platform', 'shells']);
    expect(folders('src/main/shells')).toEqual(['compose', 'electron', 'team-server', 'web-host']);
  });
});
