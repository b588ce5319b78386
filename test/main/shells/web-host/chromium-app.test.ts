// npm start's Chromium app mode: the launch link never reaches the command line, and the app
// profile keeps no history of it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumAppArgs, HISTORY_FILES, prepareAppProfile, writeLaunchPage } from '../../../../scripts/chromium-app.mjs';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Chromium app profile', () => {
  it('turns history saving off and removes what an earlier run recorded', () => {
    dir = mkdtempSync(join(tmpdir(), 'fs-chromium-'));
    const profile = join(dir, 'chromium-app-profile');
    mkdirSync(join(profile, 'Default', 'Sessions'), { recursive: true });
    for (const f of ['History', 'Favicons', 'Current Session']) writeFileSync(join(profile, 'Default', f), 'http://127.0.0.1:5/?launch=old');
    writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ browser: { theme: 'x' }, history: { other: 1 } }));
    prepareAppProfile(profile);
    for (const f of HISTORY_FILES) expect(existsSync(join(profile, 'Default', f)), f).toBe(false);
    const prefs = JSON.parse(readFileSync(join(profile, 'Default', 'Preferences'), 'utf8'));
    expect(prefs).toMatchObject({ browser: { theme: 'x' }, history: { other: 1, saving_disabled: true } });
    expect(statSync(profile).mode & 0o777).toBe(0o700);
  });

  it('hands the launch link over in a 0600 file, never on the command line', () => {
    dir = mkdtempSync(join(tmpdir(), 'fs-chromium-'));
    const url = 'http://127.0.0.1:4321/?launch=AbC-123_xyz';
    const page = writeLaunchPage(dir, url);
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(readFileSync(page, 'utf8')).toContain(`url=${url}`);
    const args = chromiumAppArgs(page, dir, { asRoot: true });
    expect(args.join(' ')).not.toContain('AbC-123_xyz');
    expect(args.join(' ')).not.toContain('4321');
    expect(args[0]).toBe(`--app=file://${page}`);
    expect(args).toContain('--no-sandbox');
  });

  it('strips anything from the link that could break out of the refresh attribute', () => {
    dir = mkdtempSync(join(tmpdir(), 'fs-chromium-'));
    const page = writeLaunchPage(dir, 'http://127.0.0.1:1/?launch=a"><script>x</script>');
    const html = readFileSync(page, 'utf8');
    expect(html).not.toContain('<script>');
    expect(html).toContain('url=http://127.0.0.1:1/?launch=ascriptx/script">');
  });
});
