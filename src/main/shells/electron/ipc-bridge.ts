// Registers every bridge function of the table on ipcMain. Each call is checked twice before the
// handler runs: the sender must be our window's main frame, and the input must match its schema
// (the dispatcher does that). Calls are aborted when the page that made them goes away.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { listEntries, type TableDef } from '../../../shared/bridge/define';
import type { Result } from '../../../shared/errors';
import type { Dispatcher } from '../../platform/bridge/dispatcher';

export type SenderCheck = (event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>) => boolean;

/** Accepts only the top frame of the given web contents, loaded from one of our own origins. */
export function mainFrameOnly(getContents: () => WebContents | null, isAppUrl: (url: string) => boolean): SenderCheck {
  return (event) => {
    const contents = getContents();
    const frame = event.senderFrame;
    if (!contents || contents.isDestroyed() || event.sender !== contents || !frame) return false;
    const main = contents.mainFrame;
    return frame.parent === null && frame.processId === main.processId && frame.routingId === main.routingId && isAppUrl(frame.url);
  };
}

const REJECTED: Result<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This frame is not allowed to use the Firmscope bridge.', retryable: false },
};

export function registerBridgeIpc(opts: {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  table: TableDef;
  dispatcher: Dispatcher;
  isTrustedSender: SenderCheck;
}): () => void {
  const signals = new WeakMap<object, { ctrl: AbortController }>();
  const signalFor = (contents: WebContents): AbortSignal => {
    let slot = signals.get(contents);
    if (!slot) {
      const fresh = { ctrl: new AbortController() };
      slot = fresh;
      signals.set(contents, fresh);
      // A reload, a crash or a closed window means nobody is waiting for these answers any more.
      const renew = () => {
        fresh.ctrl.abort();
        fresh.ctrl = new AbortController();
      };
      contents.on('did-start-loading', renew);
      contents.on('render-process-gone', renew);
      contents.once('destroyed', () => fresh.ctrl.abort());
    }
    return slot.ctrl.signal;
  };

  const channels = listEntries(opts.table).fns.map((f) => f.channel);
  for (const channel of channels) {
    opts.ipcMain.handle(channel, async (event, input: unknown) => {
      if (!opts.isTrustedSender(event)) return REJECTED;
      return opts.dispatcher.call(channel, input, { signal: signalFor(event.sender) });
    });
  }
  return () => {
    for (const channel of channels) opts.ipcMain.removeHandler(channel);
  };
}
