// A list's portfolio weights in the workspace database (migration "list weights"): the members'
// weights as given, the list's weighting ('equal' | 'given') and its benchmark. ListStore checks that
// the list exists and belongs to the profile, inside its transaction, before it calls these.
import { AppError } from '../../../shared/errors';
import { BenchmarkRefSchema, type BenchmarkRef, type Weighting, type WeightInput } from '../../../shared/lists/weights';
import type { WorkspaceDb } from '../../platform/workspace/db';

/** The stored benchmark, or null (also for a value this build cannot read: the analyst picks again). */
export function parseBenchmark(text: string | null): BenchmarkRef | null {
  if (!text) return null;
  try {
    const r = BenchmarkRefSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Writes the weights (null clears one) and the weighting. Every id must be a member: a weight for a
 * company that left the list in the meantime refuses the whole change, so nothing half-applies.
 */
export function writeWeights(db: WorkspaceDb, listId: number, o: { weighting?: Weighting; weights?: readonly WeightInput[] }): void {
  for (const w of o.weights ?? []) {
    const n = db.sql.run('UPDATE list_members SET weight = ? WHERE list_id = ? AND company_id = ?', [w.weight, listId, w.companyId.toLowerCase()]).changes;
    if (n === 0) throw new AppError('not_found', `This company (${w.companyId}) is no longer in the list; its weight was not saved.`, { details: { field: 'weight', companyId: w.companyId } });
  }
  if (o.weighting) db.sql.run('UPDATE lists SET weighting = ? WHERE id = ?', [o.weighting, listId]);
}

export function writeBenchmark(db: WorkspaceDb, listId: number, benchmark: BenchmarkRef | null): void {
  if (benchmark?.kind === 'list' && benchmark.listId === listId) throw new AppError('invalid_input', 'A list cannot be its own benchmark: pick another list or a loaded result set.', { details: { field: 'benchmark' } });
  db.sql.run('UPDATE lists SET benchmark_json = ? WHERE id = ?', [benchmark ? JSON.stringify(benchmark) : null, listId]);
}
