// A team's members on the team server: an admin invites (a one-time code, shown once), the desktop
// app redeems the code for a member token (kept in its OS keychain), every call authenticates with
// it. Tokens expire and are revocable at once (checked on every call, nothing cached); failed
// sign-ins from one source are slowed, with their count in PostgreSQL so every node sees it.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../../shared/errors';
import { hashSecret, newCredential, parseCredential, secretMatches, type CredentialKind } from './credentials';

export type MemberRole = 'admin' | 'member';

export interface Member {
  id: string;
  name: string;
  email: string | null;
  role: MemberRole;
}

export interface MembersOptions {
  pool: pg.Pool;
  now?: () => Date;
  /** How long an invite code can be redeemed. Default 7 days. */
  inviteTtlMs?: number;
  /** How long a member token is valid. Default 90 days. */
  tokenTtlMs?: number;
}

const DAY = 86_400_000;
/** Failed sign-ins from one source before each next one waits: 1 s, 2 s, 4 s, ... up to 15 min. */
export const FREE_FAILURES = 5;
const MAX_WAIT_MS = 15 * 60_000;
const REFUSED = 'This sign-in is not valid (unknown, used, expired or revoked): ask a team admin for a new invite.';

export function waitAfterFailures(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - FREE_FAILURES));
}

export function createMembers(o: MembersOptions) {
  const { pool } = o;
  const now = o.now ?? (() => new Date());
  const inviteTtl = o.inviteTtlMs ?? 7 * DAY;
  const tokenTtl = o.tokenTtlMs ?? 90 * DAY;
  let decoy: Promise<string> | null = null;

  async function store(memberId: string, kind: CredentialKind, ttlMs: number, client: pg.Pool | pg.PoolClient = pool) {
    const c = await newCredential(kind);
    const at = now();
    const expiresAt = new Date(at.getTime() + ttlMs);
    await client.query('insert into member_credentials (id, member_id, kind, secret_hash, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)', [c.id, memberId, kind, c.hash, at, expiresAt]);
    return { text: c.text, expiresAt };
  }

  /** Refuses at once while `source` waits after its failures; else checks `text` and counts a failure. */
  async function check<T>(source: string, kind: CredentialKind, text: string, accept: (id: string) => Promise<T | null>): Promise<T> {
    const f = await pool.query<{ failures: number; last_failure_at: Date }>('select failures, last_failure_at from sign_in_failures where source = $1', [source]);
    const row = f.rows[0];
    const waitUntil = row ? row.last_failure_at.getTime() + waitAfterFailures(row.failures) : 0;
    if (waitUntil > now().getTime()) {
      const s = Math.ceil((waitUntil - now().getTime()) / 1000);
      throw new AppError('rate_limited', `Too many failed sign-ins from here: try again in ${s} s.`, { retryable: true });
    }
    const parsed = parseCredential(kind, text);
    const found = parsed ? await pool.query<{ secret_hash: string }>('select secret_hash from member_credentials where id = $1 and kind = $2', [parsed.id, kind]) : null;
    const hash = found?.rows[0]?.secret_hash;
    // An unknown id costs the same scrypt as a wrong secret: the time tells nothing.
    const matches = hash ? await secretMatches(parsed!.secret, hash) : await secretMatches(parsed?.secret ?? text, await (decoy ??= hashSecret('decoy')));
    const ok = matches && hash ? await accept(parsed!.id) : null;
    if (ok === null) {
      await pool.query(
        'insert into sign_in_failures (source, failures, last_failure_at) values ($1, 1, $2) on conflict (source) do update set failures = sign_in_failures.failures + 1, last_failure_at = $2',
        [source, now()],
      );
      throw new AppError('unauthorized', REFUSED);
    }
    await pool.query('delete from sign_in_failures where source = $1', [source]);
    return ok;
  }

  return {
    /** A new member and their one-time invite code (shown to the admin once, stored only hashed). */
    async invite(m: { name: string; email?: string | null; role?: MemberRole }): Promise<{ member: Member; inviteCode: string; expiresAt: Date }> {
      const member: Member = { id: randomUUID(), name: m.name.trim(), email: m.email?.trim() || null, role: m.role ?? 'member' };
      if (!member.name) throw new AppError('invalid_input', 'A member needs a name.');
      await pool.query('insert into members (id, name, email, role, created_at) values ($1, $2, $3, $4, $5)', [member.id, member.name, member.email, member.role, now()]);
      const invite = await store(member.id, 'invite', inviteTtl);
      return { member, inviteCode: invite.text, expiresAt: invite.expiresAt };
    },

    /** Trades an invite code, once, for a member token. */
    async redeem(inviteCode: string, source: string): Promise<{ member: Member; token: string; expiresAt: Date }> {
      return check(source, 'invite', inviteCode, async (id) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          // Only the first redemption finds used_at empty: two nodes cannot both take one code.
          const used = await client.query<{ member_id: string }>(
            'update member_credentials c set used_at = $2 from members m where c.id = $1 and m.id = c.member_id and c.used_at is null and c.expires_at > $2 and m.revoked_at is null returning c.member_id',
            [id, now()],
          );
          const memberId = used.rows[0]?.member_id;
          if (!memberId) return await client.query('rollback').then(() => null);
          const token = await store(memberId, 'token', tokenTtl, client);
          await client.query('commit');
          return { member: await memberById(memberId), token: token.text, expiresAt: token.expiresAt };
        } catch (e) {
          await client.query('rollback').catch(() => undefined);
          throw e;
        } finally {
          client.release();
        }
      });
    },

    /** The member a token belongs to; refused when it is unknown, expired or its member revoked. */
    async authenticate(token: string, source: string): Promise<Member> {
      return check(source, 'token', token, async (id) => {
        const r = await pool.query<{ member_id: string }>(
          'select c.member_id from member_credentials c join members m on m.id = c.member_id where c.id = $1 and c.expires_at > $2 and m.revoked_at is null',
          [id, now()],
        );
        return r.rows[0] ? memberById(r.rows[0].member_id) : null;
      });
    },

    /** Ends a member's access at once: every token and open invite of theirs stops working. */
    async revoke(memberId: string): Promise<void> {
      const r = await pool.query('update members set revoked_at = $2 where id = $1 and revoked_at is null', [memberId, now()]);
      if (r.rowCount === 0) throw new AppError('not_found', 'No such member, or already revoked.');
    },
  };

  async function memberById(id: string): Promise<Member> {
    const r = await pool.query<{ id: string; name: string; email: string | null; role: MemberRole }>('select id, name, email, role from members where id = $1', [id]);
    return r.rows[0]!;
  }
}

export type Members = ReturnType<typeof createMembers>;
