// Settings writes the disk refuses, made real: a tmpfs filled to the last byte (ENOSPC). The
// analyst reads what is wrong and where, never "Something went wrong inside Firmscope", the file
// keeps what it held, and the same write works once space is free again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { toBridgeError } from '../../../../src/shared/errors';
import { diskError } from '../../../../src/main/platform/settings/disk-error';
import { openSettings, SETTINGS_NAME } from '../../../../src/main/platform/settings/settings-store';
import { mountsMissing, smallDisk } from '../../../helpers/disk-conditions';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

describe('settings on a disk that refuses the write', () => {
  it.skipIf(mountsMissing())('ENOSPC: the write fails as a full disk naming the data folder, the file keeps its last content, and the write works once space is freed', () => {
    const disk = smallDisk(1024 * 1024);
    cleanups.push(() => disk.unmount());
    const dataDir = join(disk.dir, 'data');
    const settings = openSettings({ dataDir });
    settings.write('activeProfileId', 'before');
    disk.fill();

    let error: unknown;
    try {
      settings.write('search.saved', [{ id: 'x', name: 'A saved search that needs room on the disk '.repeat(200) }]);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'io', retryable: false, details: { problem: 'full', folder: dataDir, errno: 'ENOSPC' } });
    // What crosses the bridge: the problem and the folder, not the generic internal error.
    const bridged = toBridgeError(error);
    expect(bridged.code).toBe('io');
    expect(bridged.message).toBe(`Settings could not be saved: the disk holding ${dataDir} is full. Free some disk space, then try again.`);
    expect(bridged.message).not.toMatch(/Something went wrong|ENOSPC/);
    const file = join(dataDir, `${SETTINGS_NAME}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ activeProfileId: 'before' });

    disk.free();
    settings.write('search.saved', [{ id: 'x' }]);
    expect(openSettings({ dataDir }).read('search.saved', z.array(z.object({ id: z.string() })), [])).toEqual([{ id: 'x' }]);
  });

  it('each refusal of the disk is named: full, quota, read-only, no permission; anything else passes through', () => {
    const err = (code: string) => Object.assign(new Error(`${code}: refused`), { code });
    const said = (code: string) => diskError(err(code), 'Settings', '/data')?.message;
    expect(said('ENOSPC')).toBe('Settings could not be saved: the disk holding /data is full. Free some disk space, then try again.');
    expect(said('EDQUOT')).toMatch(/^Settings could not be saved: your disk quota for \/data is used up\./);
    expect(said('EROFS')).toMatch(/^Settings could not be saved: \/data is on a read-only disk\. Make it writable again/);
    expect(said('EACCES')).toMatch(/^Settings could not be saved: Firmscope may not write in \/data\. Give your user write permission/);
    expect(diskError(err('ENOENT'), 'Settings', '/data')).toBeNull();
    expect(diskError(new Error('no code'), 'Settings', '/data')).toBeNull();
  });
});
