export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };
export function findElectronBinary(root: string, opts?: { downloadTimeoutMs?: number }): ElectronBinary;
export function hasDisplay(): boolean;
