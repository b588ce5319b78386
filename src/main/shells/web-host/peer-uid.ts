// Which local user opened a loopback connection, where the OS tells: on Linux the client's end of
// an IPv4 TCP connection is a line of /proc/net/tcp with its owner's uid. The browser-mode host
// refuses peers of another user, so a second user on the machine cannot use a session cookie it
// obtained (e.g. by squatting the port a tab reconnects to) even while it is valid.
import { readFileSync } from 'node:fs';

/** `unknown`: the OS does not say (no /proc/net/tcp: macOS, Windows); the caller falls back to the cookie alone. */
export type PeerOwner = { uid: number } | 'unknown' | 'not_found';

const LOOPBACK_HEX = /^[0-9A-F]{6}7F$/; // 127.x.y.z, little-endian hex as /proc prints it

/**
 * Owner of the client socket whose local port is `peerPort` and remote port is `ourPort`, read from
 * `table` (the text of /proc/net/tcp; injected for tests).
 */
export function findPeerOwner(table: string, peerPort: number, ourPort: number): PeerOwner {
  const want = [hexPort(peerPort), hexPort(ourPort)];
  for (const line of table.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    const [local, remote, uid] = [cols[1], cols[2], cols[7]];
    if (!local || !remote || uid === undefined) continue;
    const [localIp, localPort] = local.split(':');
    const [remoteIp, remotePort] = remote.split(':');
    if (localPort !== want[0] || remotePort !== want[1]) continue;
    if (!LOOPBACK_HEX.test(localIp ?? '') || !LOOPBACK_HEX.test(remoteIp ?? '')) continue;
    const n = Number(uid);
    if (Number.isInteger(n)) return { uid: n };
  }
  return 'not_found';
}

/** Reads /proc/net/tcp; `unknown` where it does not exist or cannot be read. */
export function peerOwner(peerPort: number, ourPort: number, read: () => string = readProcTcp): PeerOwner {
  let table: string;
  try {
    table = read();
  } catch {
    return 'unknown';
  }
  return findPeerOwner(table, peerPort, ourPort);
}

/**
 * False only when the OS names another user as the peer. The kernel lists /proc/net/tcp bucket by
 * bucket, not atomically, so a socket can be missed while many others open and close (seen with 200
 * sockets at once on a loaded machine): one more read, then the session cookie is the only lock, as
 * where the OS cannot say at all.
 */
export function isSameUserPeer(peerPort: number | undefined, ourPort: number, read?: () => string): boolean {
  const myUid = process.getuid?.();
  if (myUid === undefined || peerPort === undefined) return true;
  let owner = peerOwner(peerPort, ourPort, read);
  if (owner === 'not_found') owner = peerOwner(peerPort, ourPort, read);
  return typeof owner === 'string' || owner.uid === myUid;
}

function readProcTcp(): string {
  return readFileSync('/proc/net/tcp', 'utf8');
}

function hexPort(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}
