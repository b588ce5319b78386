// Every SQL statement in src/main is parameterized (eslint.config.js, SQL_VALUES_SPLICED): ESLint,
// through the project's own config, refuses a value spliced into a query's text or a query built
// with +, for PostgreSQL (pool.query) and SQLite (db.prepare, db.exec) alike, and lets through
// parameters and UPPER_CASE module constants (src/main itself passes: the lint step of npm test).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

async function sqlProblems(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`declare const pool: any, db: any, id: string, name: string;\nconst COLUMNS = 'id, name';\n${code}\n`, { filePath: join(ROOT, 'src/main/features/team-items/fixture.ts') });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('SQL takes values only as parameters', () => {
  it.each([
    ['a value in a PostgreSQL query', 'void pool.query(`select * from team_items where id = ${id}`);'],
    ['a value in a SQLite statement', 'void db.prepare(`SELECT * FROM lists WHERE name = ${name}`);'],
    ['an expression in SQLite exec', "void db.exec(`DELETE FROM t WHERE id = ${id.trim()}`);"],
    ['a query built with +', "void pool.query('select * from members where name = ' + name);"],
  ])('refuses %s', async (_what, code) => {
    expect(await sqlProblems(code)).toEqual([expect.stringMatching(/^SQL (takes values as parameters|is one literal)/)]);
  });

  it.each([
    ['parameters', "void pool.query('select * from team_items where id = $1', [id]);"],
    ['a template with no value', 'void db.prepare(`SELECT * FROM lists WHERE name = ?`).get(name);'],
    ['a module constant', 'void pool.query(`select ${COLUMNS} from members where id = $1`, [id]);'],
  ])('passes %s', async (_what, code) => {
    expect(await sqlProblems(code)).toEqual([]);
  });
});
