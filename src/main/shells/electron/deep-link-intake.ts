// firmscope:// links the OS hands to the app: in the first launch's command line (Windows, Linux),
// in a second launch's command line that the running app receives through 'second-instance', or
// through 'open-url' (macOS, possibly before the app is ready). Held until the core can take them,
// then handed over as text: the core parses it (team/deep-link.ts) and tells the page only a place
// it knows. Nothing here navigates a window or opens a URL.
import { resolve } from 'node:path';
import { DEEP_LINK_BASE, DEEP_LINK_SCHEME } from '../../../shared/team/deep-link';

/** The longest link looked at; parseDeepLink refuses longer ones anyway. */
const MAX_LINK = 1024;

/** The firmscope:// link on a command line, if any. */
export function linkInArgv(argv: readonly string[]): string | null {
  const found = argv.find((a) => a.toLowerCase().startsWith(DEEP_LINK_BASE));
  return found && found.length <= MAX_LINK ? found : null;
}

/**
 * Links that arrive before the core is ready wait (only the latest: a second click supersedes the
 * first); once `ready`, each is handed over at once. `refused` hears of a link the core would not
 * open (logged by the caller without the link's text).
 */
export function createLinkIntake(o: { refused(): void }) {
  let deliver: ((text: string) => boolean) | null = null;
  let waiting: string | null = null;
  const hand = (text: string) => {
    if (!deliver!(text)) o.refused();
  };
  return {
    take(text: string): void {
      if (text.length > MAX_LINK) return o.refused();
      if (deliver) hand(text);
      else waiting = text;
    },
    ready(d: (text: string) => boolean): void {
      deliver = d;
      const w = waiting;
      waiting = null;
      if (w) hand(w);
    },
  };
}

/**
 * Makes this app the OS's handler of firmscope:// links. A packaged app registers itself; a
 * development run (`electron .`) registers Electron with the app's entry, as Electron documents.
 */
export function registerLinkScheme(app: { isPackaged: boolean; setAsDefaultProtocolClient(scheme: string, path?: string, args?: string[]): boolean }, argv: readonly string[], execPath: string): boolean {
  if (app.isPackaged) return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  const entry = argv[1];
  return entry ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, execPath, [resolve(entry)]) : false;
}
