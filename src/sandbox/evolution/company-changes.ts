// What one data epoch does to the company records: some removed, some edited (employees, revenue,
// a move, a new legal form and the name with it, a new phone), some added by the dataset generator
// at indexes past every record made so far, so they look like the rest.
import { makeCompany, type SandboxCompany } from '../dataset';
import { intBetween, pick, type Rng } from '../random';
import { COUNTRIES, STREETS, type CountryInfo } from '../reference-data';
import { drawCount, drawIndexes, epochRng, type DataChange } from './changes';
import type { EvolutionRates } from './settings';

/** By position in the previous epoch's records, so applying it is a copy and a few writes. */
export interface CompanyDelta {
  /** Ascending. */
  removedAt: readonly number[];
  replacedAt: ReadonlyMap<number, SandboxCompany>;
  added: readonly SandboxCompany[];
}

export interface CompanyEpochInput {
  seed: number;
  epoch: number;
  at: number;
  prev: readonly SandboxCompany[];
  rates: EvolutionRates;
  /** Generator index of the next added company. */
  nextIndex: number;
  /** Website domains in use (added records get unique ones); grows with the added records. */
  usedDomains: Set<string>;
}

const countryByCode = new Map(COUNTRIES.map((c) => [c.code, c]));

function digits(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rng() * 10);
  return s;
}

/** A new value `factor` away (3% to 25%, up or down) that differs from the old one after rounding. */
function moved(rng: Rng, old: number, unit: number): number {
  const factor = 1 + (rng() < 0.55 ? 1 : -1) * (0.03 + rng() * 0.22);
  const next = Math.max(unit, Math.round((old * factor) / unit) * unit);
  return next === old ? old + unit : next;
}

type FieldEdit = [path: string, old: unknown, next: unknown];

interface EditKind {
  weight: number;
  applies(c: SandboxCompany, country: CountryInfo | undefined): boolean;
  /** Changes `copy` (a copy of `c` with its own address) and says what changed. */
  apply(copy: SandboxCompany, rng: Rng, country: CountryInfo | undefined): FieldEdit[];
}

const EDITS: EditKind[] = [
  {
    weight: 3,
    applies: (c) => c.employee_count !== null,
    apply(copy, rng) {
      const old = copy.employee_count!;
      copy.employee_count = moved(rng, old, 1);
      return [['employee_count', old, copy.employee_count]];
    },
  },
  {
    weight: 2,
    applies: (c) => c.revenue !== undefined,
    apply(copy, rng) {
      const old = copy.revenue!;
      copy.revenue = moved(rng, old, 1000);
      return [['revenue', old, copy.revenue]];
    },
  },
  {
    weight: 1.5,
    applies: (c, country) => c.address !== null && c.city !== undefined && (country?.cities.length ?? 0) > 1,
    apply(copy, rng, country) {
      const a = copy.address!;
      const old = { city: copy.city, street: a.street, postal: a.postal_code };
      const city = pick(rng, country!.cities.filter((x) => x !== old.city));
      copy.city = city;
      a.city = city;
      a.street = `${intBetween(rng, 1, 250)} ${pick(rng, STREETS)}`;
      a.postal_code = digits(rng, 5);
      return [
        ['city', old.city, city],
        ['address.city', old.city, city],
        ['address.street', old.street, a.street],
        ['address.postal_code', old.postal, a.postal_code],
      ];
    },
  },
  {
    weight: 1,
    applies: (c) => c.address !== null,
    apply(copy, rng) {
      const a = copy.address!;
      const old = a.street;
      a.street = `${intBetween(rng, 1, 250)} ${pick(rng, STREETS)}`;
      if (a.street === old) a.street = `${old} (rear building)`;
      return [['address.street', old, a.street]];
    },
  },
  {
    weight: 1,
    applies: (c, country) => (country?.legalForms.length ?? 0) > 1,
    apply(copy, rng, country) {
      const old = copy.legal_form;
      const form = pick(rng, country!.legalForms.filter((f) => f !== old));
      copy.legal_form = form;
      const out: FieldEdit[] = [['legal_form', old, form]];
      if (copy.name.endsWith(` ${old}`)) {
        const name = `${copy.name.slice(0, -old.length)}${form}`;
        out.push(['name', copy.name, name]);
        copy.name = name;
      }
      return out;
    },
  },
  {
    weight: 1,
    applies: (c, country) => c.phone !== undefined && country !== undefined,
    apply(copy, rng, country) {
      const old = copy.phone;
      copy.phone = `${country!.phonePrefix} ${digits(rng, 3)} ${digits(rng, 7)}`;
      return [['phone', old, copy.phone]];
    },
  },
];

function editable(c: SandboxCompany): EditKind[] {
  const country = countryByCode.get(c.country);
  return EDITS.filter((k) => k.applies(c, country));
}

/** A changed copy of `c` (keys stay in their order) and the fields that changed. */
function edit(c: SandboxCompany, rng: Rng): { record: SandboxCompany; edits: FieldEdit[] } {
  const kinds = editable(c);
  let r = rng() * kinds.reduce((sum, k) => sum + k.weight, 0);
  const kind = kinds.find((k) => (r -= k.weight) < 0) ?? kinds.at(-1);
  if (!kind) throw new Error(`No edit applies to company ${c.company_id}`); // callers pick editable companies only
  const copy: SandboxCompany = { ...c, address: c.address ? { ...c.address } : null };
  return { record: copy, edits: kind.apply(copy, rng, countryByCode.get(c.country)) };
}

export function evolveCompanies(input: CompanyEpochInput): { delta: CompanyDelta; companies: SandboxCompany[]; changes: DataChange[] } {
  const { seed, epoch, at, prev, rates } = input;
  const rng = epochRng(seed, epoch, 'companies');
  const n = prev.length;
  const entry = (kind: DataChange['kind'], c: SandboxCompany): DataChange => ({ epoch, at, kind, company_id: c.company_id, name: c.name });

  // Indexes are drawn below n = prev.length.
  const company = (i: number) => prev[i]!;
  const removedIdx = drawIndexes(rng, n, drawCount(rng, rates.removed, n)).sort((a, b) => a - b);
  const removed = new Set(removedIdx.map((i) => company(i).company_id));
  const changes: DataChange[] = removedIdx.map((i) => entry('removed', company(i)));

  const editIdx = drawIndexes(rng, n, drawCount(rng, rates.field, n), (i) => !removed.has(company(i).company_id) && editable(company(i)).length > 0).sort((a, b) => a - b);
  const replacedAt = new Map<number, SandboxCompany>();
  for (const i of editIdx) {
    const { record, edits } = edit(company(i), rng);
    replacedAt.set(i, record);
    for (const [field, old, next] of edits) changes.push({ ...entry('field', record), field, old, new: next });
  }

  const added: SandboxCompany[] = [];
  const addCount = drawCount(rng, rates.added, n);
  for (let k = 0; k < addCount; k++) added.push(makeCompany(seed, input.nextIndex + k, input.usedDomains));
  for (const c of added) changes.push(entry('added', c));

  const delta: CompanyDelta = { removedAt: removedIdx, replacedAt, added };
  return { delta, companies: applyDelta(prev, delta), changes };
}

/** Epoch `e`'s records from epoch `e - 1`'s and the delta stored for `e`. */
export function applyDelta(prev: readonly SandboxCompany[], delta: CompanyDelta): SandboxCompany[] {
  const out = prev.slice();
  for (const [i, c] of delta.replacedAt) out[i] = c;
  let kept = delta.removedAt[0] ?? out.length;
  for (let i = kept, r = 0; i < out.length; i++) {
    if (delta.removedAt[r] === i) r++; // past the last removal, removedAt[r] is undefined
    else out[kept++] = out[i]!;
  }
  out.length = kept;
  for (const c of delta.added) out.push(c);
  return out;
}
