#!/usr/bin/env node
// Validates every GitHub Actions workflow (.github/workflows/*.yml) against the workflow schema with
// action-validator (WASM, runs offline), since the workflows themselves cannot run here.
// `node scripts/check-workflows.mjs [DIR]`; exits 1 if any file is invalid or none is found.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = process.argv[2] ?? join(root, '.github', 'workflows');
const cli = join(root, 'node_modules', '@action-validator', 'cli', 'cli.mjs');

const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
if (files.length === 0) {
  console.log(`No workflow files in ${dir}`);
  process.exit(1);
}
let bad = 0;
for (const f of files) {
  const r = spawnSync(process.execPath, [cli, join(dir, f)], { encoding: 'utf8' });
  if (r.status === 0) {
    console.log(`valid    ${f}`);
  } else {
    bad++;
    console.log(`INVALID  ${f}\n${(r.stdout + r.stderr).trim()}`);
  }
}
console.log(`Workflows: ${files.length - bad} valid, ${bad} invalid`);
process.exit(bad ? 1 : 0);
