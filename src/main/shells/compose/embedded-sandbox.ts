// The embedded sandbox behind the built-in "Sandbox" profile: started lazily, the first time that
// profile needs its URLs, so a shell that only uses remote profiles never pays for it. A failed
// start is retried on the next use. Apart from createCore so its lifecycle reads on its own.
import { AppError } from '../../../shared/errors';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../sandbox/server';
import type { SandboxUrls } from '../../features/profiles/connections';

/** The app's own sandbox behaves like a service: session durations vary (2-6 s around 4 s). */
const APP_SANDBOX: SandboxOptions = { esg: { sessionJitter: 0.5 } };

export interface LazySandbox {
  /** Starts the sandbox if need be; refuses when the build turned it off. */
  urls(): Promise<SandboxUrls>;
  /** The URLs of the started sandbox (the active Sandbox profile carries them), null before. */
  readonly ready: SandboxUrls | null;
  /** Stops it if it was started; a failed start or stop is not an error at shutdown. */
  close(): Promise<void>;
}

export function lazySandbox(option: SandboxOptions | false | undefined): LazySandbox {
  let sandbox: Promise<SandboxHandle> | null = null;
  let ready: SandboxUrls | null = null;
  return {
    async urls() {
      if (option === false) {
        throw new AppError('not_configured', 'The embedded sandbox is turned off in this build. Choose or create a profile for a real service.');
      }
      sandbox ??= startSandbox(option ?? APP_SANDBOX).catch((e: unknown) => {
        sandbox = null;
        throw new AppError('internal', 'The embedded sandbox could not be started.', { cause: e });
      });
      const h = await sandbox;
      ready = { authUrl: h.authUrl, baseUrl: h.baseUrl };
      return ready;
    },
    get ready() {
      return ready;
    },
    async close() {
      const s = sandbox;
      sandbox = null;
      if (s) await s.then((h) => h.close()).catch(() => {});
    },
  };
}
