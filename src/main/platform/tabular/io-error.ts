// File-system failures as typed errors an analyst can act on (no paths or stacks beyond the file
// they chose). Anything that is not a file-system error passes through unchanged.
import { AppError, isAppError } from '../../../shared/errors';

export function fileError(e: unknown): unknown {
  if (isAppError(e) || !(e instanceof Error)) return e;
  const code = (e as NodeJS.ErrnoException).code;
  if (!code) return e;
  const details = { errno: code };
  switch (code) {
    case 'ENOENT':
      return new AppError('io', 'The file or folder was not found. Choose it again.', { details, cause: e });
    case 'EACCES':
    case 'EPERM':
      return new AppError('io', 'Permission denied. Choose a file or folder you can read and write.', { details, cause: e });
    case 'ENOSPC':
      return new AppError('io', 'The disk is full. Free some space or choose another location.', { details, cause: e });
    case 'EISDIR':
      return new AppError('io', 'That path is a folder, not a file.', { details, cause: e });
    default:
      return new AppError('io', `Could not write the file (${code}).`, { details, cause: e });
  }
}
