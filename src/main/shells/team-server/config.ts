// The team server's settings: a JSON file (--config), every setting listed by --help. The database
// URL holds a password, so it comes from the environment or from a file only its owner can read,
// never from the settings file itself.
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

export const TeamServerConfigSchema = z
  .object({
    listen: z
      .object({
        host: z.string().min(1).default('127.0.0.1'),
        port: z.number().int().min(0).max(65_535).default(8470),
      })
      .strict()
      .default({ host: '127.0.0.1', port: 8470 }),
    /** A file holding the PostgreSQL URL (postgres://user:password@host:port/db); must be mode 0600. */
    databaseUrlFile: z.string().min(1).optional(),
    inviteTtlDays: z.number().positive().max(90).default(7),
    tokenTtlDays: z.number().positive().max(730).default(90),
    databasePoolSize: z.number().int().min(1).max(100).default(10),
  })
  .strict();

export type TeamServerConfig = z.infer<typeof TeamServerConfigSchema>;

/** What --help prints: each setting with its default. */
export const SETTINGS_HELP: ReadonlyArray<[string, string]> = [
  ['listen.host', 'Address to bind (default 127.0.0.1; put a TLS reverse proxy in front to serve a team).'],
  ['listen.port', 'Port to bind (default 8470; 0 picks a free one and prints it).'],
  ['databaseUrlFile', 'File holding the PostgreSQL URL, mode 0600. Or set FIRMSCOPE_DATABASE_URL.'],
  ['inviteTtlDays', 'Days an invite code can be redeemed (default 7).'],
  ['tokenTtlDays', 'Days a member token is valid (default 90).'],
  ['databasePoolSize', 'PostgreSQL connections this node keeps at most (default 10).'],
];

export function loadTeamServerConfig(file: string | null, env: NodeJS.ProcessEnv = process.env): { config: TeamServerConfig; databaseUrl: string } {
  const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const parsed = TeamServerConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`${file ?? 'The settings'}: ${first?.path.join('.') || 'settings'}: ${first?.message ?? 'not valid'}. Run with --help for every setting.`);
  }
  const config = parsed.data;
  return { config, databaseUrl: databaseUrl(config, env) };
}

function databaseUrl(config: TeamServerConfig, env: NodeJS.ProcessEnv): string {
  if (env.FIRMSCOPE_DATABASE_URL) return env.FIRMSCOPE_DATABASE_URL;
  const file = config.databaseUrlFile;
  if (!file) throw new Error('No database: set FIRMSCOPE_DATABASE_URL, or databaseUrlFile in the settings file.');
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) throw new Error(`${file} can be read by others (mode ${mode.toString(8)}): it holds the database password. Run chmod 600 ${file}.`);
  const url = readFileSync(file, 'utf8').trim();
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`${file} does not hold a PostgreSQL URL (postgres://user:password@host:port/database).`);
  return url;
}
