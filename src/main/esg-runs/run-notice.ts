// The desktop notification of a finished ESG run.
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import type { RunInfo } from '../../shared/esg-runs/schemas';

/** Notification text: the run's label and counts, never ids. */
export function finishedText(run: RunInfo): { title: string; body: string } {
  const c = run.counts;
  const n = (v: number) => v.toLocaleString('en-US');
  const parts = [`${n(c.complete)} complete`];
  if (c.not_found) parts.push(`${n(c.not_found)} not found`);
  if (c.no_access) parts.push(`${n(c.no_access)} without access`);
  if (c.failed) parts.push(`${n(c.failed)} failed`);
  if (c.cancelled) parts.push(`${n(c.cancelled)} cancelled`);
  const modules = run.modules.map((m) => MODULE_LABELS[m].toLowerCase()).join(', ');
  const companies = `${n(run.companies)} ${run.companies === 1 ? 'company' : 'companies'}`;
  return { title: `ESG run finished: ${run.label}`, body: `${companies} (${modules}): ${parts.join(', ')}.` };
}
