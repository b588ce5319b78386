// The suite's own Vitest config against a known way to fail a green run: a console call still on
// its way to the main process when a file's worker closes (vitest.config.ts, disableConsoleIntercept).
// Measured on a 2-core machine with interception on: this test failed 4 times in 6 ("Errors 1 error",
// exit 1, every test passed); with it off, 0 times in 10.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

async function runFixture(): Promise<{ code: number; out: string }> {
  const args = [VITEST, 'run', '--config', 'test/fixtures/vitest-console/vitest.config.ts', '--reporter', 'dot'];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, CI: 'true', NO_COLOR: '1' }, maxBuffer: 256 * 1024 * 1024 });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

describe('console output that outlives its test file', () => {
  it('does not fail a green run: three runs of the late-logging fixture all exit 0, their logs shown', async () => {
    const runs = await Promise.all([runFixture(), runFixture(), runFixture()]);
    for (const r of runs) {
      expect(r.out).not.toContain('EnvironmentTeardownError');
      expect(r.out).toMatch(/Tests\s+1 passed \(1\)/);
      expect(r.out).toContain('background job 0 still logging');
      expect(r.code, r.out.slice(-2000)).toBe(0);
    }
  });
});
