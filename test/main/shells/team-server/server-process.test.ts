// What an admin runs: `npm run server` (tsx on the entry) as its own process on a real PostgreSQL:
// it prints where it listens, answers /health, and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { postgresMissing, startTempPostgres } from '../../../helpers/postgres';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

describe.skipIf(postgresMissing() !== null)('npm run server', () => {
  it('serves /health from its own process and stops on SIGTERM', async () => {
    const db = await startTempPostgres();
    const dir = mkdtempSync(join(tmpdir(), 'firmscope-server-'));
    const settings = join(dir, 'server.json');
    writeFileSync(settings, JSON.stringify({ listen: { host: '127.0.0.1', port: 0 } }));
    try {
      const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main/shells/team-server/cli.ts', 'serve', '--config', settings], {
        cwd: ROOT,
        env: { ...process.env, FIRMSCOPE_DATABASE_URL: db.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const address = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (m) resolve(m[1]!);
        };
        proc.stdout.on('data', onData);
        proc.stderr.on('data', onData);
        proc.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
      });
      const health = await fetch(`${address}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
      const exited = once(proc, 'exit');
      proc.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      expect(output).not.toContain(db.password);
    } finally {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
