// A write the machine refused (a full disk, a used-up quota, a read-only disk, no permission) as a
// typed error that names the problem and the folder, so the analyst reads what to do instead of
// "Something went wrong inside Firmscope" (an untyped error crossing the bridge says only that).
import { AppError } from '../../../shared/errors';

export type DiskProblem = 'full' | 'quota' | 'read_only' | 'no_permission';

const PROBLEMS: Readonly<Record<string, { problem: DiskProblem; says(folder: string): string }>> = {
  ENOSPC: { problem: 'full', says: (f) => `the disk holding ${f} is full. Free some disk space, then try again.` },
  EDQUOT: { problem: 'quota', says: (f) => `your disk quota for ${f} is used up. Free some space in it (or ask for a larger quota), then try again.` },
  EROFS: { problem: 'read_only', says: (f) => `${f} is on a read-only disk. Make it writable again (or start Firmscope with another data folder), then try again.` },
  EACCES: { problem: 'no_permission', says: (f) => `Firmscope may not write in ${f}. Give your user write permission on that folder, then try again.` },
  EPERM: { problem: 'no_permission', says: (f) => `Firmscope may not write in ${f}. Give your user write permission on that folder, then try again.` },
};

export class DiskError extends AppError {
  constructor(
    readonly problem: DiskProblem,
    readonly folder: string,
    what: string,
    says: string,
    errno: string,
    cause: unknown,
  ) {
    // Not retried by itself: the same write fails until the analyst has freed space or fixed the folder.
    super('io', `${what} could not be saved: ${says}`, { retryable: false, details: { problem, folder, errno }, cause });
    this.name = 'DiskError';
  }
}

/**
 * The DiskError `e` means when `what` (e.g. "Settings") was written in `folder`; null when `e` is
 * not one of the disk's refusals (it is then rethrown as it is).
 */
export function diskError(e: unknown, what: string, folder: string): DiskError | null {
  if (e instanceof AppError) return null;
  const code = (e as { code?: unknown } | null)?.code;
  const row = typeof code === 'string' ? PROBLEMS[code] : undefined;
  if (!row || typeof code !== 'string') return null;
  return new DiskError(row.problem, folder, what, row.says(folder), code, e);
}
