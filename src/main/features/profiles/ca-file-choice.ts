// The company CA file a profile trusts. In the desktop app main chooses it with its own open dialog
// and the page only ever holds an opaque handle (issue 28 H1: a page that could name a path could
// make the app trust a certificate it uploaded). Browser mode has no dialog in main: a typed path is
// accepted there, outside the data folder (readCaFile).
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { PickedCaFile } from '../../../shared/bridge/groups/profiles';
import { AppError } from '../../../shared/errors';
import { readCaFile } from '../../platform/net/network-config';

const onField = { retryable: false, details: { field: 'caFile' } } as const;

export interface CaFileChoice {
  /** Opens main's dialog (desktop app); the chosen file is checked before a handle is handed out. */
  pick(): Promise<PickedCaFile | null>;
  /** The CA file path a save stores: the handle's file, or the typed path where the shell allows one. */
  resolve(typed: string, handle: string | undefined, stored: string): string;
}

export function createCaFileChoice(choose: (() => Promise<string | null>) | undefined, dataDir: string): CaFileChoice {
  const picked = new Map<string, string>();
  return {
    async pick() {
      if (!choose) throw new AppError('invalid_input', "Type the CA file's path in its field: only the desktop app opens files itself.", onField);
      const path = await choose();
      if (!path) return null;
      await readCaFile(path, dataDir);
      const caFileHandle = randomUUID();
      picked.set(caFileHandle, path);
      return { caFileHandle, fileName: basename(path) };
    },
    resolve(typed, handle, stored) {
      if (handle !== undefined) {
        const path = picked.get(handle);
        if (!path) throw new AppError('invalid_input', 'Choose the CA file again: Firmscope was restarted since it was chosen.', onField);
        return path;
      }
      // Keeping or removing the stored file needs no dialog; naming another one does.
      if (choose && typed !== '' && typed !== stored) throw new AppError('invalid_input', 'Choose the CA file with "Choose file…": the desktop app does not take a typed path.', onField);
      return typed;
    },
  };
}
