// No import cycles in src/, counting type-only imports (ESLint's no-cycle does not count them).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './import-graph';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('import cycles, type-only imports included', () => {
  it('finds a cycle made only of `import type` (the fixture)', () => {
    const dir = join(ROOT, 'test', 'fixtures', 'cycles');
    expect(cycles(importGraph(dir), dir)).toEqual([['owner.ts', 'port.ts']]);
  });

  it('src/ has none', () => {
    const src = join(ROOT, 'src');
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThan(300);
    expect(cycles(graph, src)).toEqual([]);
  }, 60_000);
});
