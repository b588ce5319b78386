// Remembers where the main window was (bounds + maximized) between launches, in
// <userData>/window-state.json, written atomically. A saved position that no longer fits any
// display (monitor unplugged) is dropped so the window never opens off-screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}
export interface WindowState extends WindowBounds {
  maximized: boolean;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };

const StateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
  maximized: z.boolean().default(false),
});

export const windowStateFile = (userDataDir: string) => join(userDataDir, 'window-state.json');

export function loadWindowState(file: string): WindowState {
  try {
    const parsed = StateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  try {
    writeFileAtomic.sync(file, JSON.stringify(state, null, 2) + '\n');
  } catch {
    // Losing the window position is not worth interrupting a quit for.
  }
}

/** Keeps the saved size (capped to the largest display) and keeps the position only if the title bar is on a display. */
export function fitToDisplays(state: WindowState, workAreas: Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxW = Math.max(...workAreas.map((a) => a.width));
  const maxH = Math.max(...workAreas.map((a) => a.height));
  const width = Math.min(state.width, maxW);
  const height = Math.min(state.height, maxH);
  if (state.x === undefined || state.y === undefined) return { width, height, maximized: state.maximized };
  const { x, y } = state;
  // The top strip (where the title bar is) must overlap a display by a grabbable amount.
  const visible = workAreas.some((a) => x + width - 60 > a.x && x + 60 < a.x + a.width && y >= a.y && y + 30 < a.y + a.height);
  return visible ? { x, y, width, height, maximized: state.maximized } : { width, height, maximized: state.maximized };
}

/** Tracks a window and saves its state on close. Uses only the window's public methods, so it can be tested with a fake. */
export function trackWindowState(
  win: {
    on(event: 'close', listener: () => void): unknown;
    isMaximized(): boolean;
    isMinimized(): boolean;
    getNormalBounds(): Rect;
  },
  file: string,
): void {
  win.on('close', () => {
    const b = win.getNormalBounds();
    saveWindowState(file, { x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() });
  });
}
