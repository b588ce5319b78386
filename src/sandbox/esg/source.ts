// What the ESG engine reads about a company's data: its base scores and commitments (the ones a
// first session has always produced, now fixed per seed and company so a change log can name old
// values) and what the data epochs changed since (src/sandbox/evolution). Without evolution, a
// static source: epoch 0 forever.
import type { EsgModule } from '../../shared/service/schemas';
import type { Dataset, SandboxCompany } from '../dataset';
import { createRng, hashString, intBetween } from '../random';
import { arrivalOffsets, commitment, scoreValues, sessionItemCount, type EsgItem, type ScoreValues } from './content';

const DAY = 86_400_000;

export interface EsgSource {
  readonly seed: number;
  /** The data epoch now. */
  epoch(): number;
  /** The company now, or as it was last seen if it has been removed; undefined if never (yet) known. */
  company(id: string): SandboxCompany | undefined;
  scoreAt(id: string, epoch: number): ScoreValues;
  commitmentsAt(id: string, epoch: number): EsgItem[];
  /** Articles that arrived in epochs after `afterEpoch` up to `throughEpoch`. */
  newsBetween(id: string, afterEpoch: number, throughEpoch: number): EsgItem[];
  /** Whether an epoch in (afterEpoch, throughEpoch] changed this company's module. */
  changed(id: string, module: EsgModule, afterEpoch: number, throughEpoch: number): boolean;
}

/** About 5% of companies (deterministic per seed) are unknown to the ESG sources. */
export function esgKnownId(seed: number, companyId: string): boolean {
  return hashString(`esg:${seed}:${companyId}`) % 100 >= 5;
}

/** The first session's generator: base content replays its draws so first runs keep their content. */
const firstRunRng = (seed: number, companyId: string, module: EsgModule) => createRng(hashString(`session:${seed}:${companyId}:${module}:0`));

export function baseScore(seed: number, companyId: string): ScoreValues {
  const rng = firstRunRng(seed, companyId, 'scores');
  arrivalOffsets(rng, 1, 1);
  return scoreValues(rng);
}

/** Announced dates count back from `refMs` (the sandbox's start), so the set does not depend on when it is asked for. */
export function baseCommitments(seed: number, company: SandboxCompany, itemsPerSession: number, refMs: number): EsgItem[] {
  const rng = firstRunRng(seed, company.company_id, 'commitments');
  const n = sessionItemCount(rng, 'commitments', itemsPerSession);
  arrivalOffsets(rng, n, 1);
  const out: EsgItem[] = [];
  for (let i = 0; i < n; i++) out.push(commitment(rng, company.name, refMs - intBetween(rng, 0, 6 * 365) * DAY));
  return out;
}

/** Base content per company, cached (computed on first use). */
export class BaseEsgContent {
  private readonly scores = new Map<string, ScoreValues>();
  private readonly commitments = new Map<string, EsgItem[]>();

  constructor(
    readonly seed: number,
    private readonly itemsPerSession: number,
    private readonly refMs: number,
  ) {}

  score(id: string): ScoreValues {
    let v = this.scores.get(id);
    if (!v) this.scores.set(id, (v = baseScore(this.seed, id)));
    return v;
  }

  commitmentsOf(company: SandboxCompany): EsgItem[] {
    let v = this.commitments.get(company.company_id);
    if (!v) this.commitments.set(company.company_id, (v = baseCommitments(this.seed, company, this.itemsPerSession, this.refMs)));
    return v;
  }
}

export function staticEsgSource(dataset: Dataset, base: BaseEsgContent): EsgSource {
  return {
    seed: dataset.seed,
    epoch: () => 0,
    company: (id) => dataset.byId.get(id),
    scoreAt: (id) => base.score(id),
    commitmentsAt: (id) => [...base.commitmentsOf(dataset.byId.get(id)!)],
    newsBetween: () => [],
    changed: () => false,
  };
}
