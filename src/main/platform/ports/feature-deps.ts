// What every feature (src/main/features/*) gets from the core, and what it gives back.
import type { z } from 'zod';
import type { Profile } from '../../../shared/profile';
import type { BridgeEmit, BridgeHandlers } from '../../../shared/bridge/table';
import type { ApiClient } from '../api/types';
import type { ShellHooks } from './shell-hooks';
import type { WorkspacePort } from '../workspace/workspace';

/** Small typed view of the persisted settings (conf / electron-store), one key per feature. */
export interface FeatureSettings {
  /** Returns `fallback` if absent; a value that fails `schema` is reported and `fallback` returned. */
  read<T>(key: string, schema: z.ZodType<T>, fallback: T): T;
  write(key: string, value: unknown): void;
}

export interface FeatureDeps {
  /** Client for the active profile; throws AppError('not_configured') if none is active. */
  api(): Promise<ApiClient>;
  activeProfile(): Profile | null;
  settings: FeatureSettings;
  emit: BridgeEmit;
  shell: ShellHooks;
  dataDir: string;
  workspace: WorkspacePort;
  now(): number;
  /**
   * The active profile's request budget now: callers waiting for its rate limiter, requests let
   * through so far, and its fixed rate (null = none). Bulk work (ESG runs) starts new requests only
   * while the budget has room, so the requests that finish work in progress (status polls, data
   * reads) never queue behind it.
   */
  requestBudget?(): RequestBudget;
}

export interface RequestBudget {
  waiting: number;
  granted: number;
  requestsPerSecond: number | null;
}

/** A feature's main-side module: its bridge handlers plus optional lifecycle hooks. */
export interface FeatureModule<K extends keyof BridgeHandlers> {
  handlers: BridgeHandlers[K];
  /** Called once after the core is up (e.g. resume persisted ESG watches). */
  start?(): Promise<void>;
  /** Called on shutdown: stop timers, cancel work, flush. */
  dispose?(): Promise<void>;
}
