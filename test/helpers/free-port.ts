// A port free on 127.0.0.1 a moment ago, for a test server that takes its port on the command line
// (squid, PostgreSQL). Another process may take it before the server binds: callers that can tell
// try the next one.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';

export async function freePort(): Promise<number> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as AddressInfo;
  s.close();
  await once(s, 'close');
  return port;
}
