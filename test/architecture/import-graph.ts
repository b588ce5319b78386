// The import graph of a source tree as TypeScript reads it, type-only imports included: ESLint's
// import-x/no-cycle skips `import type`, but a type-only cycle still ties two modules together.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveRelative(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const c of CANDIDATES) {
    const file = base + c;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** file -> the files it imports (relative imports only; packages are not part of the tree). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = info.importedFiles
      .map((f) => f.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolveRelative(file, s))
      .filter((f): f is string => f !== null);
    graph.set(file, [...new Set(deps)]);
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan), as paths relative to `base`. */
export function cycles(graph: Map<string, string[]>, base: string): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(relative(base, w));
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * The folder graph: each file stands for the first folder of its path under `base` (files directly in
 * `base` stand for themselves), and an edge joins two folders when a file of one imports a file of the
 * other. Its cycles are folders that lean on each other even where no file cycle exists.
 */
export function folderGraph(graph: Map<string, string[]>, base: string): Map<string, string[]> {
  const folder = (file: string) => relative(base, file).split(/[\\/]/)[0]!;
  const folders = new Map<string, Set<string>>();
  for (const [file, deps] of graph) {
    const from = join(base, folder(file));
    const set = folders.get(from) ?? new Set<string>();
    folders.set(from, set);
    for (const dep of deps) {
      const to = join(base, folder(dep));
      if (to !== from && !relative(base, dep).startsWith('..')) set.add(to);
    }
  }
  return new Map([...folders].map(([f, s]) => [f, [...s]]));
}
