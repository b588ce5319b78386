// The browser-mode host with the echo handlers, as its own process (the fuzz test must see a crash
// as a dead process, not as an error inside Vitest). Prints {"port","token","cookieName"} once ready.
import { startEchoHost } from './host-helpers';

const host = await startEchoHost();
process.stdout.write(`${JSON.stringify({ port: host.port, token: host.token, cookieName: host.cookieName })}\n`);
process.on('SIGTERM', () => void host.close().then(() => process.exit(0)));
