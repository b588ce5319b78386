// A real company proxy for tests: Debian's squid on 127.0.0.1, demanding HTTP Basic credentials
// (its own basic_ncsa_auth helper and an htpasswd file), started by the test that needs it. What
// reached it is counted in its own access log, read once a marker request shows the log settled.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const SQUID = '/usr/sbin/squid';
const NCSA_AUTH = '/usr/lib/squid/basic_ncsa_auth';

/** Why squid cannot run here (null when it can): the Debian package `squid` is missing. */
export function squidMissing(): string | null {
  if (existsSync(SQUID) && existsSync(NCSA_AUTH)) return null;
  const why = `squid is not installed (${SQUID}, ${NCSA_AUTH}; Debian package squid, listed in scripts/test-all.sh)`;
  if (process.env.CI === 'true') throw new Error(`CI must run the real-proxy tests, but ${why}.`);
  console.warn(`Skipping the real-proxy tests: ${why}.`);
  return why;
}

export interface SquidLine {
  status: number;
  method: string;
  url: string;
  /** The user name squid read from Proxy-Authorization ('-' when none). */
  user: string;
}

export interface Squid {
  url: string;
  port: number;
  /** Every request squid logged so far (markers left out), read after a marker proved the log settled. */
  requests(): Promise<SquidLine[]>;
  close(): Promise<void>;
}

export async function startSquid(user: { username: string; password: string }): Promise<Squid> {
  const dir = mkdtempSync(join(tmpdir(), 'firmscope-squid-'));
  const f = (n: string) => join(dir, n);
  const hash = execFileSync('openssl', ['passwd', '-apr1', user.password], { encoding: 'utf8' }).trim();
  writeFileSync(f('passwd'), `${user.username}:${hash}\n`);
  const port = await freePort();
  writeFileSync(
    f('squid.conf'),
    [
      `http_port 127.0.0.1:${port}`,
      `pid_filename ${f('squid.pid')}`,
      `cache_log ${f('cache.log')}`,
      `access_log stdio:${f('access.log')} squid`,
      `coredump_dir ${dir}`,
      'visible_hostname firmscope-test-proxy',
      'pinger_enable off',
      'cache deny all',
      `auth_param basic program ${NCSA_AUTH} ${f('passwd')}`,
      'auth_param basic children 1',
      'auth_param basic realm firmscope-test',
      'acl authed proxy_auth REQUIRED',
      'http_access allow authed',
      'http_access deny all',
      'shutdown_lifetime 0 seconds',
      '',
    ].join('\n'),
  );
  // Started as root, squid runs as the Debian user `proxy`: its folder must be that user's.
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'proxy'], { encoding: 'utf8' }).trim());
    for (const p of [dir, f('passwd'), f('squid.conf')]) chownSync(p, id('-u'), id('-g'));
  }
  const proc = spawn(SQUID, ['-N', '-d', '1', '-f', f('squid.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  await ready(proc);
  let markers = 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    async requests() {
      const marker = `http://marker-${++markers}.invalid/`;
      const logged = logLine(f('access.log'), marker);
      await sendMarker(port, marker);
      await logged;
      return parseLog(readFileSync(f('access.log'), 'utf8')).filter((l) => !l.url.includes('.invalid'));
    },
    async close() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = once(proc, 'exit');
        proc.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves when squid says it accepts connections; rejects with its output if it exits first. */
function ready(proc: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Accepting HTTP Socket connections')) {
        proc.off('exit', onExit);
        resolve();
      }
    };
    const onExit = () => reject(new Error(`squid stopped before accepting connections:\n${output.slice(-2000)}`));
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', onExit);
  });
}

/** A request without credentials, answered 407: what squid logs after everything sent before it. */
function sendMarker(port: number, marker: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path: marker, headers: { host: new URL(marker).host } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves once `path` holds a line naming `needle`; waits on the folder's change events. */
async function logLine(path: string, needle: string): Promise<void> {
  const watcher = watch(join(path, '..'));
  try {
    for (;;) {
      const changed = once(watcher, 'change');
      if (existsSync(path) && readFileSync(path, 'utf8').includes(needle)) return;
      await changed;
    }
  } finally {
    watcher.close();
  }
}

function parseLog(text: string): SquidLine[] {
  return text
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => {
      // time elapsed client code/status bytes method url user hierarchy type
      const [, , , codeStatus = '', , method = '', url = '', user = ''] = l.trim().split(/\s+/);
      return { status: Number(codeStatus.split('/')[1]), method, url, user };
    });
}
