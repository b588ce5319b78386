// The "Watch…" dialog's form state <-> WatchInput, validated with the shared schema before anything
// is sent. Nothing costly is preselected: checks only on "Check now", not at start, no ESG module.
import { SCORE_THRESHOLD_DEFAULT, WatchInputSchema, type WatchInfo, type WatchInput, type WatchSchedule, type WatchTarget } from '../../shared/watches/watches';
import type { EsgModule } from '../../shared/service/schemas';
import { toDisplayError, errorField } from '../ui/errors';
import { pageTimeZone } from '../ui/format';
import { EMPTY_RULES_FORM, ruleMessage, rulesFormOf, rulesOfForm, type RulesForm } from './watch-rules-form';

export type ScheduleKind = WatchSchedule['kind'];

/** What is watched, with the name the dialog shows and prefills. */
export type WatchTargetRef = { kind: 'search'; savedSearchId: string; name: string } | { kind: 'list'; listId: number; name: string; memberCount: number };

export interface WatchFormState {
  name: string;
  schedule: ScheduleKind;
  /** HH:MM for daily and weekly. */
  at: string;
  /** 0 = Sunday ... 6 = Saturday. */
  day: number;
  checkAtStart: boolean;
  /** List watches only. */
  modules: EsgModule[];
  /** Score points as typed (list watches only). */
  threshold: string;
  /** Alert rules as typed (issue 38; watch-rules-form.ts). */
  rules: RulesForm;
}

export type FormField = 'name' | 'at' | 'day' | 'modules' | 'threshold' | 'rules';
export type FieldErrors = Partial<Record<FormField, string>>;

export function initialForm(target: WatchTargetRef): WatchFormState {
  return { name: target.name.slice(0, 120), schedule: 'manual', at: '08:00', day: 1, checkAtStart: false, modules: [], threshold: String(SCORE_THRESHOLD_DEFAULT), rules: EMPTY_RULES_FORM };
}

/** The form of an existing watch (Edit). */
export function formOf(w: WatchInfo): WatchFormState {
  const s = w.schedule;
  return {
    name: w.name,
    schedule: s.kind,
    at: s.kind === 'daily' || s.kind === 'weekly' ? s.at : '08:00',
    day: s.kind === 'weekly' ? s.day : 1,
    checkAtStart: w.checkAtStart,
    modules: w.target.kind === 'list' ? [...w.target.modules] : [],
    threshold: String(w.scoreThreshold),
    rules: rulesFormOf(w.rules),
  };
}

/** The target of an existing watch, for the dialog's wording. */
export function refOf(w: WatchInfo): WatchTargetRef {
  const name = w.targetName ?? w.name;
  return w.target.kind === 'search' ? { kind: 'search', savedSearchId: w.target.savedSearchId, name } : { kind: 'list', listId: w.target.listId, name, memberCount: 0 };
}

export function scheduleOf(f: WatchFormState): WatchSchedule {
  switch (f.schedule) {
    case 'manual':
      return { kind: 'manual' };
    case 'hourly':
      return { kind: 'hourly' };
    // The time as the analyst means it: in this page's zone, wherever the core runs (issue 39 #5).
    case 'daily':
      return { kind: 'daily', at: f.at, timeZone: pageTimeZone() };
    case 'weekly':
      return { kind: 'weekly', day: f.day, at: f.at, timeZone: pageTimeZone() };
  }
}

export function targetOf(ref: WatchTargetRef, f: WatchFormState): WatchTarget {
  return ref.kind === 'search' ? { kind: 'search', savedSearchId: ref.savedSearchId } : { kind: 'list', listId: ref.listId, modules: [...f.modules] };
}

/** Where an issue's path (as zod or main's invalid_input names it) shows in the form. */
export function formFieldOf(path: string | undefined): FormField | undefined {
  if (!path) return undefined;
  if (path === 'name') return 'name';
  if (path.startsWith('schedule.at')) return 'at';
  if (path.startsWith('schedule.day')) return 'day';
  if (path.startsWith('target.modules')) return 'modules';
  if (path === 'scoreThreshold') return 'threshold';
  if (path.startsWith('rules')) return 'rules';
  return undefined;
}

const friendly: Partial<Record<FormField, (msg: string) => string>> = {
  modules: () => 'Choose at least one ESG module to watch',
  threshold: () => 'Enter a number of score points from 0.1 to 100',
  name: (m) => (/too small|>=1/i.test(m) ? 'Name is required' : m),
};

export type FormResult = { ok: true; input: WatchInput } | { ok: false; errors: FieldErrors };

/** The input exactly as the form shows it, or the problems next to their fields. */
export function validateForm(ref: WatchTargetRef, f: WatchFormState): FormResult {
  const threshold = f.threshold.trim() === '' ? Number.NaN : Number(f.threshold.trim().replace(',', '.'));
  const candidate = {
    name: f.name,
    target: targetOf(ref, f),
    schedule: scheduleOf(f),
    checkAtStart: f.checkAtStart,
    scoreThreshold: ref.kind === 'list' ? threshold : SCORE_THRESHOLD_DEFAULT,
    ...rulesOfForm(f.rules, ref.kind),
  };
  const parsed = WatchInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    if (field) errors[field] ??= friendly[field]?.(issue.message) ?? ruleMessage(issue.path.map(String), issue.message);
  }
  return { ok: false, errors };
}

/** A server-side invalid_input that names a field of this form, as that field's message. */
export function serverFieldError(e: unknown): { field: FormField; message: string } | null {
  const field = formFieldOf(errorField(e));
  if (!field) return null;
  // "Invalid input: schedule.at: Enter a time as HH:MM" -> "Enter a time as HH:MM".
  const message = toDisplayError(e).message.replace(/^Invalid input: /, '').replace(/^[\w.]+: /, '');
  return { field, message };
}
