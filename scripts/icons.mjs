#!/usr/bin/env node
// Renders build/icon.svg (the one source image) to the PNGs electron-builder packages:
// build/icon.png (1024 px: macOS .icns and Windows .ico are made from it) and build/icons/N.png
// (Linux hicolor sizes). Uses the Chromium the E2E tests use, so it needs no image library.
// Run after changing the SVG: `node scripts/icons.mjs`; the PNGs are committed.
import { chromium } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const root = fileURLToPath(new URL('..', import.meta.url));
const svg = readFileSync(join(root, 'build/icon.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const render = async (size) => {
    await page.setViewportSize({ width: size, height: size });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`);
    await page.locator('img').evaluate((img) => img.decode());
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  mkdirSync(join(root, 'build/icons'), { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(join(root, `build/icons/${size}x${size}.png`), await render(size));
  writeFileSync(join(root, 'build/icon.png'), await render(1024));
  console.log(`Icons written: build/icon.png and build/icons/{${LINUX_SIZES.join(',')}}.png`);
} finally {
  await browser.close();
}
