// The correctness rules that need types, and the rule that every eslint-disable says why, are
// enforced by lint: ESLint (the project's own eslint.typed.config.js, through its Node API) reports each
// fixture in test/fixtures/lint/ that breaks one and passes its fixed twin. The fixtures have their
// own tsconfig.json there, which the typed parser finds as it finds src/'s projects.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'lint');
// test/fixtures/** is ignored by `npm run lint` (fixtures break rules on purpose): lint them anyway.
const eslint = new ESLint({ cwd: ROOT, ignore: false, overrideConfigFile: join(ROOT, 'eslint.typed.config.js') });

/** `ruleId: message` of every problem in each fixture, by file name (all linted at once: one typed program). */
let problems: Record<string, string[]>;
beforeAll(async () => {
  const names = ['floating-promise.ts', 'handled-promise.ts', 'misused-promise.ts', 'disable-without-reason.ts', 'disable-with-reason.ts'];
  const results = await eslint.lintFiles(names.map((n) => join(FIXTURES, n)));
  problems = Object.fromEntries(results.map((r) => [r.filePath.slice(FIXTURES.length + 1), r.messages.map((m) => `${m.ruleId}: ${m.message}`)]));
}, 60_000);

describe('promises are awaited or handled (typed lint)', () => {
  it('a floating promise fails lint', () => {
    expect(problems['floating-promise.ts']).toEqual([expect.stringMatching(/^@typescript-eslint\/no-floating-promises: Promises must be awaited/)]);
  });

  it('an async callback where a void one is expected fails lint', () => {
    expect(problems['misused-promise.ts']).toEqual([expect.stringMatching(/^@typescript-eslint\/no-misused-promises: /)]);
  });

  it('the same promise awaited, or caught when fire-and-forget is meant, passes', () => {
    expect(problems['handled-promise.ts']).toEqual([]);
  });
});

describe('every eslint-disable says why', () => {
  it('a disable without a `-- reason` fails lint', () => {
    expect(problems['disable-without-reason.ts']).toEqual([expect.stringMatching(/^eslint-comments\/require-description: /)]);
  });

  it('the same disable with its reason passes', () => {
    expect(problems['disable-with-reason.ts']).toEqual([]);
  });
});
