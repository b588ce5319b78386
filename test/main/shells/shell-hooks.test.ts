// ShellHooks of both shells, and the app:// protocol that serves the Electron renderer.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { safeFileName } from '../../../src/shared/export/file-name';
import { createWebHostHooks, freePath } from '../../../src/main/shells/web-host/web-host-hooks';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/platform/security/response-headers';
import { serveAppRequest } from '../../../src/main/shells/electron/app-protocol';
import { createElectronShellHooks } from '../../../src/main/shells/electron/electron-shell-hooks';
import { eventChannel } from '../../../src/shared/bridge/define';

const tmp = () => mkdtempSync(join(tmpdir(), 'fs-hooks-'));

describe('browser-mode shell hooks', () => {
  it('puts exports in <dataDir>/exports without overwriting earlier ones', async () => {
    const dataDir = tmp();
    const hooks = createWebHostHooks(dataDir, { broadcast: vi.fn(), registerDownload: vi.fn() });
    const first = await hooks.chooseExportPath('companies.csv');
    expect(first).toBe(join(dataDir, 'exports', 'companies.csv'));
    writeFileSync(first!, 'x');
    expect(await hooks.chooseExportPath('companies.csv')).toBe(join(dataDir, 'exports', 'companies (2).csv'));
  });

  it('keeps suggested names inside the exports folder', async () => {
    // The one cleaner of every export name (shared/export/file-name.ts): separators become spaces.
    expect(safeFileName('../../etc/passwd')).toBe('etc passwd');
    expect(safeFileName('a/b\\c:d?.csv')).toBe('a b c d.csv');
    expect(safeFileName('...')).toBe('export');
    const dataDir = tmp();
    const hooks = createWebHostHooks(dataDir, { broadcast: vi.fn(), registerDownload: vi.fn() });
    const p = await hooks.chooseExportPath('../../outside.csv');
    expect(dirname(p!)).toBe(join(dataDir, 'exports'));
  });

  it('skips names whose .partial is being written', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'r.json.partial'), '');
    expect(basename(freePath(dir, 'r.json'))).toBe('r (2).json');
  });

  it('offers downloads only for files inside the data dir', () => {
    const dataDir = tmp();
    const registerDownload = vi.fn((file: string) => `/__firmscope/downloads/id/${basename(file)}`);
    const hooks = createWebHostHooks(dataDir, { broadcast: vi.fn(), registerDownload });
    mkdirSync(join(dataDir, 'exports'));
    // The host registers the file by its resolved path, and the page gets the host's URL for it.
    expect(hooks.downloadUrlFor!(`${dataDir}/exports/../exports/x.csv`)).toBe('/__firmscope/downloads/id/x.csv');
    expect(registerDownload.mock.calls).toEqual([[join(dataDir, 'exports', 'x.csv')]]);
    // Outside the data folder (absolute, climbing out of it, or a sibling sharing its prefix): refused, nothing registered.
    for (const outside of ['/etc/passwd', `${dataDir}/exports/../../x.csv`, `${dataDir}-other/x.csv`]) {
      expect(() => hooks.downloadUrlFor!(outside), outside).toThrow(/data folder/);
    }
    expect(registerDownload).toHaveBeenCalledTimes(1);
  });

  it('forwards notifications to the pages as app.notice events', () => {
    const broadcast = vi.fn();
    createWebHostHooks(tmp(), { broadcast, registerDownload: vi.fn() }).notify('Export finished', 'companies.csv');
    expect(broadcast).toHaveBeenCalledWith(eventChannel('app', 'notice'), expect.objectContaining({ level: 'info', message: 'Export finished: companies.csv' }));
  });

  it('makes a notice of a hostile company name one line without bidi controls (issue 36)', () => {
    const broadcast = vi.fn();
    createWebHostHooks(tmp(), { broadcast, registerDownload: vi.fn() }).notify('ESG run finished: Acme \u202Egnp.exe\r\nFake: all done', 'body\u2066');
    expect(broadcast).toHaveBeenCalledWith(eventChannel('app', 'notice'), expect.objectContaining({ message: 'ESG run finished: Acme gnp.exe Fake: all done: body' }));
  });
});

describe('Electron shell hooks', () => {
  function deps(saveResult: { canceled: boolean; filePath?: string }, openResult: { canceled: boolean; filePaths: string[] } = { canceled: true, filePaths: [] }) {
    const shown: Array<{ title: string; body: string }> = [];
    return {
      shown,
      dialog: { showSaveDialog: vi.fn(async () => saveResult), showOpenDialog: vi.fn(async () => openResult) },
      shell: { showItemInFolder: vi.fn(), openExternal: vi.fn(async () => undefined) },
      Notification: Object.assign(
        class {
          constructor(private o: { title: string; body: string }) {}
          show() {
            shown.push(this.o);
          }
        },
        { isSupported: () => true },
      ),
      window: () => null,
      downloadsDir: '/home/a/Downloads',
    };
  }

  it('asks with the native save dialog and honours cancel', async () => {
    const d = deps({ canceled: false, filePath: '/home/a/Downloads/c.csv' });
    const hooks = createElectronShellHooks(d as never);
    expect(await hooks.chooseExportPath('c.csv')).toBe('/home/a/Downloads/c.csv');
    expect(d.dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: '/home/a/Downloads/c.csv' }));
    const cancelled = createElectronShellHooks(deps({ canceled: true }) as never);
    expect(await cancelled.chooseExportPath('c.csv')).toBeNull();
  });

  it('opens a CSV with the native open dialog, filtered to CSV files, and honours cancel', async () => {
    const d = deps({ canceled: true }, { canceled: false, filePaths: ['/home/a/firms.csv'] });
    expect(await createElectronShellHooks(d as never).chooseCsvFile!()).toBe('/home/a/firms.csv');
    expect(d.dialog.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({ properties: ['openFile'], filters: [{ name: 'CSV', extensions: ['csv', 'tsv', 'txt'] }] }),
    );
    expect(await createElectronShellHooks(deps({ canceled: true }) as never).chooseCsvFile!()).toBeNull();
  });

  it('opens a company CA file with the native open dialog, PEM files first, and honours cancel', async () => {
    const d = deps({ canceled: true }, { canceled: false, filePaths: ['/etc/ssl/corp-root.pem'] });
    expect(await createElectronShellHooks(d as never).chooseCaFile!()).toBe('/etc/ssl/corp-root.pem');
    expect(d.dialog.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({ properties: ['openFile'], filters: [expect.objectContaining({ extensions: ['pem', 'crt', 'cer'] }), expect.anything()] }),
    );
    expect(await createElectronShellHooks(deps({ canceled: true }) as never).chooseCaFile!()).toBeNull();
  });

  it('reveals files, shows notifications and opens only http(s) links', async () => {
    const d = deps({ canceled: true });
    const hooks = createElectronShellHooks(d as never);
    await hooks.revealFile('/tmp/x.csv');
    expect(d.shell.showItemInFolder).toHaveBeenCalledWith('/tmp/x.csv');
    hooks.notify('Done', 'ESG scores ready');
    expect(d.shown).toEqual([{ title: 'Done', body: 'ESG scores ready' }]);
    // A company name in the title: no bidi override, no line break, bounded (issue 36).
    hooks.notify(`ESG run finished: Acme \u202Egnp.exe\nSecond line ${'x'.repeat(500)}`, 'Done\u2028');
    expect(d.shown[1]!.title).toMatch(/^ESG run finished: Acme gnp\.exe Second line x+…$/);
    expect(d.shown[1]!.title.length).toBe(200);
    expect(d.shown[1]!.body).toBe('Done');
    await hooks.openExternal('https://example.com');
    await expect(hooks.openExternal('file:///etc/passwd')).rejects.toMatchObject({ code: 'invalid_input' });
    expect(d.shell.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('app:// protocol', () => {
  it('serves renderer files with the CSP and nothing outside the folder', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'index.html'), '<html></html>');
    const index = await serveAppRequest(dir, 'app://firmscope/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(await index.text()).toMatch(/^<meta http-equiv="Content-Security-Policy"[^>]+>\n<html><\/html>$/);
    writeFileSync(join(dir, 'index.html'), '<html><head><title>x</title></head></html>');
    const withHead = await (await serveAppRequest(dir, 'app://firmscope/index.html')).text();
    expect(withHead).toMatch(/^<html><head>\s*<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';[^"]*">/);
    expect(withHead).not.toContain('frame-ancestors');
    expect((await serveAppRequest(dir, 'app://firmscope/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await serveAppRequest(dir, 'app://other/index.html')).status).toBe(404);
    expect((await serveAppRequest(dir, 'app://firmscope/missing.js')).status).toBe(404);
    expect(existsSync(join(dir, 'index.html'))).toBe(true);
  });
});
