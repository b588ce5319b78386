// The team server's schema, one entry per version; a version once released is never edited (add the
// next one). No secret is stored in clear: invite codes and member tokens keep only a scrypt hash of
// their secret part (features/members/credentials.ts).
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
  // Versions 2 and 3 (team items, team watches) come from their own branches; migrate() takes gaps.
  {
    version: 4,
    name: 'the request gate of each team credential: rate, learned pace, hold, daily budget',
    // One row per credential key (an id or hash of the credential, never its secret), read and
    // written by every node under its row lock (request-gate.ts). Times are the database's own.
    sql: `
      create table request_gates (
        key text primary key,
        -- configuration, written by each node as it starts (the same on all)
        rate double precision not null check (rate > 0),
        burst integer not null check (burst >= 1),
        daily_budget integer check (daily_budget >= 0),
        time_zone text not null,
        -- the token bucket as of updated_at (refilled in SQL on each read)
        tokens double precision not null,
        updated_at timestamptz not null,
        -- a 429's Retry-After, and 429s seen
        held_until timestamptz,
        limited bigint not null default 0,
        -- the learned pace (null: the rate governs), the climb back from pace_from at pace_at
        pace double precision check (pace > 0),
        pace_from double precision,
        pace_at timestamptz,
        decreased_at timestamptz,
        probed_at timestamptz,
        -- requests let through in this window and the one before, to measure the rate a 429 drew
        window_start timestamptz not null,
        window_count integer not null default 0,
        previous_count integer not null default 0,
        -- the daily budget's day (in time_zone) and what it used
        day date not null,
        used integer not null default 0
      );
    `,
  },
];
