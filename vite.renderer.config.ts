// Renderer-only build (`npm run build:renderer`): what browser mode serves. Same config as electron-vite's renderer.
import { defineConfig } from 'vite';
import { rendererConfig } from './scripts/renderer-config';

export default defineConfig(rendererConfig());
