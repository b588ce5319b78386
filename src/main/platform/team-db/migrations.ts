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
];
