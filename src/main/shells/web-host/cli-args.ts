// `npm run browser -- [--port P] [--data-dir DIR] [--no-build]`. The host itself never builds (the npm
// scripts build what is stale first); `--no-build` is still accepted from older launchers.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface BrowserArgs {
  port: number;
  dataDir: string;
  build: boolean;
}

/** Same folder Electron uses for userData, so both shells see the same profiles. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.FIRMSCOPE_DATA_DIR) return resolve(env.FIRMSCOPE_DATA_DIR);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'firmscope');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'firmscope');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'firmscope');
}

export function parseBrowserArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): BrowserArgs {
  const args: BrowserArgs = { port: 0, dataDir: defaultDataDir(env), build: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!; // i < argv.length (value() may advance i, then checks what it read)
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be a number from 0 to 65535');
      args.port = port;
    } else if (flag === '--data-dir') args.dataDir = resolve(value());
    else if (flag === '--no-build') args.build = false;
    else if (flag === '--help' || flag === '-h') throw new Error('usage');
    else throw new Error(`Unknown option ${arg}`);
  }
  return args;
}

export const USAGE = 'Usage: npm run browser -- [--port P] [--data-dir DIR] [--no-build]';
