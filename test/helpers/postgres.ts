// A real PostgreSQL for tests: Debian's server in a temporary cluster of its own, started by the
// test that needs it, listening on 127.0.0.1 only, password (SCRAM) authentication. PostgreSQL
// refuses to run as root: started as root, the cluster belongs to the Debian user `postgres`.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const VERSIONS_DIR = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or null. */
function binDir(): string | null {
  if (!existsSync(VERSIONS_DIR)) return null;
  const versions = readdirSync(VERSIONS_DIR)
    .filter((v) => existsSync(join(VERSIONS_DIR, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(VERSIONS_DIR, versions[0], 'bin') : null;
}

/** A PostgreSQL program of the installed server (pg_dump, pg_restore, psql...). */
export function postgresTool(name: string): string {
  const bin = binDir();
  if (!bin) throw new Error(postgresMissing() ?? 'PostgreSQL is not installed');
  return join(bin, name);
}

/** Why PostgreSQL cannot run here (null when it can): the Debian package `postgresql` is missing. */
export function postgresMissing(): string | null {
  if (binDir()) return null;
  const why = `PostgreSQL is not installed (no ${VERSIONS_DIR}/<version>/bin/initdb; Debian package postgresql, listed in scripts/test-all.sh)`;
  if (process.env.CI === 'true') throw new Error(`CI must run the PostgreSQL tests, but ${why}.`);
  console.warn(`Skipping the PostgreSQL tests: ${why}.`);
  return why;
}

export interface TempPostgres {
  /** postgres://firmscope:<password>@127.0.0.1:<port>/firmscope */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** The server's own log so far (what it refused, what it ran). */
  log(): string;
  /** Stops the server and removes the cluster. */
  stop(): Promise<void>;
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = binDir();
  if (!bin) throw new Error(postgresMissing() ?? 'PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'firmscope-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const user = 'firmscope';
  const password = randomBytes(18).toString('base64url');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  const asOwner = ownerOf(dir, [pwfile]);
  const run = (cmd: string, args: string[]) => asOwner(join(bin, cmd), args);
  run('initdb', ['-D', data, '-U', user, '--pwfile', pwfile, '--auth-local=scram-sha-256', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  rmSync(pwfile);
  const port = await startOnFreePort((p) =>
    run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', `-c listen_addresses=127.0.0.1 -p ${p} -k ${dir} -c fsync=off`, 'start']),
  );
  const database = 'firmscope';
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', user, database]);
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  return {
    url: `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    log,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };

  /** createdb reads the password from the environment (never from the command line). */
  function ownerOf(folder: string, files: string[]) {
    const env = { ...process.env, PGPASSWORD: password, LC_ALL: 'C.UTF-8' };
    if (process.getuid?.() !== 0) return (cmd: string, args: string[]) => void execFileSync(cmd, args, { env, stdio: 'pipe' });
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    for (const p of [folder, ...files]) chownSync(p, id('-u'), id('-g'));
    return (cmd: string, args: string[]) => void execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { env, stdio: 'pipe', cwd: folder });
  }

  /** A free port can be taken between the probe and the server's bind: then the next one is tried. */
  async function startOnFreePort(start: (port: number) => void): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const p = await freePort();
      try {
        start(p);
        return p;
      } catch (e) {
        const said = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        if (attempt < 3 && /could not bind/i.test(said)) continue;
        const out = e instanceof Error && 'stderr' in e ? String((e as { stderr: unknown }).stderr) : String(e);
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`PostgreSQL did not start: ${out}\n${said.slice(-2000)}`, { cause: e });
      }
    }
  }
}
