// Handlers for every table function that echo what they received, so transports can be tested
// end to end before (and independently of) the real core.
import { listEntries, type CallContext, type TableDef } from '../../src/shared/bridge/define';
import { bridgeTable, type BridgeHandlers } from '../../src/shared/bridge/table';

export interface EchoValue {
  group: string;
  name: string;
  input: unknown;
}

export function echoHandlers(
  table: TableDef = bridgeTable,
  overrides: Record<string, (input: unknown, ctx: CallContext) => Promise<unknown>> = {},
): BridgeHandlers {
  const handlers: Record<string, Record<string, (input: unknown, ctx: CallContext) => Promise<unknown>>> = {};
  for (const f of listEntries(table).fns) {
    handlers[f.group] ??= {};
    handlers[f.group]![f.name] = overrides[`${f.group}.${f.name}`] ?? (async (input) => ({ group: f.group, name: f.name, input }) satisfies EchoValue);
  }
  return handlers as unknown as BridgeHandlers;
}

/** What `Object.keys(window.firmscope[group])` must be for each group: fns then on<Event> listeners. */
export function expectedApiShape(table: TableDef = bridgeTable): Record<string, string[]> {
  const shape: Record<string, string[]> = {};
  const { fns, events } = listEntries(table);
  for (const g of Object.keys(table)) shape[g] = [];
  for (const f of fns) shape[f.group]!.push(f.name);
  for (const e of events) shape[e.group]!.push(e.listener);
  return shape;
}
