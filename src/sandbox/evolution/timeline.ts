// The sandbox's data through time: epoch 0 is the generated dataset, each later epoch applies the
// changes drawn for (seed, epoch) to the one before. Epochs are computed in order, on first need,
// and keep only their delta and change log; a few recent datasets are kept whole (pagination
// sessions read the epoch they started in), older ones are replayed from their deltas.
import type { EsgModule } from '../../shared/service/schemas';
import type { Clock } from '../clock';
import type { Dataset, SandboxCompany } from '../dataset';
import type { EsgItem, ScoreValues } from '../esg/content';
import { BaseEsgContent, esgKnownId, type EsgSource } from '../esg/source';
import type { DataChange } from './changes';
import { applyDelta, evolveCompanies, type CompanyDelta } from './company-changes';
import { EpochClock } from './epochs';
import { epochDataset } from './epoch-dataset';
import { evolveEsg } from './esg-changes';
import { EsgTruth } from './esg-truth';
import { mergeSettings, type EvolutionRates, type EvolutionSettings } from './settings';

export interface EvolutionView extends EvolutionSettings {
  /** The data epoch now. */
  epoch: number;
  /** Clock ms: when epoch 0 began (the sandbox's start), when this epoch began, when the next begins (null while off). */
  startedAt: number;
  epochStartedAt: number;
  nextEpochAt: number | null;
}

const KEPT_DATASETS = 4;

export class DataTimeline implements EsgSource {
  readonly seed: number;
  private readonly epochs: EpochClock;
  private readonly truth: EsgTruth;
  private rates: EvolutionRates;
  /** deltas[e]: what epoch e did to epoch e - 1's records (index 0 unused). */
  private readonly deltas: CompanyDelta[] = [];
  private readonly log: DataChange[][] = [[]];
  private latestEpoch = 0;
  private latestCompanies: readonly SandboxCompany[];
  private readonly datasets = new Map<number, Dataset>();
  private readonly jsonOf = new WeakMap<SandboxCompany, string>();
  private nextIndex: number;
  private usedDomains: Set<string> | null = null;
  /** Newest record of every company changed or added so far (others are the base record). */
  private readonly lastRecord = new Map<string, SandboxCompany>();
  private readonly addedAt = new Map<string, number>();
  private readonly firstAdded = new Map<string, SandboxCompany>();

  constructor(
    private readonly base: Dataset,
    private readonly clock: Clock,
    settings: EvolutionSettings,
    /** The ESG pace's items per session at start: base commitment sets are drawn with it. */
    itemsPerSession: number,
  ) {
    if (!Number.isFinite(settings.epochMs) || settings.epochMs <= 0) throw new RangeError(`evolution.epochMs must be a positive number of clock ms; got ${settings.epochMs}`);
    this.seed = base.seed;
    this.epochs = new EpochClock(clock, settings.epochMs, settings.enabled);
    this.rates = { ...settings.rates };
    this.latestCompanies = base.companies;
    this.nextIndex = base.companies.length;
    const baseContent = new BaseEsgContent(base.seed, itemsPerSession, this.epochs.startedAt);
    this.truth = new EsgTruth(baseContent, (id) => base.byId.get(id) ?? this.firstAdded.get(id));
  }

  /** The data epoch now (computed up to it). */
  epoch(): number {
    const e = this.epochs.current();
    while (this.latestEpoch < e) this.computeNext();
    return e;
  }

  current(): Dataset {
    return this.at(this.epoch());
  }

  /** The dataset of an epoch up to the current one (a later one is computed too; it never changes once computed). */
  at(epoch: number): Dataset {
    if (epoch === 0) return this.base;
    while (this.latestEpoch < epoch) this.computeNext();
    const hit = this.datasets.get(epoch);
    if (hit) {
      this.datasets.delete(epoch);
      this.datasets.set(epoch, hit);
      return hit;
    }
    const companies = epoch === this.latestEpoch ? this.latestCompanies : this.replay(epoch);
    const ds = epochDataset(this.seed, companies, this.jsonOf);
    this.datasets.set(epoch, ds);
    if (this.datasets.size > KEPT_DATASETS) this.datasets.delete(this.datasets.keys().next().value as number);
    return ds;
  }

  /** Changes of the epochs after `since` up to `until` (default: all so far), oldest first. */
  changes(since = 0, until?: number): DataChange[] {
    const last = Math.min(until ?? Number.POSITIVE_INFINITY, this.epoch());
    const out: DataChange[] = [];
    for (let e = since + 1; e <= last; e++) out.push(...this.log[e]!); // every epoch up to epoch() has its log
    return out;
  }

  view(): EvolutionView {
    const epoch = this.epoch();
    return {
      enabled: this.epochs.enabled,
      epochMs: this.epochs.epochMs,
      rates: { ...this.rates },
      epoch,
      startedAt: this.epochs.startedAt,
      epochStartedAt: this.epochs.startOf(epoch),
      nextEpochAt: this.epochs.nextStart(),
    };
  }

  /** Rates apply to epochs not reached yet; epochMs keeps the current epoch (the next starts epochMs from now). */
  update(patch: Partial<Omit<EvolutionSettings, 'rates'>> & { rates?: Partial<EvolutionRates> }): EvolutionView {
    this.epoch(); // epochs reached so far keep the rates they had
    const next = mergeSettings({ enabled: this.epochs.enabled, epochMs: this.epochs.epochMs, rates: this.rates }, patch);
    this.rates = next.rates;
    this.epochs.setEpochMs(next.epochMs);
    this.epochs.setEnabled(next.enabled);
    return this.view();
  }

  /** Clock ms from now to the start of the epoch `n` after the current one. */
  msUntilEpochsAhead(n: number): number {
    if (!this.epochs.enabled) throw new Error('Data evolution is off; turn it on (enabled: true) before stepping epochs');
    return Math.max(0, this.epochs.startOf(this.epochs.current() + n) - this.clock.now());
  }

  // EsgSource: what the ESG engine reads.
  company(id: string): SandboxCompany | undefined {
    const e = this.epoch();
    const added = this.addedAt.get(id);
    if (added !== undefined && added > e) return undefined;
    return this.lastRecord.get(id) ?? this.base.byId.get(id);
  }

  scoreAt(id: string, epoch: number): ScoreValues {
    return this.truth.scoreAt(id, epoch);
  }

  commitmentsAt(id: string, epoch: number): EsgItem[] {
    return this.truth.commitmentsAt(id, epoch);
  }

  newsBetween(id: string, afterEpoch: number, throughEpoch: number): EsgItem[] {
    return this.truth.newsBetween(id, afterEpoch, throughEpoch);
  }

  changed(id: string, module: EsgModule, afterEpoch: number, throughEpoch: number): boolean {
    return this.truth.changed(id, module, afterEpoch, throughEpoch);
  }

  private replay(epoch: number): readonly SandboxCompany[] {
    let from = 0;
    let companies = this.base.companies;
    for (const [e, ds] of this.datasets) {
      if (e <= epoch && e > from) {
        from = e;
        companies = ds.companies;
      }
    }
    for (let e = from + 1; e <= epoch; e++) companies = applyDelta(companies, this.deltas[e]!); // every epoch after 0 has its delta
    return companies;
  }

  private domains(): Set<string> {
    if (!this.usedDomains) {
      this.usedDomains = new Set();
      for (const c of this.base.companies) if (c.website_domain) this.usedDomains.add(c.website_domain);
    }
    return this.usedDomains;
  }

  private computeNext(): void {
    const epoch = this.latestEpoch + 1;
    const at = this.epochs.startOf(epoch);
    const rec = evolveCompanies({ seed: this.seed, epoch, at, prev: this.latestCompanies, rates: this.rates, nextIndex: this.nextIndex, usedDomains: this.domains() });
    this.nextIndex += rec.delta.added.length;
    for (const c of rec.delta.replacedAt.values()) this.lastRecord.set(c.company_id, c);
    for (const c of rec.delta.added) {
      this.lastRecord.set(c.company_id, c);
      this.addedAt.set(c.company_id, epoch);
      this.firstAdded.set(c.company_id, c);
    }
    const epochMs = at - this.epochs.startOf(epoch - 1);
    const esg = evolveEsg({ seed: this.seed, epoch, at, epochMs, companies: rec.companies, rates: this.rates, truth: this.truth, known: (id) => esgKnownId(this.seed, id) });
    for (const [id, event] of esg.events) this.truth.record(id, event);
    this.deltas[epoch] = rec.delta;
    this.log[epoch] = [...rec.changes, ...esg.changes];
    this.latestEpoch = epoch;
    this.latestCompanies = rec.companies;
  }
}
