// Browser mode carries the bridge over one WebSocket. These are its frames (JSON text).
import { z } from 'zod';

/** Path of the bridge socket on the browser-mode host. */
export const WS_PATH = '/__firmscope/bridge';
/** Sub-protocol the host selects; the token rides in a second offered sub-protocol so it never sits in a URL. */
export const WS_PROTOCOL = 'firmscope.v1';
export const WS_TOKEN_PREFIX = 'firmscope.token.';
/** Key under which the page keeps the launch token for reloads (sessionStorage: this tab only). */
export const TOKEN_STORAGE_KEY = 'firmscope.token';
/** Biggest frame either side accepts (a bulk-match CSV can be tens of MB). */
export const WS_MAX_PAYLOAD = 64 * 1024 * 1024;

export const ClientFrameSchema = z.object({
  t: z.literal('call'),
  id: z.number().int().nonnegative(),
  ch: z.string().max(200),
  input: z.unknown().optional(),
});
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export type ServerFrame =
  | { t: 'result'; id: number; result: unknown }
  | { t: 'event'; ch: string; payload: unknown };
