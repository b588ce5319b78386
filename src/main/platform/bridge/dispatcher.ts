// The one place a bridge call is executed, whichever shell carried it (ipcMain or WebSocket):
// look the channel up in the table, validate the input with its schema, run the handler,
// and turn every outcome into a Result. Nothing thrown ever crosses the bridge as-is.
import type { z } from 'zod';
import { listEntries, type CallContext, type FnDef, type TableDef } from '../../../shared/bridge/define';
import { toBridgeError, type BridgeError, type Result } from '../../../shared/errors';
import { asAnalystAction, asAutomatic } from '../net/refused-credentials';

type AnyHandler = (input: unknown, ctx: CallContext) => Promise<unknown>;
type AnyHandlers = Record<string, Record<string, unknown>>;

export interface Dispatcher {
  /** Every callable channel, in table order. */
  readonly channels: readonly string[];
  call(channel: string, rawInput: unknown, ctx: CallContext): Promise<Result<unknown>>;
}

export interface DispatcherOptions {
  /** Where unexpected (non-AppError) failures are reported. Defaults to a redacted stderr line. */
  onUnexpectedError?(channel: string, error: unknown): void;
}

/** Throws at startup if the handlers do not cover the table exactly: a missing handler is a build bug, not a runtime surprise. */
export function createDispatcher(table: TableDef, handlers: object, options: DispatcherOptions = {}): Dispatcher {
  const byChannel = new Map<string, { def: FnDef; handler: AnyHandler }>();
  const h = handlers as AnyHandlers;
  for (const entry of listEntries(table).fns) {
    const handler = h[entry.group]?.[entry.name];
    if (typeof handler !== 'function') throw new Error(`No handler for bridge function ${entry.group}.${entry.name}`);
    byChannel.set(entry.channel, { def: entry.def, handler: (handler as AnyHandler).bind(h[entry.group]) });
  }
  const report = options.onUnexpectedError ?? logUnexpected;

  return {
    channels: [...byChannel.keys()],
    async call(channel, rawInput, ctx) {
      const target = byChannel.get(channel);
      if (!target) return fail({ code: 'invalid_input', message: 'Unknown bridge function.', retryable: false });
      const parsed = target.def.input.safeParse(rawInput);
      if (!parsed.success) return fail(inputError(parsed.error));
      try {
        // A call the page makes by itself is not the analyst asking: it may not send a refused credential again.
        const run = target.def.automatic ? asAutomatic : asAnalystAction;
        const value = await run(() => target.handler(parsed.data, ctx));
        return { ok: true, value };
      } catch (e) {
        const error = toBridgeError(e);
        if (error.code === 'internal') report(channel, e);
        return fail(error);
      }
    },
  };
}

const fail = (error: BridgeError): Result<never> => ({ ok: false, error });

/** The first problem, phrased for a person, with the field path in details (never the rejected value). */
export function inputError(error: z.ZodError): BridgeError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input.';
  return {
    code: 'invalid_input',
    message: `Invalid input: ${message}`,
    retryable: false,
    details: field ? { field, issues: error.issues.length } : { issues: error.issues.length },
  };
}

/** Unknown errors may carry a secret in their message, so only the type and the stack frames are logged. */
function logUnexpected(channel: string, error: unknown): void {
  const name = error instanceof Error ? error.name : typeof error;
  const frames = error instanceof Error && error.stack ? error.stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 8) : [];
  console.error(`[bridge] ${channel} failed with ${name}\n${frames.join('\n')}`);
}
