// The team server's command line: --help lists every setting; a database URL file others can read
// is refused; invite prints a code that the server redeems.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadTeamServerConfig, SETTINGS_HELP, TeamServerConfigSchema } from '../../../../src/main/shells/team-server/config';
import { runCli } from '../../../../src/main/shells/team-server/run-cli';
import { postgresMissing, startTempPostgres } from '../../../helpers/postgres';

const dir = mkdtempSync(join(tmpdir(), 'firmscope-server-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('team server settings', () => {
  it('--help names every setting of the schema', async () => {
    const lines: string[] = [];
    expect(await runCli(['--help'], (l) => lines.push(l))).toBe(0);
    for (const [key] of SETTINGS_HELP) expect(lines.join('\n')).toContain(key);
    expect(lines.join('\n')).toMatch(/invite --name/);
    // And the list is the schema's: every leaf setting has its line, and no line names a setting that is not there.
    expect(SETTINGS_HELP.map(([key]) => key).sort()).toEqual(leaves(TeamServerConfigSchema).sort());
  });

  it('refuses a service secret file that others can read, and says how to fix it; the secret is in no message', () => {
    const secretFile = join(dir, 'service-secret');
    writeFileSync(secretFile, 'canary-service-secret\n');
    chmodSync(secretFile, 0o644);
    const settings = join(dir, 'service.json');
    writeFileSync(settings, JSON.stringify({ service: { authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', clientId: 'team', clientSecretFile: secretFile } }));
    const env = { FIRMSCOPE_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x' };
    expect(() => loadTeamServerConfig(settings, env)).toThrow(/can be read by others \(mode 644\).*client secret.*chmod 600/);
    chmodSync(secretFile, 0o600);
    expect(loadTeamServerConfig(settings, env).serviceSecret).toBe('canary-service-secret');
    expect(loadTeamServerConfig(settings, { ...env, FIRMSCOPE_SERVICE_SECRET: 'from-env' }).serviceSecret).toBe('from-env');
  });

  it('refuses a database URL file that others can read, and says how to fix it', () => {
    const urlFile = join(dir, 'db-url');
    writeFileSync(urlFile, 'postgres://u:canary-db-password@127.0.0.1:5432/x\n');
    chmodSync(urlFile, 0o644);
    const settings = join(dir, 'settings.json');
    writeFileSync(settings, JSON.stringify({ databaseUrlFile: urlFile }));
    let message = '';
    try {
      loadTeamServerConfig(settings, {});
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/can be read by others \(mode 644\).*chmod 600/);
    expect(message).not.toContain('canary-db-password');
    chmodSync(urlFile, 0o600);
    expect(loadTeamServerConfig(settings, {}).databaseUrl).toContain('@127.0.0.1:5432/x');
  });

  it('names an unknown or wrong setting', () => {
    const settings = join(dir, 'wrong.json');
    writeFileSync(settings, JSON.stringify({ listen: { port: 'eighty' } }));
    expect(() => loadTeamServerConfig(settings, { FIRMSCOPE_DATABASE_URL: 'postgres://x' })).toThrow(/listen\.port/);
  });
});

describe.skipIf(postgresMissing() !== null)('team server admin commands', () => {
  it('invite prints a one-time code; revoke ends the member', async () => {
    const db = await startTempPostgres();
    const env = process.env.FIRMSCOPE_DATABASE_URL;
    process.env.FIRMSCOPE_DATABASE_URL = db.url;
    try {
      const lines: string[] = [];
      expect(await runCli(['invite', '--name', 'Cy Admin', '--admin'], (l) => lines.push(l))).toBe(0);
      expect(lines[1]).toMatch(/^fsi_[0-9a-f]{16}_[\w-]{43}$/);
      const id = /\(([0-9a-f-]{36})\)/.exec(lines[0]!)?.[1];
      expect(id).toBeDefined();
      expect(await runCli(['revoke', '--member', id!], (l) => lines.push(l))).toBe(0);
      await expect(runCli(['revoke', '--member', id!], () => undefined)).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      if (env === undefined) delete process.env.FIRMSCOPE_DATABASE_URL;
      else process.env.FIRMSCOPE_DATABASE_URL = env;
      await db.stop();
    }
  }, 120_000);
});

/** The dotted names of a settings schema's leaves (objects opened through their defaults and optionals). */
function leaves(schema: z.ZodType, prefix = ''): string[] {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  if (s instanceof z.ZodObject) return Object.entries(s.shape as Record<string, z.ZodType>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}
