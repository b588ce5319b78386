// Whether a company record meets one search condition, by the service's documented semantics
// (docs/service-defaults.md: text compares case-insensitively; not_equals and not_in also match a
// record without the attribute; the range of `between` is inclusive). The sandbox answers searches
// with it, and a watch names the condition a company that left its search no longer meets.
import type { Relation } from '../service/catalogue';

export interface Condition {
  attribute: string;
  relation: Relation;
  value: unknown;
}

export type RecordTest = (record: Record<string, unknown>) => boolean;

const fold = (v: unknown): unknown => (typeof v === 'string' ? v.toLowerCase() : v);
const present = (v: unknown) => v !== undefined && v !== null;

export function conditionTest({ attribute, relation, value }: Condition): RecordTest {
  const get = (r: Record<string, unknown>): unknown => r[attribute];
  switch (relation) {
    case 'equals': {
      const want = fold(value);
      return (r) => fold(get(r)) === want;
    }
    case 'not_equals': {
      const want = fold(value);
      return (r) => fold(get(r)) !== want;
    }
    case 'in': {
      const set = new Set((value as unknown[]).map(fold));
      return (r) => set.has(fold(get(r)));
    }
    case 'not_in': {
      const set = new Set((value as unknown[]).map(fold));
      return (r) => !set.has(fold(get(r)));
    }
    case 'greater_than':
      return (r) => present(get(r)) && (get(r) as number) > (value as number);
    case 'less_than':
      return (r) => present(get(r)) && (get(r) as number) < (value as number);
    case 'between': {
      const [min, max] = value as [number, number];
      return (r) => {
        const v = get(r);
        return present(v) && (v as number) >= min && (v as number) <= max;
      };
    }
    case 'contains': {
      const want = (value as string).toLowerCase();
      return (r) => {
        const v = get(r);
        return typeof v === 'string' && v.toLowerCase().includes(want);
      };
    }
    case 'starts_with': {
      const want = (value as string).toLowerCase();
      return (r) => {
        const v = get(r);
        return typeof v === 'string' && v.toLowerCase().startsWith(want);
      };
    }
  }
}
