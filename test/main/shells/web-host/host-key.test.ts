// The host key survives a restart with the same data dir (an open tab reconnects), is private, and
// a damaged file is replaced rather than trusted.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_KEY_FILE, loadOrCreateHostKey } from '../../../../src/main/shells/web-host/host-key';

describe('browser-mode host key', () => {
  it('is the same on every launch with one data dir, and private to the user', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fs-hostkey-'));
    const first = loadOrCreateHostKey(dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadOrCreateHostKey(dir)).toBe(first);
    expect(statSync(join(dir, HOST_KEY_FILE)).mode & 0o077).toBe(0);
    expect(loadOrCreateHostKey(mkdtempSync(join(tmpdir(), 'fs-hostkey-')))).not.toBe(first);
  });

  it('replaces a malformed key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fs-hostkey-'));
    writeFileSync(join(dir, HOST_KEY_FILE), 'short');
    const key = loadOrCreateHostKey(dir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(join(dir, HOST_KEY_FILE), 'utf8').trim()).toBe(key);
  });
});
