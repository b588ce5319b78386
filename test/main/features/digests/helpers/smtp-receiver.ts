// A real SMTP receiver for the digest tests: smtp-server on 127.0.0.1 with STARTTLS (a certificate of
// a test CA) and AUTH PLAIN/LOGIN required, refused before TLS; every message kept raw.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { TestCa } from '../../../../helpers/net-helpers';

export const SMTP_USER = 'digests@example.test';
export const SMTP_PASSWORD = 'Canary-Smtp-Pass-5b7c1e9d';

export interface Received {
  raw: string;
  secure: boolean;
  user: unknown;
  to: string[];
}

export async function startSmtp(ca: TestCa, o: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const authTries: string[] = [];
  const server = new SMTPServer({
    secure: false,
    key: ca.serverKey,
    cert: ca.serverCert,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, session, cb) {
      authTries.push(session.secure ? 'tls' : 'plain');
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) cb(null, { user: SMTP_USER });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ raw: Buffer.concat(chunks).toString('utf8'), secure: session.secure, user: session.user, to: session.envelope.rcptTo.map((r) => r.address) });
        cb();
      });
    },
    ...o,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, authTries, close: () => new Promise<void>((r) => server.close(() => r())) };
}
