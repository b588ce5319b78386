// Typed errors that cross the bridge: a code the UI can branch on, a message an analyst can act on.
export const ERROR_CODES = [
  'invalid_input', // bridge input failed its schema
  'not_configured', // no active profile / no secret stored
  'auth_invalid_client', // token endpoint 401 invalid_client: wrong id or secret
  'auth_invalid_scope', // token endpoint 400 invalid_scope
  'auth_not_setup', // 403 account has not been setup
  'auth_disabled', // 403 account has been disabled
  'auth_denied', // other 403 from the token endpoint
  'auth_unreachable', // auth server could not be reached
  'auth_bad_response', // auth server answered something that is not a token response
  'auth_proxy', // the proxy asked for credentials or refused them (407): never retried by itself
  'auth_certificate', // the service's (or proxy's) certificate is not trusted by the profile
  'unauthorized', // API 401 that survived one token refresh
  'forbidden', // API 403: account lacks access to the resource
  'bad_request', // API 400 (server message in `message`)
  'not_found', // API 404
  'conflict', // someone else changed it first (a stale version) or the name is taken: reload, then try again
  'pagination_expired', // search session no longer valid; restart from page 1
  'rate_limited', // 429 that outlasted the retry budget
  'server_error', // 5xx that outlasted the retry budget
  'network', // connection refused/reset/DNS
  'timeout',
  'bad_response', // response body broke the documented shape (field named in details)
  'cancelled',
  'settings_corrupt',
  'vault_unavailable',
  'workspace_unavailable', // the workspace database module could not load, or the file is from a newer Firmscope
  'workspace_busy', // another program held the workspace database's write lock past the busy timeout
  'workspace_read_only', // the workspace database or its folder cannot be written
  'workspace_full', // the disk holding the workspace database is full
  'workspace_corrupt', // the workspace database is damaged (found while in use)
  'io', // file system
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What a code means for the code that caught it, decided here once:
 * - `retryable`: a later attempt of the same request can succeed (retry helper, page walker, ESG watcher);
 * - `jobFatal`: every later item of a job (bulk match rows, export pages) would fail the same way: stop it;
 * - `connection`: the profile's connection itself is broken: the connection status shows it.
 */
export interface ErrorClass {
  retryable: boolean;
  jobFatal: boolean;
  connection: boolean;
}

const R = { retryable: true, jobFatal: false, connection: false };
const AUTH = { retryable: false, jobFatal: true, connection: true };
const LOCAL = { retryable: false, jobFatal: false, connection: false };
/** The workspace database refuses writes: every later item of a job would fail the same way. */
const WORKSPACE = { retryable: false, jobFatal: true, connection: false };

export const ERROR_CLASSES: Readonly<Record<ErrorCode, ErrorClass>> = {
  invalid_input: LOCAL,
  not_configured: AUTH,
  auth_invalid_client: AUTH,
  auth_invalid_scope: AUTH,
  auth_not_setup: AUTH,
  auth_disabled: AUTH,
  auth_denied: AUTH,
  auth_unreachable: { retryable: true, jobFatal: false, connection: true },
  auth_bad_response: AUTH,
  auth_proxy: AUTH,
  auth_certificate: AUTH,
  unauthorized: AUTH,
  forbidden: { retryable: false, jobFatal: true, connection: false },
  bad_request: LOCAL,
  not_found: LOCAL,
  conflict: LOCAL,
  pagination_expired: LOCAL,
  rate_limited: R,
  server_error: R,
  network: R,
  timeout: R,
  bad_response: LOCAL,
  cancelled: LOCAL,
  settings_corrupt: LOCAL,
  vault_unavailable: AUTH,
  io: LOCAL,
  workspace_unavailable: LOCAL,
  workspace_busy: { retryable: true, jobFatal: true, connection: false },
  workspace_read_only: WORKSPACE,
  workspace_full: WORKSPACE,
  workspace_corrupt: WORKSPACE,
  internal: LOCAL,
};

/** Worth another attempt: a retryable code, or an error its maker marked retryable. Never a cancellation. */
export function isRetryable(e: unknown): boolean {
  if (!isErrorWithCode(e) || e.code === 'cancelled') return false;
  return (e as Partial<BridgeError>).retryable === true || ERROR_CLASSES[e.code].retryable;
}

/** Stops a whole job (bulk match, export): every later item would fail the same way. */
export function isJobFatal(e: unknown): boolean {
  return isErrorWithCode(e) && ERROR_CLASSES[e.code].jobFatal;
}

/** Says the connection itself is broken (not one request): the connection status shows it. */
export function isConnectionProblem(e: unknown): boolean {
  return isErrorWithCode(e) && ERROR_CLASSES[e.code].connection;
}

function isErrorWithCode(e: unknown): e is { code: ErrorCode } {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && Object.hasOwn(ERROR_CLASSES, code);
}

export interface ErrorDetails {
  status?: number;
  field?: string;
  page?: number;
  line?: number;
  [key: string]: string | number | boolean | undefined;
}

/** Plain, serialisable error shape that crosses the bridge. Never holds a stack or a secret. */
export interface BridgeError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  details?: ErrorDetails;
}

export class AppError extends Error implements BridgeError {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly details?: ErrorDetails;
  constructor(code: ErrorCode, message: string, opts: { retryable?: boolean; details?: ErrorDetails; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = opts.retryable ?? ERROR_CLASSES[code].retryable;
    this.details = opts.details;
  }
  toBridge(): BridgeError {
    return { code: this.code, message: this.message, retryable: this.retryable, ...(this.details ? { details: this.details } : {}) };
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** Any thrown value to a bridge-safe error. Unknown errors become a generic message (their text may hold secrets). */
export function toBridgeError(e: unknown): BridgeError {
  if (e instanceof AppError) return e.toBridge();
  if (e && typeof e === 'object' && (e as { name?: string }).name === 'AbortError') {
    return { code: 'cancelled', message: 'Cancelled.', retryable: false };
  }
  return { code: 'internal', message: 'Something went wrong inside Firmscope. Details are in the diagnostics log.', retryable: false };
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeError };
