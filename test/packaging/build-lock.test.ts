// Vitest runs test files in parallel processes, and several of them build an output on first use
// (the web host, the Electron bundle). Vite empties an output folder before writing it, so two
// builds of one output at once wipe each other's files: builds take turns under out/.build-lock.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/build-outputs.mjs', import.meta.url));

/** A separate process that holds the lock for `holdMs`, logging when it waited for it, got it and released it. */
function holder(root: string, name: string, holdMs: number, o: { exitIfWaiting?: boolean } = {}): Promise<number | null> {
  const code = `
    const { withBuildLock } = await import(${JSON.stringify(script)});
    const { appendFileSync } = await import('node:fs');
    const log = ${JSON.stringify(join(root, 'log'))};
    withBuildLock(${JSON.stringify(root)}, () => {
      appendFileSync(log, 'in ${name}\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${holdMs});
      appendFileSync(log, 'out ${name}\\n');
    }, () => {
      appendFileSync(log, 'wait ${name}\\n');
      ${o.exitIfWaiting ? 'process.exit(3);' : ''}
    });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'inherit' });
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('the build lock', () => {
  it('lets one process build at a time, and each waiting one runs after', async () => {
    const root = mkdtempSync(join(tmpdir(), 'build-lock-'));
    const codes = await Promise.all(['a', 'b', 'c'].map((n) => holder(root, n, 300)));
    expect(codes).toEqual([0, 0, 0]);
    const lines = readFileSync(join(root, 'log'), 'utf8').trim().split('\n').filter((l) => !l.startsWith('wait '));
    expect(lines).toHaveLength(6);
    // Never two inside at once: every "in x" is followed by "out x".
    for (let i = 0; i < lines.length; i += 2) expect(lines[i + 1]).toBe(lines[i]!.replace('in ', 'out '));
    expect(new Set(lines.filter((l) => l.startsWith('in ')))).toEqual(new Set(['in a', 'in b', 'in c']));
    expect(existsSync(join(root, 'out', '.build-lock'))).toBe(false);
  }, 30_000);

  it('takes over a lock left by a killed build', async () => {
    const root = mkdtempSync(join(tmpdir(), 'build-lock-'));
    const lock = join(root, 'out', '.build-lock');
    mkdirSync(lock, { recursive: true });
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(lock, old, old);
    // Taken over at once: it never waits (a holder that starts waiting exits 3 and logs "wait a").
    expect(await holder(root, 'a', 10, { exitIfWaiting: true })).toBe(0);
    expect(readFileSync(join(root, 'log'), 'utf8')).toBe('in a\nout a\n');
  }, 30_000);
});
