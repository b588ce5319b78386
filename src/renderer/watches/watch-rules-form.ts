// The Watch dialog's alert rules as typed <-> WatchRules (issue 38): rows of field, kind and value
// for a search; a threshold per pillar, downgrades only and a news keyword for a list. Numbers are
// read with the analyst's decimal mark; what cannot be read is left for the schema to name.
import { PILLARS, WatchRulesSchema, type FieldRule, type Pillar, type WatchRules } from '../../shared/watches/rules';

export interface RuleRowForm {
  field: string;
  kind: FieldRule['kind'];
  /** The percentage, amount or value to cross, as typed. */
  value: string;
}

export interface RulesForm {
  fields: RuleRowForm[];
  pillars: Record<Pillar, string>;
  ratings: 'any' | 'downgrades';
  newsKeyword: string;
  commitments: 'any' | 'status';
}

export const EMPTY_RULES_FORM: RulesForm = { fields: [], pillars: { overall: '', environmental: '', social: '', governance: '' }, ratings: 'any', newsKeyword: '', commitments: 'any' };

const numberOf = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed.trim().replace(/\s/g, '').replace(',', '.')));

function ruleOf(r: RuleRowForm): FieldRule {
  switch (r.kind) {
    case 'percent':
      return { kind: 'percent', field: r.field, min: numberOf(r.value) };
    case 'absolute':
      return { kind: 'absolute', field: r.field, min: numberOf(r.value) };
    case 'crosses':
      return { kind: 'crosses', field: r.field, value: numberOf(r.value) };
    case 'ignore':
      return { kind: 'ignore', field: r.field };
  }
}

/** The rules the form shows, for the target's kind; nothing when they say nothing. */
export function rulesOfForm(f: RulesForm, target: 'search' | 'list'): { rules?: WatchRules } {
  const rules: WatchRules = {};
  if (target === 'search') {
    if (f.fields.length) rules.fields = f.fields.map(ruleOf);
  } else {
    const pillars = Object.fromEntries(PILLARS.filter((p) => f.pillars[p].trim() !== '').map((p) => [p, numberOf(f.pillars[p])]));
    if (Object.keys(pillars).length) rules.pillars = pillars;
    if (f.ratings === 'downgrades') rules.ratings = 'downgrades';
    if (f.newsKeyword.trim()) rules.newsKeyword = f.newsKeyword.trim();
    if (f.commitments === 'status') rules.commitments = 'status';
  }
  return Object.keys(rules).length ? { rules } : {};
}

export function rulesFormOf(r: WatchRules | undefined): RulesForm {
  if (!r) return EMPTY_RULES_FORM;
  const value = (x: FieldRule) => (x.kind === 'percent' || x.kind === 'absolute' ? String(x.min) : x.kind === 'crosses' ? String(x.value) : '');
  return {
    fields: (r.fields ?? []).map((x) => ({ field: x.field, kind: x.kind, value: value(x) })),
    pillars: { ...EMPTY_RULES_FORM.pillars, ...Object.fromEntries(Object.entries(r.pillars ?? {}).map(([p, v]) => [p, String(v)])) },
    ratings: r.ratings ?? 'any',
    newsKeyword: r.newsKeyword ?? '',
    commitments: r.commitments ?? 'any',
  };
}

/** A rule's problem with its place: "Rule 2: Enter a percentage above 0". */
export function ruleMessage(path: string[], message: string): string {
  if (path[0] === 'rules' && path[1] === 'fields' && path[2] !== undefined && /^\d+$/.test(path[2])) return `Rule ${Number(path[2]) + 1}: ${message}`;
  if (path[0] === 'rules' && path[1] === 'pillars' && path[2]) return `${path[2][0]!.toUpperCase()}${path[2].slice(1)} score: ${message}`;
  return message;
}

/** The rules as typed, checked alone (a form without the Watch dialog's other fields): the rules, or their first problem. */
export function checkRulesForm(f: RulesForm, target: 'search' | 'list'): { ok: true; rules?: WatchRules } | { ok: false; error: string } {
  const { rules } = rulesOfForm(f, target);
  if (!rules) return { ok: true };
  const parsed = WatchRulesSchema.safeParse(rules);
  if (parsed.success) return { ok: true, rules: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, error: ruleMessage(['rules', ...issue.path.map(String)], issue.message) };
}
