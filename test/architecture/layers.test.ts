// The layers are enforced by tools, not by review: ESLint (the project's own eslint.config.js, run
// through ESLint's Node API) refuses each fixture where it would sit, and the web tsconfig refuses
// Node modules in renderer code. Fixtures live in test/fixtures/layers/ and are linted as if they
// were files in src/.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixture = (name: string) => join(ROOT, 'test', 'fixtures', 'layers', name);
// The code is linted at paths that do not exist, which no TypeScript project holds: without type
// information (the layer rules need none; test/architecture/lint-rules.test.ts covers the typed ones).
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

/** Rule ids ESLint reports for `fixtureName` placed at `asPath` (relative to the repo root). */
async function lintAs(fixtureName: string, asPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(readFileSync(fixture(fixtureName), 'utf8'), { filePath: join(ROOT, asPath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layers enforced by lint', () => {
  it('a renderer file that imports electron fails lint', async () => {
    const problems = await lintAs('renderer-imports-electron.ts', 'src/renderer/search/layer-fixture.ts');
    expect(problems).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only src\/main\/shells\/electron\//)]);
  }, 60_000);

  it('the same import is allowed in the Electron shell and refused in the core', async () => {
    expect(await lintAs('renderer-imports-electron.ts', 'src/main/shells/electron/layer-fixture.ts')).toEqual([]);
    expect(await lintAs('renderer-imports-electron.ts', 'src/main/features/search/layer-fixture.ts')).toEqual([expect.stringMatching(/^no-restricted-imports:/)]);
  }, 60_000);

  it('renderer and shared code may not use Node built-ins; main may', async () => {
    for (const at of ['src/renderer/app/layer-fixture.ts', 'src/shared/layer-fixture.ts', 'src/preload/layer-fixture.ts']) {
      expect(await lintAs('web-imports-node-fs.ts', at)).toEqual([expect.stringMatching(/^no-restricted-imports: .*no Node built-ins/)]);
    }
    expect(await lintAs('web-imports-node-fs.ts', 'src/main/layer-fixture.ts')).toEqual([]);
  }, 60_000);

  it('the renderer may not import main-process code', async () => {
    expect(await lintAs('renderer-imports-main.ts', 'src/renderer/layer-fixture.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only through the bridge/),
    ]);
  }, 60_000);
});

describe('layers enforced by the compiler', () => {
  const diagnosticsWith = (config: string): string[] => {
    const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (!parsed) throw new Error(`cannot read ${config}`);
    // The fixture alone, with the project's libs and types (not as a composite project member).
    const options = { ...parsed.options, composite: false, declaration: false, declarationDir: undefined, emitDeclarationOnly: false, tsBuildInfoFile: undefined, noEmit: true };
    const program = ts.createProgram([fixture('web-imports-node-fs.ts')], options);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  };

  it('renderer code does not compile against node:fs (tsconfig.web.json has no Node types)', () => {
    expect(diagnosticsWith('tsconfig.web.json')).toEqual([expect.stringMatching(/Cannot find module 'node:fs'/)]);
  }, 60_000);

  it('the same file compiles as Node code (tsconfig.node.json)', () => {
    expect(diagnosticsWith('tsconfig.node.json')).toEqual([]);
  }, 60_000);
});
