// The desktop notification of a finished ESG run.
import { MODULE_LABELS } from '../../../shared/esg/count-semantics';
import { progressText, runProgress } from '../../../shared/esg-runs/progress';
import type { RunInfo } from '../../../shared/esg-runs/schemas';
import { notificationText } from '../../../shared/service-text';
import { sentenceCount } from '../../../shared/sentence-numbers';

/**
 * Notification text: the run's label and counts, never ids; the same progress words as the board
 * ("570 of 600 cells done (95 %) · 30 not found"), so cells that ended without data are never "done".
 */
export function finishedText(run: RunInfo): { title: string; body: string } {
  const modules = run.modules.map((m) => MODULE_LABELS[m].toLowerCase()).join(', ');
  const companies = `${sentenceCount(run.companies)} ${run.companies === 1 ? 'company' : 'companies'}`;
  // The label holds company names (service text): it reaches the page's notice and the OS as one clean line.
  return notificationText(`ESG run finished: ${run.label}`, `${companies} (${modules}): ${progressText(runProgress(run.counts, run.total))}.`);
}
