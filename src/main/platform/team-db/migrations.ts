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
  {
    version: 3,
    // Due times, leases and finish times are the database's (now()): nodes whose clocks disagree
    // still agree on what is due and on whose lease ran out. A check is one row per watch and due
    // time (unique), so a slot is checked once however many nodes, ticks or job retries ask for it.
    name: 'team watches, their checks, the last result of each and the changes found',
    sql: `
      create table team_watches (
        id uuid primary key,
        name text not null,
        item_id uuid not null references team_items (id) on delete cascade,
        owner_id uuid not null references members (id),
        schedule jsonb not null,
        paused boolean not null default false,
        next_due_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index team_watches_due on team_watches (next_due_at) where not paused;
      create table team_checks (
        id bigserial primary key,
        watch_id uuid not null references team_watches (id) on delete cascade,
        due_at timestamptz not null,
        trigger text not null check (trigger in ('schedule', 'manual')),
        status text not null check (status in ('queued', 'running', 'done', 'failed')),
        node text,
        attempts integer not null default 0,
        lease_until timestamptz,
        queued_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz,
        requests integer not null default 0,
        rows integer,
        changes integer,
        baseline boolean,
        error text,
        unique (watch_id, due_at)
      );
      create index team_checks_open on team_checks (status, lease_until) where status in ('queued', 'running');
      create table team_watch_results (
        watch_id uuid primary key references team_watches (id) on delete cascade,
        check_id bigint not null references team_checks (id),
        records jsonb not null
      );
      create table team_changes (
        id bigserial primary key,
        check_id bigint not null references team_checks (id) on delete cascade,
        watch_id uuid not null references team_watches (id) on delete cascade,
        kind text not null,
        company_id text not null,
        company_name text,
        field text,
        old_value jsonb,
        new_value jsonb
      );
      create index team_changes_watch on team_changes (watch_id, check_id);
    `,
  },
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
  {
    version: 5,
    name: 'digest subscriptions, digests and their delivery outbox',
    // Targets (an e-mail address or a webhook URL, itself a secret) are sealed with AES-256-GCM under
    // the server's digest key, bound to their row; the unsubscribe token is an HMAC of the row id under
    // that key and only its SHA-256 is kept. Times are the database's now(), the same on every node.
    sql: `
      create table digest_subscriptions (
        id uuid primary key,
        member_id uuid not null references members (id) on delete cascade,
        watch_id uuid not null references team_watches (id) on delete cascade,
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
        watch_id uuid not null references team_watches (id) on delete cascade,
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
  {
    version: 6,
    name: 'read marks of the team inbox, per member and check',
    // A check's changes are read or not by each member (issue 37's "What changed" inbox); a mark goes
    // with its member or its check. The partial index serves the inbox's newest-first page.
    sql: `
      create table team_check_reads (
        member_id uuid not null references members (id) on delete cascade,
        check_id bigint not null references team_checks (id) on delete cascade,
        read_at timestamptz not null default now(),
        primary key (member_id, check_id)
      );
      create index team_check_reads_check on team_check_reads (check_id);
      create index team_checks_inbox on team_checks (finished_at desc, id desc) where status = 'done' and changes > 0;
    `,
  },
  {
    version: 7,
    name: 'list watches on the server: ESG modules and score threshold per watch, module and detail per change, failed cells per check; finished checks by time',
    // A search watch keeps modules null. A rating change's detail is its direction (upgrade,
    // downgrade), which the digests count ("2 rating downgrades").
    sql: `
      alter table team_watches add column modules text[], add column score_threshold double precision;
      alter table team_changes add column module text, add column detail text;
      alter table team_checks add column failed_cells integer;
      -- Every minute tick reads finished checks by time (digest feeds, pruning).
      create index team_checks_finished on team_checks (finished_at) where status in ('done', 'failed');
    `,
  },
  {
    version: 8,
    name: 'alert rules per team watch',
    // Issue 38 on the server: a watch's rules (shared/watches/rules.ts) as the desktop keeps them;
    // null: every change a check finds alerts.
    sql: `
      alter table team_watches add column rules jsonb;
    `,
  },
];
