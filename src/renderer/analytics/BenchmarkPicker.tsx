// The benchmark universe a list's weighted analytics compare with (issue 38): another list (with its
// own weights) or a loaded result set (its rows equally weighted). Stored with the list, so the
// screen and the ESG workbook's Analytics sheet compare with the same.
import { useState } from 'react';
import type { BenchmarkRef } from '../../shared/lists/weights';
import { useLists, useSetBenchmark } from '../data/lists';
import { useSnapshots } from '../data/snapshots';
import { ErrorMessage } from '../ui/ErrorMessage';
import { SelectField } from '../ui/Field';
import { formatCount, formatWhen } from '../ui/format';

const valueOf = (b: BenchmarkRef | null) => (b === null ? '' : b.kind === 'list' ? `list:${b.listId}` : `snapshot:${b.snapshotId}`);

function refOf(value: string): BenchmarkRef | null {
  const [kind, id] = value.split(':');
  if (kind === 'list') return { kind, listId: Number(id) };
  if (kind === 'snapshot') return { kind, snapshotId: Number(id) };
  return null;
}

export function BenchmarkPicker({ listId, current }: { listId: number; current: BenchmarkRef | null }) {
  const lists = useLists();
  const snapshots = useSnapshots(true);
  const save = useSetBenchmark();
  const loaded = (snapshots.data ?? []).filter((s) => s.status === 'complete' || s.status === 'capped');
  // The analyst's pick shows at once, while it is saved and the analytics re-read (the select would
  // go back to the stored benchmark meanwhile): until the stored one changes, or the save fails.
  const stored = valueOf(current);
  const [pick, setPick] = useState<{ value: string; over: string } | null>(null);
  if (pick && pick.over !== stored) setPick(null);
  const choose = (value: string) => {
    setPick({ value, over: stored });
    save.mutateAsync({ id: listId, benchmark: refOf(value) }).catch(() => setPick(null)); // the error shows below
  };
  return (
    <div className="analytics-weighted__benchmark">
      <SelectField
        label="Benchmark"
        value={pick?.value ?? stored}
        disabled={save.isPending}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">None</option>
        <optgroup label="Lists">
          {(lists.data ?? [])
            .filter((l) => l.id !== listId)
            .map((l) => (
              <option key={l.id} value={`list:${l.id}`}>
                {l.name} ({formatCount(l.memberCount)})
              </option>
            ))}
        </optgroup>
        {loaded.length ? (
          <optgroup label="Loaded result sets">
            {loaded.map((s) => (
              <option key={s.id} value={`snapshot:${s.id}`}>
                Loaded {formatWhen(s.finishedAt ?? s.startedAt)} ({formatCount(s.rowCount)} rows)
              </option>
            ))}
          </optgroup>
        ) : null}
      </SelectField>
      {save.error ? <ErrorMessage error={save.error} title="Could not change the benchmark" /> : null}
    </div>
  );
}
