// Bulk match: set up a CSV, then follow the job (progress, per-row status, retry, export). Jobs are
// kept in the profile's workspace database: the latest one opens again after a restart, earlier
// ones are listed under the setup.
import { useState } from 'react';
import type { MatchCandidate } from '../../shared/service/schemas';
import { ErrorMessage } from '../ui/ErrorMessage';
import { BulkJobHistory } from './BulkJobHistory';
import { BulkJobPanel } from './BulkJobPanel';
import { BulkReview } from './BulkReview';
import { BulkRowsTable } from './BulkRowsTable';
import { BulkSetup, type BulkStartRequest } from './BulkSetup';
import { useBulkJobs } from '../data/match';
import { matchCalls } from '../data/match';

export function BulkMatch({ onOpen }: { onOpen(c: MatchCandidate): void }) {
  const jobs = useBulkJobs();
  // Coming back to the screen shows the latest job again; "New bulk match" clears it.
  const [jobId, setJobId] = useState<string | null | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const currentId = jobId === undefined ? jobs.data?.[0]?.id : jobId;
  const job = jobs.data?.find((j) => j.id === currentId);

  const start = async (req: BulkStartRequest) => {
    setStarting(true);
    setStartError(null);
    try {
      const view = await matchCalls.bulkStart(req);
      setJobId(view.id);
      await jobs.refetch();
    } catch (e) {
      setStartError(e);
    } finally {
      setStarting(false);
    }
  };

  if (job) {
    return (
      <div className="match-bulk">
        <BulkJobPanel job={job} onNew={() => setJobId(null)} earlier={(jobs.data?.length ?? 0) - 1} />
        {job.matched > 0 ? <BulkReview job={job} /> : null}
        <BulkRowsTable job={job} onOpen={onOpen} />
      </div>
    );
  }
  return (
    <div className="match-bulk">
      <BulkSetup onStart={(r) => void start(r)} starting={starting} />
      {startError ? <ErrorMessage error={startError} title="Could not start the bulk match" /> : null}
      <BulkJobHistory jobs={jobs.data ?? []} onOpen={setJobId} />
    </div>
  );
}
