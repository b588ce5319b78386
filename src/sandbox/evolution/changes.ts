// One entry of the sandbox's change log: what a data epoch changed, so tests can compare what a
// client found (a re-run search, a refreshed ESG module) with what really changed.
import type { EsgModule } from '../../shared/service/schemas';
import { createRng, hashString, type Rng } from '../random';

export type ChangeKind = 'added' | 'removed' | 'field' | 'score' | 'rating' | 'news' | 'commitment';

export interface DataChange {
  epoch: number;
  /** Clock ms at which the epoch started. */
  at: number;
  kind: ChangeKind;
  company_id: string;
  /** The company's name in this epoch (the new one when the name changed). */
  name: string;
  /** 'field': the record path ('employee_count', 'address.city'); 'score': overall | environmental | social | governance; 'commitment': 'status' when one changed. */
  field?: string;
  module?: EsgModule;
  /** article_id of a news item, commitment_id of a commitment. */
  item_id?: string;
  old?: unknown;
  new?: unknown;
}

/** The generator of one part of one epoch: the same (seed, epoch, part) always draws the same. */
export const epochRng = (seed: number, epoch: number, part: string): Rng => createRng(hashString(`evolve:${part}:${seed}:${epoch}`));

/** How many of `n` live companies a per-1,000 rate touches: the fraction decides one more, by draw. */
export function drawCount(rng: Rng, ratePer1000: number, n: number): number {
  const expected = (ratePer1000 * n) / 1000;
  const whole = Math.floor(expected);
  return Math.min(n, whole + (rng() < expected - whole ? 1 : 0));
}

/** `count` distinct indexes below `n` accepted by `ok`, drawn with `rng` (fewer if too few qualify). */
export function drawIndexes(rng: Rng, n: number, count: number, ok: (i: number) => boolean = () => true): number[] {
  const chosen = new Set<number>();
  for (let tries = 0; chosen.size < count && tries < count * 20 + 50; tries++) {
    const i = Math.floor(rng() * n);
    if (!chosen.has(i) && ok(i)) chosen.add(i);
  }
  return [...chosen];
}
