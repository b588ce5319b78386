// A browser-mode host whose main process runs in another locale (and time zone) than the page, as
// on a German desktop: for the CSV presets (the host's list separator) and the analyst's locale.
import { spawnHost, testWithHost } from './fixtures';

export function hostIn(hostEnv: Record<string, string>) {
  return testWithHost((dataDir) => {
    const { DISPLAY: _d, WAYLAND_DISPLAY: _w, ...env } = process.env;
    return spawnHost(['out/web-host/cli.mjs', '--port', '0', '--data-dir', dataDir, '--no-build'], {
      ...env,
      ...hostEnv,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/firmscope-no-bus',
    });
  });
}
