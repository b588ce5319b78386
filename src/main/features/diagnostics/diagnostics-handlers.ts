// `diagnostics` bridge group: the redacted request log.
import type { BridgeHandlers } from '../../../shared/bridge/table';
import type { RequestLog } from '../../platform/api/request-log';

export function createDiagnosticsHandlers(log: RequestLog): BridgeHandlers['diagnostics'] {
  return {
    async requestLog() {
      return log.list();
    },
    async clearLog() {
      log.clear();
    },
  };
}
