// Browser mode carries the bridge over one WebSocket. These are its frames (JSON text).
import { z } from 'zod';

/** Path of the bridge socket on the browser-mode host. */
export const WS_PATH = '/__firmscope/bridge';
/** Sub-protocol the host selects. The page proves itself with its HttpOnly session cookie, not with anything a script holds. */
export const WS_PROTOCOL = 'firmscope.v1';
/** Close code for a socket replaced by a newer page of the same launch (one bridge socket at a time). */
export const WS_CLOSE_REPLACED = 4001;
/**
 * Close code for a socket without this launch's session cookie: a page of an earlier launch (the
 * session is per launch, so a restart needs the new link) or one never signed in.
 */
export const WS_CLOSE_NOT_SIGNED_IN = 4003;
/**
 * Biggest frame the host accepts. Large inputs never travel as one frame: a bulk-match file is sent
 * in chunks (match.upload*), whose size limit is stated in bytes of the file.
 */
export const WS_MAX_PAYLOAD = 8 * 1024 * 1024;

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
