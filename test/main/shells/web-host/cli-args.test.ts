import { describe, expect, it } from 'vitest';
import { defaultDataDir, parseBrowserArgs } from '../../../../src/main/shells/web-host/cli-args';

describe('browser-mode arguments', () => {
  it('defaults to a random port and the shared data folder', () => {
    expect(parseBrowserArgs([], { XDG_CONFIG_HOME: '/cfg' })).toEqual({ port: 0, dataDir: '/cfg/firmscope', build: true });
  });

  it('takes --port, --data-dir (both spellings) and --no-build', () => {
    expect(parseBrowserArgs(['--port', '4321', '--data-dir=/tmp/x', '--no-build'], {})).toEqual({ port: 4321, dataDir: '/tmp/x', build: false });
    expect(parseBrowserArgs(['--port=0', '--data-dir', 'rel'], {}).dataDir).toBe(`${process.cwd()}/rel`);
  });

  it('rejects bad values and unknown options', () => {
    expect(() => parseBrowserArgs(['--port', 'http'], {})).toThrow(/--port/);
    expect(() => parseBrowserArgs(['--port', '70000'], {})).toThrow(/--port/);
    expect(() => parseBrowserArgs(['--data-dir'], {})).toThrow(/needs a value/);
    expect(() => parseBrowserArgs(['--data-dir', '--port'], {})).toThrow(/needs a value/);
    expect(() => parseBrowserArgs(['--open'], {})).toThrow(/Unknown option --open/);
  });

  it('honours FIRMSCOPE_DATA_DIR and the platform folders', () => {
    expect(defaultDataDir({ FIRMSCOPE_DATA_DIR: '/data/fs' }, 'linux')).toBe('/data/fs');
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/firmscope$/);
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toMatch(/AppData\/Roaming\/firmscope$/);
  });
});
