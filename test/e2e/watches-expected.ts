// What the watches E2E expects, from the sandbox's own data and evolution code: the saved search's
// companies at epoch 0 and at epoch 1 (the one the spec steps to, with its rates), so the companies
// that entered and left it and the ones whose records changed are known exactly; and the workbook
// of changes read back.
import ExcelJS from 'exceljs';
import { generateCompanies, type SandboxCompany } from '../../src/sandbox/dataset';
import { evolveCompanies } from '../../src/sandbox/evolution/company-changes';
import { DEFAULT_RATES, type EvolutionRates } from '../../src/sandbox/evolution/settings';
import { compileSearch, parseSearchBody } from '../../src/sandbox/search-filters';

/** The watch specs' search: German companies of 500 to 5,000 employees (about 490 in the sandbox). */
export const DE_500_5000 = {
  filters: {
    and: [
      { attribute: 'country', relation: 'equals', value: 'DE' },
      { attribute: 'employee_count', relation: 'greater_than', value: 500 },
      { attribute: 'employee_count', relation: 'less_than', value: 5000 },
    ],
  },
};

export interface SearchExpectation {
  entered: Set<string>;
  left: Set<string>;
  /** In the search before and after, with a record that changed. */
  changed: Set<string>;
  /** Company ids the evolution touched (added, removed, edited): the change log must say the same. */
  touched: Set<string>;
  before: number;
  /** In the search before and after: each changed field (dotted path) with its old and new value. */
  fieldMoves: Map<string, Array<{ field: string; old: unknown; new: unknown }>>;
}

/** A record's values by dotted path (objects opened, lists and scalars as they are). */
function flat(v: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) flat(x, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, JSON.stringify(v ?? null));
  return out;
}

export function expectSearch(body: unknown, rates: Partial<EvolutionRates>): SearchExpectation {
  const base = generateCompanies(42, 25_000);
  const usedDomains = new Set(base.map((c) => c.website_domain).filter((d): d is string => typeof d === 'string'));
  const next = evolveCompanies({ seed: 42, epoch: 1, at: 0, prev: base, rates: { ...DEFAULT_RATES, ...rates }, nextIndex: base.length, usedDomains });
  const matches = compileSearch(parseSearchBody(body));
  const ids = (list: readonly SandboxCompany[]) => new Map(list.filter(matches).map((c) => [c.company_id, JSON.stringify(c)]));
  const m0 = ids(base);
  const m1 = ids(next.companies);
  const minus = (a: Map<string, string>, b: Map<string, string>) => new Set([...a.keys()].filter((id) => !b.has(id)));
  return {
    entered: minus(m1, m0),
    left: minus(m0, m1),
    changed: new Set([...m1].filter(([id, json]) => m0.has(id) && m0.get(id) !== json).map(([id]) => id)),
    touched: new Set(next.changes.map((c) => c.company_id)),
    before: m0.size,
    fieldMoves: new Map(
      [...m1]
        .filter(([id, json]) => m0.has(id) && m0.get(id) !== json)
        .map(([id, json]) => {
          const a = flat(JSON.parse(m0.get(id)!));
          const b = flat(JSON.parse(json));
          const paths = [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p));
          return [id, paths.map((p) => ({ field: p, old: JSON.parse(a.get(p) ?? 'null'), new: JSON.parse(b.get(p) ?? 'null') }))];
        }),
    ),
  };
}

export interface ChangeRow {
  change: string;
  companyId: string;
  companyName: string;
  field: string | null;
  module: string | null;
  oldValue: unknown;
  newValue: unknown;
  detail: string | null;
}

/**
 * Every change of the workbook as rows (a search watch's Entered and left and Field changes sheets,
 * a list watch's Changes sheet; a sheet without a column reads null there), and the About sheet as
 * label -> value.
 */
export async function readChangesWorkbook(path: string): Promise<{ rows: ChangeRow[]; about: Map<string, unknown> }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const rows: ChangeRow[] = [];
  for (const sheet of wb.worksheets.filter((s) => s.name !== 'About')) {
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const num = (x: unknown) => (typeof x === 'string' && x !== '' && Number.isFinite(Number(x)) ? Number(x) : x);
    sheet.eachRow((r, i) => {
      if (i === 1) return;
      const v = (name: string) => (header.includes(name) ? ((r.getCell(header.indexOf(name) + 1).value as unknown) ?? null) : null);
      rows.push({
        change: sheet.name === 'Field changes' ? 'Field changed' : String(v('change')),
        companyId: String(v('company_id')),
        companyName: String(v('company_name') ?? ''),
        field: (v('field') as string | null) ?? null,
        module: (v('module') as string | null) ?? null,
        oldValue: num(v('old_value')),
        newValue: num(v('new_value')),
        detail: ((v('detail') ?? v('reason')) as string | null) ?? null,
      });
    });
  }
  const about = new Map<string, unknown>();
  wb.getWorksheet('About')!.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
  return { rows, about };
}
