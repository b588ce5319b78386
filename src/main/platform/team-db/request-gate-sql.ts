// The request gate's statements (request-gate.ts). Each is one statement: the row is locked, the
// database's clock read after the lock is ours, and everything (refill, pace, day) is computed from
// that one instant, so nodes whose clocks disagree still agree on the gate.
// Every step is a materialized CTE of one row: inlined, each use of a column would copy the
// expressions beneath it (planning alone took 26 ms a request before).
// Parameters shared by every statement: $1 key, $2 RATE_MARGIN, $3 PACE.recoverMs, $4 PACE.windowMs.

/** Prepared once per connection under its name (request-gate.ts query()). */
export interface Statement {
  name: string;
  text: string;
}

/** The row (locked for a write) and the database's time `t` once it is ours. */
const clocked = (lock: boolean) => `
  cur as materialized (select * from request_gates where key = $1${lock ? ' for update' : ''}),
  c as materialized (select cur.*, clock_timestamp() as t, cur.rate * $2::float8 as ceiling from cur)`;

/**
 * `pace_now`: the learned pace climbed back at `t` (geometrically, from the pace the last 429 set to
 * the rate's ceiling, arriving recoverMs later; dropped once there, as rate-limiter.ts recover()).
 * `measured`: requests granted over the last window (two fixed windows, the older one weighted).
 * `today`: the budget's day in the gate's time zone.
 */
const paced = `
  p as materialized (
    select c.*, (c.t at time zone c.time_zone)::date as today, w.windows,
      case when c.pace is null or s.share >= 1 or r.climb >= c.ceiling then null else r.climb end as pace_now,
      case when w.windows < 1 then c.window_count + c.previous_count * (1 - w.windows)
           when w.windows < 2 then c.window_count * (2 - w.windows)
           else 0 end * 1000 / $4::float8 as measured
    from c
    cross join lateral (select least(1, greatest(0, extract(epoch from c.t - c.pace_at)::float8 * 1000 / $3::float8)) as share) s
    cross join lateral (select greatest(c.pace, c.pace_from * power(greatest(c.ceiling, c.pace_from) / c.pace_from, s.share)) as climb) r
    cross join lateral (select extract(epoch from c.t - c.window_start)::float8 * 1000 / $4::float8 as windows) w
  )`;

/** When the day's budget is back: the next midnight in the gate's time zone. */
const resets = `((o.today + 1)::timestamp at time zone o.time_zone)`;

/** Creates the row, or sets its configuration (the same on every node; the last one started wins). */
export const INIT_SQL: Statement = { name: 'request_gate_init', text: `
  insert into request_gates (key, rate, burst, daily_budget, time_zone, tokens, updated_at, window_start, day)
  select $1::text, $2::float8, $3::integer, $4::integer, $5::text, $3::integer, c.t, c.t, (c.t at time zone $5::text)::date
  from (select clock_timestamp() as t) c
  on conflict (key) do update
    set rate = excluded.rate, burst = excluded.burst, daily_budget = excluded.daily_budget, time_zone = excluded.time_zone` };

/**
 * One attempt at a token. $5 PACE.increase, $6 PACE.probeEveryMs, $7 whether this caller has
 * waited already (then, as the desktop's dispatcher, a due probe raises the pace a little).
 * A learned pace below the ceiling governs without bursts; the fixed rate allows `burst`.
 */
export const ACQUIRE_SQL: Statement = { name: 'request_gate_acquire', text: `
  with ${clocked(true)}, ${paced},
  e as materialized (
    select p.*,
      case when p.pace_now < p.ceiling then p.pace_now else p.ceiling end as eff_rate,
      case when p.pace_now < p.ceiling then 1 else p.burst end as eff_burst,
      case when p.day = p.today then p.used else 0 end as used_now
    from p
  ),
  o as materialized (
    select e.*, b.tokens_now,
      case when e.daily_budget is not null and e.used_now >= e.daily_budget then 'budget'
           when e.held_until > e.t then 'held'
           when b.tokens_now < 1 then 'wait'
           else 'go' end as outcome,
      $7::boolean and e.pace_now is not null
        and (e.probed_at is null or extract(epoch from e.t - e.probed_at)::float8 * 1000 >= $6::float8) as probe
    from e
    cross join lateral (select least(e.eff_burst, e.tokens + greatest(0, extract(epoch from e.t - e.updated_at)::float8) * e.eff_rate) as tokens_now) b
  )
  update request_gates g set
    tokens = o.tokens_now - (o.outcome = 'go')::int,
    updated_at = o.t,
    day = o.today,
    used = o.used_now + (o.outcome = 'go')::int,
    pace = case when o.outcome = 'go' and o.probe then
             case when o.pace_now * $5::float8 >= o.ceiling then null else o.pace_now * $5::float8 end
           else o.pace_now end,
    probed_at = case when o.outcome = 'go' and o.probe then o.t else o.probed_at end,
    window_start = case when o.outcome = 'go' and o.windows >= 1
                     then o.window_start + floor(o.windows) * $4::float8 * interval '1 millisecond' else o.window_start end,
    previous_count = case when o.outcome = 'go' and o.windows >= 1
                       then case when o.windows < 2 then o.window_count else 0 end else o.previous_count end,
    window_count = case when o.outcome <> 'go' then o.window_count when o.windows >= 1 then 1 else o.window_count + 1 end
  from o where g.key = o.key
  returning o.outcome,
    case o.outcome when 'held' then extract(epoch from o.held_until - o.t)::float8 * 1000
                   when 'wait' then (1 - o.tokens_now) / o.eff_rate * 1000 end as wait_ms,
    o.daily_budget, o.time_zone, ${resets} as resets_at,
    extract(epoch from ${resets} - o.t)::float8 * 1000 as resets_in_ms` };

/**
 * A 429: hold every node until t + $5 ms and, once per overload (PACE.settleMs), lower the pace
 * as rate-limiter.ts slowDown(): the first 429 to decrease × the measured rate, later ones × the
 * pace (or the measured rate if lower); a 429 at a trickle (below minLearnRps) only holds.
 * $6 settleMs, $7 minLearnRps, $8 decrease, $9 minRps.
 */
export const RATE_LIMITED_SQL: Statement = { name: 'request_gate_rate_limited', text: `
  with ${clocked(true)}, ${paced},
  d as materialized (
    select p.*,
      (p.decreased_at is null or extract(epoch from p.t - p.decreased_at)::float8 * 1000 >= $6::float8)
        and (p.pace_now is not null or p.measured >= $7::float8) as learn,
      greatest($9::float8, $8::float8 * case when p.pace_now is null then p.measured
                                             when p.measured >= $7::float8 then least(p.pace_now, p.measured)
                                             else p.pace_now end) as lowered
    from p
  )
  update request_gates g set
    held_until = greatest(d.held_until, d.t + $5::float8 * interval '1 millisecond'),
    limited = d.limited + 1,
    pace = case when d.learn then d.lowered else d.pace_now end,
    pace_from = case when d.learn then d.lowered else d.pace_from end,
    pace_at = case when d.learn then d.t else d.pace_at end,
    decreased_at = case when d.learn then d.t else d.decreased_at end,
    probed_at = case when d.learn then d.t else d.probed_at end
  from d where g.key = d.key
  returning g.key` };

/** What stats() reports, read without a lock. */
export const STATS_SQL: Statement = { name: 'request_gate_stats', text: `
  with ${clocked(false)}, ${paced}
  select p.rate, p.burst, p.daily_budget, p.time_zone, p.limited, p.pace_now as learned_rps,
    case when p.day = p.today then p.used else 0 end as used,
    case when p.held_until > p.t then p.held_until end as held_until,
    greatest(0, coalesce(extract(epoch from p.held_until - p.t)::float8 * 1000, 0)) as held_for_ms,
    ((p.today + 1)::timestamp at time zone p.time_zone) as resets_at
  from p` };
