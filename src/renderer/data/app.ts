// The app bridge group: app info, external links, the liveness ping (errors as the shared AppError).
import { firmscope, groupCalls } from './bridge';

export const appCalls = groupCalls('app');

/** One ping as the bridge's Result (the health check reads success and failure alike, never throws). */
export const pingCore = () => firmscope().app.ping();

/** Opens a link in the system browser; fire and forget (main refuses what is not http(s)). */
export function openExternal(url: string): void {
  void firmscope().app.openExternal({ url });
}
