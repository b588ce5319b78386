// noUncheckedIndexedAccess is on (tsconfig.base.json, inherited by every project): an index read is
// `T | undefined` until checked. The fixtures in test/fixtures/types/ are compiled with the base
// options: the unchecked read is refused at its line, the checked one compiles clean.
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixture = (name: string) => join(ROOT, 'test', 'fixtures', 'types', name);

/** The compiler options of tsconfig.base.json, as every project inherits them. */
function baseOptions(): ts.CompilerOptions {
  const file = join(ROOT, 'tsconfig.base.json');
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, file);
  return parsed.options;
}

/** Diagnostics of both fixtures, from one small program: file name, line (1-based), code, message. */
function diagnostics(): { file: string; line: number; code: number; message: string }[] {
  // ES5's lib is enough for the fixtures (arrays and objects) and keeps the program small.
  const options: ts.CompilerOptions = { ...baseOptions(), noEmit: true, skipLibCheck: true, types: [], lib: ['lib.es5.d.ts'] };
  const program = ts.createProgram([fixture('unchecked-index.ts'), fixture('checked-index.ts')], options);
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file ? basename(d.file.fileName) : '',
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    code: d.code,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

describe('noUncheckedIndexedAccess', () => {
  it('is on in tsconfig.base.json', () => {
    expect(baseOptions().noUncheckedIndexedAccess).toBe(true);
  });

  it('refuses an unchecked index read and accepts the checked one', () => {
    const found = diagnostics();
    expect(found).toEqual([
      {
        file: 'unchecked-index.ts',
        line: 4,
        code: expect.toSatisfy((c: number) => c === 2532 || c === 18048),
        message: expect.stringMatching(/possibly 'undefined'/),
      },
    ]);
  }, 30_000);
});
