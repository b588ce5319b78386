// `dependencies` is what electron-builder copies into the installed app (and what the main bundle
// loads from node_modules at run time); everything Vite bundles, and everything only tests, bench
// and scripts use, is a devDependency. Checked from the imports of the sources themselves.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Package names imported (statically or by `import()`) by the files under `dirs`. */
function packagesImportedBy(...dirs: string[]): Set<string> {
  const out = new Set<string>();
  const specifier = /(?:from\s+|import\s*\(\s*|require\(\s*)['"]([^'"./][^'"]*)['"]/g;
  for (const file of dirs.flatMap((d) => sourceFiles(join(root, d)))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(specifier)) {
      if (!spec || spec.startsWith('node:')) continue;
      const parts = spec.split('/');
      out.add(spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? spec));
    }
  }
  return out;
}

// The code that runs from node_modules in the installed app: main process (with the sandbox it embeds) and the contract.
const runtime = packagesImportedBy('src/main', 'src/sandbox', 'src/shared');
const renderer = packagesImportedBy('src/renderer', 'src/preload');

describe('package.json dependencies', () => {
  it('ships only what the main process loads at run time', () => {
    const shipped = Object.keys(pkg.dependencies);
    expect(shipped.filter((d) => !runtime.has(d))).toEqual([]);
  });

  it('declares every package the main process loads as a dependency (optional ones as optionalDependencies)', () => {
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {}), 'electron']);
    expect([...runtime].filter((d) => !declared.has(d)).sort()).toEqual([]);
  });

  it('keeps renderer-only libraries (bundled by Vite) out of the shipped dependencies', () => {
    const rendererOnly = [...renderer].filter((d) => !runtime.has(d));
    expect(rendererOnly).toContain('react');
    expect(rendererOnly.filter((d) => d in pkg.dependencies)).toEqual([]);
    for (const d of rendererOnly.filter((d) => d !== 'electron')) expect(pkg.devDependencies, d).toHaveProperty([d]);
  });
});
