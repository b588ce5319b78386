// The renderer build, shared by electron-vite (electron.vite.config.ts) and the plain Vite build
// used by browser mode (vite.renderer.config.ts), so both shells run byte-identical renderer files.
// The browser-mode preload is an extra entry with a fixed name: the browser host injects it into
// index.html; Electron never loads it.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';

const fromRoot = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

export const BROWSER_PRELOAD_ENTRY = 'firmscope-browser-preload';

export function rendererConfig(): UserConfig {
  return {
    root: fromRoot('src/renderer'),
    // Relative URLs: the same files load from app://firmscope/ (Electron) and http://127.0.0.1:port/ (browser mode).
    base: './',
    plugins: [react()],
    build: {
      outDir: fromRoot('out/renderer'),
      emptyOutDir: true,
      sourcemap: false,
      // electron-vite leaves these off by default; both shells ship the same minified files.
      minify: true,
      cssMinify: true,
      rollupOptions: {
        input: {
          index: fromRoot('src/renderer/index.html'),
          [BROWSER_PRELOAD_ENTRY]: fromRoot('src/preload/browser.ts'),
        },
        output: {
          entryFileNames: (chunk) =>
            chunk.name === BROWSER_PRELOAD_ENTRY ? `assets/${BROWSER_PRELOAD_ENTRY}.js` : 'assets/[name]-[hash].js',
        },
      },
    },
  };
}
