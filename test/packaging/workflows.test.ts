// The GitHub workflows cannot run here; their schema check (scripts/check-workflows.mjs, a suite of
// `npm test`) must pass on ours and catch a broken one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const check = (dir?: string) => spawnSync(process.execPath, [join(root, 'scripts/check-workflows.mjs'), ...(dir ? [dir] : [])], { encoding: 'utf8' });
const tmp = mkdtempSync(join(tmpdir(), 'firmscope-workflows-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('workflow schema check', () => {
  it('passes on ci.yml and release.yml', () => {
    const r = check();
    expect(r.stdout).toContain('valid    ci.yml');
    expect(r.stdout).toContain('valid    release.yml');
    expect(r.status).toBe(0);
  });

  it('fails on a workflow with a misspelt key, naming the file', () => {
    const broken = readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8').replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest');
    writeFileSync(join(tmp, 'broken.yml'), broken);
    const r = check(tmp);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('INVALID  broken.yml');
  });
});

describe('what the workflows do', () => {
  const ci = readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8');
  const release = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');

  it('CI runs the README test command under xvfb on Linux, unit and Electron specs on Windows and macOS', () => {
    expect(ci).toContain('run: xvfb-run -a npm test');
    expect(ci).toContain('os: [windows-latest, macos-latest]');
    expect(ci).toContain('npx playwright test --project electron');
  });

  it('a version tag builds every OS with npm run dist into a draft release, secrets only from the environment', () => {
    expect(release).toMatch(/tags: \['v\*\.\*\.\*'\]/);
    expect(release).toContain('os: [ubuntu-latest, macos-latest, windows-latest]');
    expect(release).toContain('run: npm run dist');
    expect(release).toContain('--draft');
    for (const line of release.split('\n').filter((l) => /CSC_|APPLE_/.test(l))) expect(line).toMatch(/\$\{\{ secrets\.[A-Z_]+ \}\}/);
  });
});
