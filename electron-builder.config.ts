// electron-builder configuration: installers for Linux (AppImage, deb, rpm), macOS (dmg and zip,
// x64 and arm64) and Windows (NSIS, per-user). Used by `npm run dist` (scripts/dist.mjs) and
// the release workflow (electron-builder loads .ts configs itself); test/packaging/builder-config.test.ts
// asserts every security choice here.
//
// Nothing secret lives in this file. Signing and notarisation read electron-builder's own
// environment variables (CSC_LINK, CSC_KEY_PASSWORD, WIN_CSC_LINK, WIN_CSC_KEY_PASSWORD, APPLE_ID,
// APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID or APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER);
// without them the build is unsigned (macOS: ad-hoc signed so it still starts on Apple silicon).
// The update feed is chosen at build time: FIRMSCOPE_UPDATE_URL (a generic HTTPS folder) or
// FIRMSCOPE_UPDATE_GITHUB (owner/repo, GitHub releases); with neither, the updater stays inert.

import type { Configuration, FuseOptionsV1 } from 'app-builder-lib';
import type { GenericServerOptions, GithubOptions } from 'builder-util-runtime';

export const APP_ID = 'com.firmscope.desktop';
export const PRODUCT_NAME = 'Firmscope';

/** Native modules: kept outside app.asar (a .node file cannot be loaded from inside it) and rebuilt for Electron. */
export const NATIVE_MODULES = ['keytar', 'better-sqlite3'];

/** Set at package time by electron-builder (@electron/fuses); see docs/install.md. */
export const FUSES: Readonly<FuseOptionsV1> = Object.freeze({
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
  grantFileProtocolExtraPrivileges: false,
});

/** The update feed baked into the build (app-update.yml), or null: no feed, updater inert. */
export function updateFeed(env: NodeJS.ProcessEnv = process.env): Array<GenericServerOptions | GithubOptions> | null {
  const url = env.FIRMSCOPE_UPDATE_URL?.trim();
  if (url) {
    if (!/^https:\/\//.test(url)) throw new Error(`FIRMSCOPE_UPDATE_URL must be an https:// URL (got "${url}")`);
    return [{ provider: 'generic', url } satisfies GenericServerOptions];
  }
  const gh = env.FIRMSCOPE_UPDATE_GITHUB?.trim();
  if (gh) {
    const m = /^([\w.-]+)\/([\w.-]+)$/.exec(gh);
    if (!m) throw new Error(`FIRMSCOPE_UPDATE_GITHUB must be owner/repo (got "${gh}")`);
    return [{ provider: 'github', owner: m[1], repo: m[2], releaseType: 'release' } satisfies GithubOptions];
  }
  return null;
}

const hasMacIdentity = (env: NodeJS.ProcessEnv) => !!(env.CSC_LINK || env.CSC_NAME);
const hasNotaryCredentials = (env: NodeJS.ProcessEnv) =>
  !!((env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) ||
    (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) ||
    (env.APPLE_KEYCHAIN && env.APPLE_KEYCHAIN_PROFILE));

export function builderConfig(env: NodeJS.ProcessEnv = process.env): Configuration {
  const signedMac = hasMacIdentity(env);
  return {
    appId: APP_ID,
    productName: PRODUCT_NAME,
    copyright: 'Copyright © Firmscope',
    directories: { output: 'dist', buildResources: 'build' },
    // The built app only: electron-vite output (main, preload, renderer) and package.json; production
    // node_modules are added by electron-builder. The browser-mode host is not part of the desktop app.
    files: ['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json', '!**/*.map'],
    asar: true,
    asarUnpack: [...NATIVE_MODULES.map((m) => `**/node_modules/${m}/**`), '**/*.node'],
    // Rebuild native production dependencies against Electron's headers (@electron/rebuild).
    npmRebuild: true,
    buildDependenciesFromSource: false,
    electronFuses: { ...FUSES },
    // firmscope:// links from digest mails and chat (docs/server.md): the OS opens them with the app
    // (macOS Info.plist, the Linux .desktop MimeType; the Windows handler is registered at start).
    protocols: [{ name: `${PRODUCT_NAME} link`, schemes: ['firmscope'] }], // DEEP_LINK_SCHEME (src/shared/team/deep-link.ts; the test keeps them equal)
    publish: updateFeed(env),
    icon: 'build/icon.png',
    linux: {
      target: ['AppImage', 'deb', 'rpm'],
      icon: 'build/icons',
      executableName: 'firmscope',
      category: 'Office',
      maintainer: 'Firmscope <support@firmscope.example>',
      vendor: 'Firmscope',
      synopsis: 'Search, export, match and ESG sessions for a company-data service',
      desktop: {
        entry: {
          Name: PRODUCT_NAME,
          GenericName: 'Company data browser',
          Comment: 'Search, export and match companies; follow ESG processing',
          Categories: 'Office;Finance;Database;',
          Keywords: 'company;search;export;match;ESG;',
          StartupWMClass: PRODUCT_NAME,
        },
      },
    },
    deb: { depends: ['libsecret-1-0', 'libnss3', 'libgtk-3-0', 'libnotify4', 'xdg-utils'] },
    rpm: { depends: ['libsecret', 'nss', 'gtk3', 'libnotify', 'xdg-utils'] },
    mac: {
      target: [
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64', 'arm64'] }, // zip: what electron-updater installs on macOS
      ],
      category: 'public.app-category.business',
      // Signed with CSC_LINK/CSC_NAME; otherwise ad-hoc ('-'), which hardened runtime cannot carry.
      identity: signedMac ? undefined : '-',
      hardenedRuntime: signedMac,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
      notarize: signedMac && hasNotaryCredentials(env),
    },
    dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
    win: {
      target: [{ target: 'nsis', arch: ['x64'] }],
      // Signing: WIN_CSC_LINK / WIN_CSC_KEY_PASSWORD (or CSC_LINK) in the environment; unsigned otherwise.
    },
    nsis: {
      oneClick: false,
      perMachine: false, // per-user: installs under %LOCALAPPDATA%\Programs, no administrator needed
      allowElevation: false,
      allowToChangeInstallationDirectory: true,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
      shortcutName: PRODUCT_NAME,
      deleteAppDataOnUninstall: false, // the analyst's work stays unless they remove it (docs/install.md)
      artifactName: '${productName}-Setup-${version}.${ext}',
    },
    appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
  };
}

export default builderConfig();
