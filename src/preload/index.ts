// Electron preload (sandboxed, bundled into one CommonJS file). Exposes `window.firmscope` and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { bridgeTable } from '../shared/bridge/table';
import { exposeFirmscope } from './electron-expose';

exposeFirmscope(bridgeTable, contextBridge, ipcRenderer);
