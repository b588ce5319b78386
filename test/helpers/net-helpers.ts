// Company-network stand-ins for tests: a forwarding CONNECT proxy (optionally demanding
// credentials), a certificate authority generated at test time (openssl), and a TLS front that
// serves the sandbox over HTTPS with a certificate from that authority.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';

export interface TestProxy {
  url: string;
  port: number;
  /** host:port of every tunnel asked for, in order. */
  tunnels: string[];
  /** Proxy-Authorization headers received (decoded user:password), in order. */
  credentials: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(opts: { requireAuth?: { username: string; password: string } } = {}): Promise<TestProxy> {
  const tunnels: string[] = [];
  const credentials: string[] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((_req, res) => res.writeHead(405).end('CONNECT only'));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req, client: Socket, head) => {
    const auth = req.headers['proxy-authorization'];
    const decoded = auth?.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString() : null;
    if (decoded) credentials.push(decoded);
    const want = opts.requireAuth ? `${opts.requireAuth.username}:${opts.requireAuth.password}` : null;
    if (want && decoded !== want) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    credentials,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export interface TestCa {
  /** PEM file of the authority (what an analyst sets as the company CA file). */
  caFile: string;
  serverKey: string;
  serverCert: string;
  cleanup(): void;
}

/** A fresh authority and a server certificate for 127.0.0.1 / localhost signed by it. */
export function generateTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'firmscope-ca-'));
  const f = (n: string) => join(dir, n);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=Firmscope Test Company CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(f('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  ssl('x509', '-req', '-in', f('server.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('server.pem'), '-days', '2', '-extfile', f('ext.cnf'));
  return {
    caFile: f('ca.pem'),
    serverKey: readFileSync(f('server.key'), 'utf8'),
    serverCert: readFileSync(f('server.pem'), 'utf8'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** HTTPS on 127.0.0.1 in front of a plain-HTTP port (the sandbox), TLS ended here. */
export async function startTlsFront(
  targetPort: number,
  cert: { key: string; cert: string },
): Promise<{ port: number; /** TCP connections accepted (one per attempt, counted before the handshake). */ readonly connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTlsServer({ key: cert.key, cert: cert.cert }, (tlsSocket) => {
    const upstream = connect(targetPort, '127.0.0.1');
    tlsSocket.pipe(upstream).pipe(tlsSocket);
    upstream.on('error', () => tlsSocket.destroy());
    tlsSocket.on('error', () => upstream.destroy());
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
  });
  server.on('connection', (s: Socket) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('tlsClientError', () => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
