// The review's threshold: rows whose best candidate is at or above it are accepted automatically.
// Main re-sorts every row on each change, so the value is sent once the slider rests.
import { useEffect, useRef, useState } from 'react';
import type { BulkJobView } from '../../shared/bridge/groups/match';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useSetThreshold } from '../data/match-review';

export function ThresholdSlider({ job }: { job: BulkJobView }) {
  const setThreshold = useSetThreshold(job.id);
  const [value, setValue] = useState(Math.round(job.review.threshold * 100));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Follow the job when another view moved it (or a new job starts with the profile's threshold).
  useEffect(() => {
    if (!timer.current) setValue(Math.round(job.review.threshold * 100));
  }, [job.id, job.review.threshold]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const change = (v: number) => {
    setValue(v);
    if (timer.current) clearTimeout(timer.current);
    // Main re-sorts every row on each move: send the value once the slider rests.
    timer.current = setTimeout(() => {
      timer.current = null;
      setThreshold.mutate(v / 100);
    }, 200);
  };

  return (
    <div className="field match-review__threshold">
      <label htmlFor={`match-threshold-${job.id}`} className="field__label">
        Accept automatically at or above {value}% confidence
      </label>
      <input
        id={`match-threshold-${job.id}`}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-valuetext={`${value}%`}
        aria-describedby={`match-threshold-hint-${job.id}`}
        onChange={(e) => change(Number(e.target.value))}
      />
      <p className="field__hint" id={`match-threshold-hint-${job.id}`}>
        Rows whose best candidate is below it wait for review. Remembered for this profile.
      </p>
      {setThreshold.error ? <ErrorMessage error={setThreshold.error} /> : null}
    </div>
  );
}
