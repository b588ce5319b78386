/** Build-time constant (electron.vite.config.ts `define`): true only in `electron-vite dev`. */
declare const __FIRMSCOPE_DEV__: boolean;
