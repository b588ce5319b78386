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
  {
    version: 2,
    // Content is one jsonb value, even for a list of 100,000 companies: the server only stores and
    // returns it whole (measured ~1 s each way on 2 cores, about a child table's time, a third of its
    // disk). `size` is kept beside it so listing items never reads the content. One owner's items of a
    // kind have distinct names (case-insensitive): the team tells them apart by name and owner.
    name: 'team items: shared saved searches and lists',
    sql: `
      create table team_items (
        id uuid primary key,
        kind text not null check (kind in ('search', 'list')),
        name text not null,
        owner_id uuid not null references members (id),
        content jsonb not null,
        size integer not null check (size >= 0),
        version integer not null check (version >= 1),
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index team_items_owner_kind_name on team_items (owner_id, kind, lower(name));
      create index team_items_updated_at on team_items (updated_at desc);
    `,
  },
];
