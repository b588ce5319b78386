// The installer configuration (electron-builder.config.ts): fuses, asar, native modules, targets,
// icons, update feed and signing, read from the configuration electron-builder itself loads.
import { DEEP_LINK_SCHEME } from '../../src/shared/team/deep-link';
import { flipFuses, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { PlatformPackager } from 'app-builder-lib';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { builderConfig, NATIVE_MODULES, updateFeed } from '../../electron-builder.config';

const root = join(__dirname, '../..');
const noEnv = {} as NodeJS.ProcessEnv;
/** Fuse states as bytes in the binary ('0' and '1'). */
const DISABLE = 0x30;
const ENABLE = 0x31;

describe('fuses', () => {
  it('asks electron-builder for every hardening fuse', () => {
    // Exactly these fuses, each set this way (a fuse turned back or dropped from the config fails).
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('electron-builder turns them into the fuse wire of a binary (flipped on a stand-in Electron binary)', async () => {
    // A stand-in binary: the fuse sentinel, wire version 1, and Electron's default wire (r c n i a o v f).
    const dir = mkdtempSync(join(tmpdir(), 'firmscope-fuses-'));
    try {
      const bin = join(dir, 'electron');
      const defaults = '10110001';
      writeFileSync(bin, Buffer.concat([Buffer.from('padding'), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, defaults.length]), Buffer.from(defaults), Buffer.from('tail')]));
      // electron-builder's own translation (the one its packager applies after packing).
      const generate = (PlatformPackager.prototype as unknown as { generateFuseConfig(f: unknown): Promise<Parameters<typeof flipFuses>[1]> }).generateFuseConfig;
      await flipFuses(bin, await generate(config.electronFuses));
      const wire = (await getCurrentFuseWire(bin)) as unknown as Record<number, number>;
      expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(DISABLE);
      expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ENABLE);
      expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
      expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ENABLE);
      expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(DISABLE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('package contents', () => {
  it('packs into app.asar with keytar and better-sqlite3 unpacked and rebuilt for Electron', () => {
    expect(config.asar).toBe(true);
    expect(NATIVE_MODULES).toEqual(['keytar', 'better-sqlite3']);
    for (const m of NATIVE_MODULES) expect(config.asarUnpack).toContain(`**/node_modules/${m}/**`);
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.npmRebuild).toBe(true);
  });

  it('registers firmscope:// links with the OS (digest mails and chat open the app)', () => {
    expect(config.protocols).toEqual([{ name: 'Firmscope link', schemes: [DEEP_LINK_SCHEME] }]);
  });

  it('ships the built app, not sources or the browser-mode host', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json']));
    expect((config.files as string[]).some((f) => f.startsWith('src') || f.startsWith('out/web-host'))).toBe(false);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.main).toBe('out/main/index.js');
    expect(pkg.scripts.dist).toBe('node scripts/dist.mjs');
  });
});

describe('targets', () => {
  it('Linux: AppImage, deb and rpm with a desktop entry in the Office category', () => {
    expect(config.appId).toBe('com.firmscope.desktop');
    expect(config.productName).toBe('Firmscope');
    expect(config.linux?.target).toEqual(['AppImage', 'deb', 'rpm']);
    expect(config.linux?.category).toBe('Office');
    expect(config.linux?.desktop?.entry).toMatchObject({ Name: 'Firmscope', Categories: 'Office;Finance;Database;' });
    expect(config.deb?.depends).toContain('libsecret-1-0'); // keytar talks to the Secret Service through it
  });

  it('macOS: dmg and zip for x64 and arm64', () => {
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
  });

  it('Windows: NSIS installed per user, never asking for administrator rights', () => {
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false, deleteAppDataOnUninstall: false });
  });

  it('icons: every size comes from build/icon.svg and is a PNG of that size', () => {
    const svg = readFileSync(join(root, 'build/icon.svg'), 'utf8');
    expect(svg).toContain('viewBox="0 0 1024 1024"');
    const size = (file: string) => {
      const b = readFileSync(file);
      expect(b.subarray(1, 4).toString()).toBe('PNG');
      return [b.readUInt32BE(16), b.readUInt32BE(20)];
    };
    expect(size(join(root, config.icon as string))).toEqual([1024, 1024]);
    const linux = readdirSync(join(root, config.linux?.icon as string));
    expect(linux).toEqual(expect.arrayContaining(['16x16.png', '32x32.png', '48x48.png', '256x256.png', '512x512.png']));
    for (const f of linux) {
      const n = Number(f.split('x')[0]);
      expect(size(join(root, config.linux?.icon as string, f))).toEqual([n, n]);
    }
  });
});

describe('signing and notarisation', () => {
  it('unsigned without credentials: ad-hoc on macOS, no notarisation', () => {
    const c = builderConfig(noEnv);
    expect(c.mac).toMatchObject({ identity: '-', hardenedRuntime: false, notarize: false });
  });

  it('signed and notarised only from environment variables', () => {
    const c = builderConfig({ CSC_LINK: 'file:///secure/cert.p12', APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' } as NodeJS.ProcessEnv);
    expect(c.mac).toMatchObject({ identity: undefined, hardenedRuntime: true, notarize: true });
    expect(builderConfig({ CSC_LINK: 'file:///secure/cert.p12' } as NodeJS.ProcessEnv).mac?.notarize).toBe(false);
  });

  it('holds no credential: nothing from the environment is copied into the configuration', () => {
    const canary = 'CANARY-7f3a9d';
    const env = { CSC_LINK: canary, CSC_KEY_PASSWORD: canary, APPLE_ID: canary, APPLE_APP_SPECIFIC_PASSWORD: canary, APPLE_TEAM_ID: canary, WIN_CSC_LINK: canary } as NodeJS.ProcessEnv;
    expect(JSON.stringify(builderConfig(env))).not.toContain(canary);
    const source = readFileSync(join(root, 'electron-builder.config.ts'), 'utf8');
    expect(source).not.toMatch(/-----BEGIN|password\s*[:=]\s*['"]/i);
  });
});

describe('update feed', () => {
  it('no feed unless one is configured at build time', () => {
    expect(updateFeed(noEnv)).toBeNull();
    expect(builderConfig(noEnv).publish).toBeNull();
  });

  it('a generic HTTPS folder or GitHub releases', () => {
    expect(updateFeed({ FIRMSCOPE_UPDATE_URL: 'https://updates.example.com/firmscope' } as NodeJS.ProcessEnv)).toEqual([
      { provider: 'generic', url: 'https://updates.example.com/firmscope' },
    ]);
    expect(updateFeed({ FIRMSCOPE_UPDATE_GITHUB: 'acme/firmscope' } as NodeJS.ProcessEnv)).toEqual([
      { provider: 'github', owner: 'acme', repo: 'firmscope', releaseType: 'release' },
    ]);
  });

  it('refuses a plain-http feed or a malformed repository', () => {
    expect(() => updateFeed({ FIRMSCOPE_UPDATE_URL: 'http://updates.example.com' } as NodeJS.ProcessEnv)).toThrow(/https/);
    expect(() => updateFeed({ FIRMSCOPE_UPDATE_GITHUB: 'not a repo' } as NodeJS.ProcessEnv)).toThrow(/owner\/repo/);
  });
});

describe('npm run dist', () => {
  it('says in one line that it cannot build where no Electron binary can be obtained', () => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/dist.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(tmpdir(), 'firmscope-no-electron-here'), FIRMSCOPE_ELECTRON_DOWNLOAD_TIMEOUT_MS: '0' },
    });
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DIST NOT BUILT: electron-builder needs an Electron binary \(.+\); run `npm run dist` where/);
  });
});
