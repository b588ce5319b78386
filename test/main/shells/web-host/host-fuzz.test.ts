// Protocol-level fuzzing of the browser-mode host, run as its own process over raw TCP: malformed
// request targets (on plain requests and on upgrades), malformed WebSocket frames after a valid
// handshake, oversized and fragmented frames, garbage bytes, many sockets. Bounded counts (seeded),
// so it runs in the normal suite. Passing means 0 crashes and the host still answers afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { fnChannel } from '../../../../src/shared/bridge/define';
import { WS_MAX_PAYLOAD, WS_PATH, WS_PROTOCOL } from '../../../../src/shared/bridge/ws-protocol';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
let child: ChildProcess;
let host: { port: number; token: string; cookieName: string };
let exitedWith: string | null = null;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/echo-host-main.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.on('exit', (code, signal) => (exitedWith = `exit ${code ?? signal}: ${stderr.slice(-2000)}`));
  host = await new Promise((resolve, reject) => {
    child.once('exit', () => reject(new Error(`echo host died: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l)));
  });
}, 60_000);
afterAll(() => {
  child?.kill('SIGTERM');
});

/** How long an exchange the host should end may take before the test gives up (a loaded machine took over 3 s). */
const GIVE_UP_MS = 30_000;

/**
 * Sends raw bytes, collects what comes back until the host closes the socket (TCP, or a WebSocket close
 * frame), `until` holds, or `ms` pass. The default `ms` is a give-up, not a limit: an exchange the host
 * ends (every request it answers, every frame it refuses) ends there however loaded the machine is. A
 * caller that accepts any reply, none included, passes a short window instead.
 */
function exchange(
  bytes: Buffer | string,
  { ms = GIVE_UP_MS, after, until }: { ms?: number; after?: (s: Socket, got: () => string) => void; until?: (reply: string) => boolean } = {},
): Promise<{ reply: string; closedByHost: boolean }> {
  return new Promise((resolve) => {
    const s = connect(host.port, '127.0.0.1');
    let reply = '';
    let done = false;
    const finish = (closedByHost: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      resolve({ reply, closedByHost });
    };
    const timer = setTimeout(() => finish(false), ms);
    s.on('data', (d) => {
      reply += d.toString('latin1');
      const headerEnd = reply.indexOf('\r\n\r\n');
      // After a 101, a close frame from the host (opcode 8, FIN set) ends the exchange like a TCP close.
      if (reply.startsWith('HTTP/1.1 101') && headerEnd > 0 && reply.slice(headerEnd + 4).includes('\x88')) finish(true);
      else if (until?.(reply)) finish(false);
    });
    s.on('error', () => finish(true));
    s.on('close', () => finish(true));
    s.on('connect', () => {
      s.write(bytes);
      after?.(s, () => reply);
    });
  });
}

const upgradeRequest = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: http://127.0.0.1:${host.port}\r\n` +
  `Cookie: ${host.cookieName}=${host.token}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: ${WS_PROTOCOL}\r\n${extra}\r\n`;

/** One WebSocket frame, built by hand so it can break every rule. */
function frame(o: { opcode: number; payload?: Buffer; fin?: boolean; rsv1?: boolean; masked?: boolean; declaredLength?: number }): Buffer {
  const payload = o.payload ?? Buffer.alloc(0);
  const len = o.declaredLength ?? payload.length;
  const b0 = (o.fin === false ? 0 : 0x80) | (o.rsv1 ? 0x40 : 0) | o.opcode;
  const mask = o.masked === false ? 0 : 0x80;
  let head: Buffer;
  if (len < 126) head = Buffer.from([b0, mask | len]);
  else if (len < 65536) head = Buffer.from([b0, mask | 126, len >> 8, len & 0xff]);
  else {
    head = Buffer.alloc(10);
    head[0] = b0;
    head[1] = mask | 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  if (o.masked === false) return Buffer.concat([head, payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ key[i % 4]!));
  return Buffer.concat([head, key, body]);
}

/** Opens the bridge with a raw handshake, then sends `frames`; resolves once the host closes it. */
async function afterHandshake(frames: Buffer[], until?: (reply: string) => boolean, ms = GIVE_UP_MS): Promise<{ reply: string; closedByHost: boolean }> {
  return exchange(upgradeRequest(WS_PATH), {
    ms,
    until,
    after: (s, got) => {
      const wait = setInterval(() => {
        if (!got().includes('\r\n\r\n')) return;
        clearInterval(wait);
        for (const f of frames) if (!s.destroyed) s.write(f);
      }, 5);
    },
  });
}

async function hostStillServes(): Promise<void> {
  expect(exitedWith).toBeNull();
  const page = await exchange(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`);
  expect(page.reply).toMatch(/^HTTP\/1\.1 200 /);
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}${WS_PATH}`, [WS_PROTOCOL], {
    origin: `http://127.0.0.1:${host.port}`,
    headers: { cookie: `${host.cookieName}=${host.token}` },
  });
  const answer = await new Promise<unknown>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ t: 'call', id: 1, ch: fnChannel('app', 'info'), input: undefined })));
    ws.once('message', (d) => resolve(JSON.parse(d.toString())));
  });
  expect(answer).toMatchObject({ t: 'result', id: 1, result: { ok: true } });
  ws.close();
}

describe('browser host under hostile input (own process, raw sockets)', () => {
  it('answers unparsable request targets with an error, on plain requests and on upgrades', async () => {
    for (const target of ['http://[', 'http://%zz/', 'http://a:99999/', '//[', 'http://[::1', '\u0000', '*']) {
      const upgrade = await exchange(upgradeRequest(target));
      expect(upgrade.reply, `upgrade ${target}`).toMatch(/^HTTP\/1\.1 (400|404) /);
      const plain = await exchange(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`);
      expect(plain.reply, `GET ${target}`).toMatch(/^HTTP\/1\.1 (400|403|404) /);
    }
    await hostStillServes();
  });

  it('survives random request targets and header blocks (seeded, bounded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), fc.boolean(), async (target, upgrade) => {
        const t = target.replace(/[\s]/g, '') || '/';
        const req = upgrade ? upgradeRequest(t) : `GET ${t} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`;
        const r = await exchange(Buffer.from(req, 'utf8'), { ms: 1500 });
        expect(r.reply === '' || /^HTTP\/1\.1 \d{3} /.test(r.reply)).toBe(true);
        expect(exitedWith).toBeNull();
      }),
      { numRuns: 120, seed: 20 },
    );
    for (let i = 0; i < 40; i++) await exchange(randomBytes(1 + ((i * 37) % 600)), { ms: 500 });
    await exchange(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    await hostStillServes();
  });

  it('closes a bridge socket on each malformed frame and keeps serving', async () => {
    const text = (s: string) => Buffer.from(s);
    const cases: Record<string, Buffer[]> = {
      'oversized frame (declared length over the limit)': [frame({ opcode: 1, declaredLength: WS_MAX_PAYLOAD + 1, payload: Buffer.alloc(1024) })],
      'invalid UTF-8 in a text frame': [frame({ opcode: 1, payload: Buffer.from([0xc3, 0x28, 0xff]) })],
      'RSV1 set without permessage-deflate': [frame({ opcode: 1, rsv1: true, payload: text('{}') })],
      'unmasked client frame': [frame({ opcode: 1, masked: false, payload: text('{}') })],
      'reserved opcode 3': [frame({ opcode: 3, payload: text('x') })],
      'reserved control opcode 0xB': [frame({ opcode: 0xb })],
      'continuation without a start': [frame({ opcode: 0, payload: text('x') })],
      'fragmented control frame': [frame({ opcode: 9, fin: false, payload: text('p') })],
      'control frame over 125 bytes': [frame({ opcode: 9, payload: Buffer.alloc(200) })],
      'close frame with an invalid code': [frame({ opcode: 8, payload: Buffer.from([0x03, 0xe7]) })],
      'new message inside a fragmented one': [frame({ opcode: 1, fin: false, payload: text('{"t"') }), frame({ opcode: 1, payload: text('x') })],
      'fragments adding up to more than the limit': [
        frame({ opcode: 1, fin: false, payload: Buffer.alloc(WS_MAX_PAYLOAD / 2, 0x61) }),
        frame({ opcode: 0, fin: false, payload: Buffer.alloc(WS_MAX_PAYLOAD / 2, 0x61) }),
        frame({ opcode: 0, payload: Buffer.alloc(1024, 0x61) }),
      ],
      'binary frame': [frame({ opcode: 2, payload: Buffer.from([1, 2, 3]) })],
      'JSON that is not a call': [frame({ opcode: 1, payload: text('{"t":"call","id":-1}') })],
      'not JSON': [frame({ opcode: 1, payload: text('{nope') })],
    };
    for (const [name, frames] of Object.entries(cases)) {
      const r = await afterHandshake(frames);
      expect(r.reply, name).toMatch(/^HTTP\/1\.1 101 /);
      expect(r.closedByHost, `${name}: host closes the socket`).toBe(true);
      expect(exitedWith, name).toBeNull();
    }
    await hostStillServes();
  }, 60_000);

  it('carries a valid fragmented call, and survives random frames (seeded, bounded)', async () => {
    const call = Buffer.from(JSON.stringify({ t: 'call', id: 9, ch: fnChannel('app', 'info') }));
    const ok = await afterHandshake([
      frame({ opcode: 1, fin: false, payload: call.subarray(0, 5) }),
      frame({ opcode: 9, payload: Buffer.from('ping') }),
      frame({ opcode: 0, fin: false, payload: call.subarray(5, 12) }),
      frame({ opcode: 0, payload: call.subarray(12) }),
    ], (reply) => reply.includes('"id":9'));
    expect(ok.reply).toContain('"id":9');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ opcode: fc.integer({ min: 0, max: 15 }), fin: fc.boolean(), rsv1: fc.boolean(), masked: fc.boolean(), payload: fc.uint8Array({ maxLength: 300 }) }),
          { minLength: 1, maxLength: 4 },
        ),
        async (frames) => {
          // Any answer or none: a window, not a wait for the host (a valid ping is answered and kept open).
          await afterHandshake(frames.map((f) => frame({ ...f, payload: Buffer.from(f.payload) })), undefined, 5000);
          expect(exitedWith).toBeNull();
        },
      ),
      { numRuns: 60, seed: 20 },
    );
    await hostStillServes();
  }, 90_000);

  it('survives many sockets at once, opened and dropped', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        new Promise<Socket>((resolve) => {
          const s = connect(host.port, '127.0.0.1', () => {
            s.write(i % 2 ? upgradeRequest(WS_PATH).slice(0, 40) : 'GET / HTTP/1.1\r\n');
            resolve(s);
          });
          s.on('error', () => undefined);
        }),
      ),
    );
    for (const s of sockets) s.destroy();
    await Promise.all(Array.from({ length: 30 }, () => afterHandshake([frame({ opcode: 1, payload: Buffer.from('{}') })])));
    await hostStillServes();
  }, 60_000);
});
