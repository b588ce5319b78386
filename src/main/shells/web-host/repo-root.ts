// Where the app's files are, from a module inside it (works from src/ under tsx and from out/ bundled).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Nearest folder at or above `dir` holding package.json. */
export function findRepoRoot(dir: string): string {
  let d = dir;
  while (!existsSync(join(d, 'package.json'))) {
    const up = join(d, '..');
    if (up === d) throw new Error(`no package.json above ${dir}`);
    d = up;
  }
  return d;
}
