// Takes docs/screenshot.png from the real app: browser mode on a fresh data dir, the Sandbox
// profile connected, one search loaded as a snapshot (sortable, with facets) and sorted by revenue. Run: npx tsx scripts/screenshot.ts
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-outputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  if (!ensureBuilt(root, ['renderer', 'webHost'])) throw new Error('build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-shot-'));
  const host = spawn(process.execPath, ['out/web-host/cli.mjs', '--port', '0', '--data-dir', dataDir, '--no-build'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve) =>
    createInterface({ input: host.stdout! }).on('line', (l) => l.startsWith('http://127.0.0.1') && resolve(l.trim())),
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(url);
    await page.getByLabel('Attribute of condition 1').fill('country');
    await page.getByLabel('Relation of condition 1').fill('equals');
    await page.getByLabel('Value of condition 1').fill('DE');
    await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('rows-range').waitFor({ timeout: 60_000 });
    await page.locator('.conn__state[data-state="connected"]').waitFor();
    await page.getByRole('button', { name: /^Load all [\d,]+ results$/ }).click();
    await page.getByText(/^Snapshot of .*: [\d,]+ rows/).waitFor({ timeout: 60_000 });
    // The memory-vault notice (no keychain on a headless machine) is not what the picture is about.
    for (const dismiss of await page.getByRole('button', { name: /^Dismiss/ }).all()) await dismiss.click();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(root, 'docs', 'screenshot.png') });
    console.log('wrote docs/screenshot.png');
  } finally {
    await browser.close();
    const exited = new Promise((r) => host.once('exit', r));
    host.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
