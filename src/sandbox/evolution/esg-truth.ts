// A company's ESG data in every epoch: the base content (what a first session has always shown)
// plus the events each epoch added, kept per company in epoch order.
import type { EsgModule } from '../../shared/service/schemas';
import type { SandboxCompany } from '../dataset';
import type { EsgItem, ScoreValues } from '../esg/content';
import type { BaseEsgContent } from '../esg/source';

export type EsgEvent =
  | { epoch: number; module: 'scores'; values: ScoreValues }
  | { epoch: number; module: 'news'; item: EsgItem }
  /** A new commitment, or a changed one (same commitment_id) that replaces it. */
  | { epoch: number; module: 'commitments'; item: EsgItem };

export class EsgTruth {
  private readonly events = new Map<string, EsgEvent[]>();

  constructor(
    readonly base: BaseEsgContent,
    /** The company as first known (base commitments name it). */
    private readonly firstRecord: (id: string) => SandboxCompany | undefined,
  ) {}

  record(companyId: string, event: EsgEvent): void {
    let list = this.events.get(companyId);
    if (!list) this.events.set(companyId, (list = []));
    list.push(event);
  }

  private eventsOf(id: string): readonly EsgEvent[] {
    return this.events.get(id) ?? [];
  }

  scoreAt(id: string, epoch: number): ScoreValues {
    let v = this.base.score(id);
    for (const e of this.eventsOf(id)) if (e.epoch <= epoch && e.module === 'scores') v = e.values;
    return v;
  }

  commitmentsAt(id: string, epoch: number): EsgItem[] {
    const company = this.firstRecord(id);
    if (!company) return [];
    const list = [...this.base.commitmentsOf(company)];
    for (const e of this.eventsOf(id)) {
      if (e.epoch > epoch || e.module !== 'commitments') continue;
      const at = list.findIndex((c) => c.commitment_id === e.item.commitment_id);
      if (at >= 0) list[at] = e.item;
      else list.push(e.item);
    }
    return list;
  }

  newsBetween(id: string, afterEpoch: number, throughEpoch: number): EsgItem[] {
    const out: EsgItem[] = [];
    for (const e of this.eventsOf(id)) if (e.module === 'news' && e.epoch > afterEpoch && e.epoch <= throughEpoch) out.push(e.item);
    return out;
  }

  changed(id: string, module: EsgModule, afterEpoch: number, throughEpoch: number): boolean {
    return this.eventsOf(id).some((e) => e.module === module && e.epoch > afterEpoch && e.epoch <= throughEpoch);
  }
}
