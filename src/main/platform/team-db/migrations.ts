// The team server's schema, one entry per version; a version once released is never edited (add the
// next one). No secret is stored in clear: invite codes and member tokens keep only a scrypt hash of
// their secret part (features/members/credentials.ts); digest targets are sealed and unsubscribe
// tokens hashed (features/digests/sealed.ts).
import type { Migration } from './migrate';

export const TEAM_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'members, their credentials and failed sign-ins',
    sql: `
      create table members (
        id uuid primary key,
        name text not null,
        email text,
        role text not null check (role in ('admin', 'member')),
        created_at timestamptz not null,
        revoked_at timestamptz
      );
      create table member_credentials (
        id text primary key,
        member_id uuid not null references members (id) on delete cascade,
        kind text not null check (kind in ('invite', 'token')),
        secret_hash text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index member_credentials_member on member_credentials (member_id);
      create table sign_in_failures (
        source text primary key,
        failures integer not null,
        last_failure_at timestamptz not null
      );
    `,
  },
  {
    version: 5,
    name: 'digest subscriptions, digests and their delivery outbox',
    // Targets (an e-mail address or a webhook URL, itself a secret) are sealed with AES-256-GCM under
    // the server's digest key, bound to their row; the unsubscribe token is an HMAC of the row id under
    // that key and only its SHA-256 is kept. watch_id references team_watches (id), version 3: the
    // foreign key comes with the merge of both. Times are the database's now(), the same on every node.
    sql: `
      create table digest_subscriptions (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        watch_id uuid not null,
        cadence text not null check (cadence in ('immediate', 'daily', 'weekly')),
        channel text not null check (channel in ('email', 'slack', 'teams')),
        target_sealed text not null,
        target_hint text not null,
        unsubscribe_hash text not null unique,
        created_at timestamptz not null default now(),
        unsubscribed_at timestamptz
      );
      create unique index digest_subscriptions_one on digest_subscriptions (member_id, watch_id, channel) where unsubscribed_at is null;
      create index digest_subscriptions_watch on digest_subscriptions (watch_id, cadence) where unsubscribed_at is null;
      create table digests (
        id uuid primary key,
        watch_id uuid not null,
        cadence text not null check (cadence in ('immediate', 'daily', 'weekly')),
        period_key text not null,
        content jsonb not null,
        created_at timestamptz not null default now(),
        unique (watch_id, cadence, period_key)
      );
      create table digest_deliveries (
        id uuid primary key,
        subscription_id uuid not null references digest_subscriptions (id) on delete cascade,
        digest_id uuid not null references digests (id) on delete cascade,
        state text not null check (state in ('queued', 'claimed', 'sending', 'sent', 'failed', 'uncertain', 'cancelled')),
        attempts integer not null default 0,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        lease_owner text,
        claim_token uuid,
        last_error text,
        last_attempt_at timestamptz,
        sent_at timestamptz,
        created_at timestamptz not null default now(),
        unique (subscription_id, digest_id)
      );
      create index digest_deliveries_due on digest_deliveries (next_attempt_at) where state in ('queued', 'failed');
      create index digest_deliveries_leased on digest_deliveries (lease_until) where state in ('claimed', 'sending');
      create index digest_deliveries_digest on digest_deliveries (digest_id);
    `,
  },
];
