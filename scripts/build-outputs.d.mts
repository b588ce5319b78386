export type OutputName = 'renderer' | 'electronMain' | 'webHost';
export const OUTPUTS: Record<OutputName, { file: string; also?: string[]; cli?: 'electron-vite'; config: string; sources: string[] }>;
export function isStale(root: string, name: OutputName): boolean;
export function build(root: string, name: OutputName): boolean;
export function ensureBuilt(root: string, names: OutputName[], log?: (line: string) => void): boolean;
export function findRepoRoot(dir: string): string;
