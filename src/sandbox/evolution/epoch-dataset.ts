// A Dataset for one epoch's records. Records unchanged since an earlier epoch are the same
// objects, so their JSON (kept per record) is written once, not once per epoch; the lookup maps
// are built on first use (search walks pages and never needs them).
import type { Dataset, SandboxCompany } from '../dataset';

export function epochDataset(seed: number, companies: readonly SandboxCompany[], jsonOf: WeakMap<SandboxCompany, string>): Dataset {
  const json: (string | undefined)[] = new Array(companies.length);
  let byId: Map<string, SandboxCompany> | null = null;
  let indexById: Map<string, number> | null = null;
  return {
    seed,
    companies,
    get byId() {
      return (byId ??= new Map(companies.map((c) => [c.company_id, c])));
    },
    get indexById() {
      return (indexById ??= new Map(companies.map((c, i) => [c.company_id, i])));
    },
    recordJson(i) {
      let s = json[i];
      if (s === undefined) {
        const c = companies[i];
        if (!c) throw new RangeError(`No company at index ${i} (the epoch has ${companies.length})`);
        s = jsonOf.get(c);
        if (s === undefined) jsonOf.set(c, (s = JSON.stringify(c)));
        json[i] = s;
      }
      return s;
    },
  };
}
