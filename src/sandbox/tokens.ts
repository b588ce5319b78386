// Access tokens: opaque random strings held in memory with their client and expiry.
import { randomBytes } from 'node:crypto';
import type { SandboxClient, SandboxPermission } from './clients';
import type { Clock } from './clock';

export interface IssuedToken {
  clientId: string;
  permissions: readonly SandboxPermission[];
  issuedAt: number;
  expiresAt: number;
}

export type TokenCheck = { ok: true; token: IssuedToken } | { ok: false; reason: 'unknown' | 'expired' };

export class TokenStore {
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    private readonly clock: Clock,
    private ttlSeconds: number,
  ) {}

  get ttl(): number {
    return this.ttlSeconds;
  }

  setTtl(seconds: number): void {
    this.ttlSeconds = seconds;
  }

  issue(client: SandboxClient): { accessToken: string; expiresIn: number } {
    this.prune();
    const accessToken = `sbx_${randomBytes(32).toString('base64url')}`;
    const now = this.clock.now();
    this.tokens.set(accessToken, {
      clientId: client.id,
      permissions: client.permissions,
      issuedAt: now,
      expiresAt: now + this.ttlSeconds * 1000,
    });
    // "slightly under" the lifetime, as the real service does; never below 1.
    return { accessToken, expiresIn: Math.max(1, this.ttlSeconds - Math.min(5, Math.ceil(this.ttlSeconds / 100))) };
  }

  check(accessToken: string): TokenCheck {
    const token = this.tokens.get(accessToken);
    if (!token) return { ok: false, reason: 'unknown' };
    if (this.clock.now() >= token.expiresAt) return { ok: false, reason: 'expired' };
    return { ok: true, token };
  }

  /** Forget every token: later calls with them answer 401 as for an unknown token. */
  revokeAll(): number {
    const n = this.tokens.size;
    this.tokens.clear();
    return n;
  }

  /** Make every token already expired (they stay known, so the 401 says "expired"). */
  expireAll(): number {
    const now = this.clock.now();
    for (const t of this.tokens.values()) t.expiresAt = Math.min(t.expiresAt, now);
    return this.tokens.size;
  }

  get size(): number {
    return this.tokens.size;
  }

  private prune(): void {
    if (this.tokens.size < 10_000) return;
    const now = this.clock.now();
    for (const [k, t] of this.tokens) if (now >= t.expiresAt) this.tokens.delete(k);
  }
}
