import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  loadWindowState,
  saveWindowState,
  trackWindowState,
  windowStateFile,
} from '../../../../src/main/shells/electron/window-state';

const tmp = () => mkdtempSync(join(tmpdir(), 'fs-winstate-'));
const display = { x: 0, y: 0, width: 1920, height: 1080 };

describe('window state', () => {
  it('round-trips through an atomically written file', () => {
    const file = windowStateFile(tmp());
    saveWindowState(file, { x: 10, y: 20, width: 1000, height: 700, maximized: true });
    expect(loadWindowState(file)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
  });

  it('falls back to defaults for a missing or corrupt file', () => {
    const dir = tmp();
    expect(loadWindowState(join(dir, 'none.json'))).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(join(dir, 'bad.json'), '{"width": "huge"');
    expect(loadWindowState(join(dir, 'bad.json'))).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(join(dir, 'tiny.json'), '{"width": 3, "height": 2}');
    expect(loadWindowState(join(dir, 'tiny.json'))).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('keeps a position that is on a display', () => {
    expect(fitToDisplays({ x: 100, y: 100, width: 1200, height: 800, maximized: false }, [display])).toEqual({
      x: 100,
      y: 100,
      width: 1200,
      height: 800,
      maximized: false,
    });
  });

  it('drops a position on a display that is gone and caps the size', () => {
    const r = fitToDisplays({ x: 2500, y: 100, width: 3000, height: 2000, maximized: true }, [display]);
    expect(r).toEqual({ width: 1920, height: 1080, maximized: true });
  });

  it('keeps a position on a second display', () => {
    const second = { x: 1920, y: 0, width: 2560, height: 1440 };
    expect(fitToDisplays({ x: 2500, y: 50, width: 1200, height: 800, maximized: false }, [display, second]).x).toBe(2500);
  });

  it('saves the normal bounds when the window closes', () => {
    const file = windowStateFile(tmp());
    const win = Object.assign(new EventEmitter(), {
      isMaximized: () => true,
      isMinimized: () => false,
      getNormalBounds: () => ({ x: 5, y: 6, width: 900, height: 650 }),
    });
    trackWindowState(win as never, file);
    win.emit('close');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 5, y: 6, width: 900, height: 650, maximized: true });
  });
});
