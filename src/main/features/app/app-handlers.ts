// `app` bridge group: build info, notices (vault fallback, corrupt settings, ...) and openExternal.
import type { BridgeEmit, BridgeHandlers } from '../../../shared/bridge/table';
import type { AppInfo, Notice } from '../../../shared/bridge/groups/app';
import type { VaultKind } from '../../../shared/profile';
import type { ShellHooks } from '../../platform/ports/shell-hooks';

export interface NoticeBoard {
  add(level: Notice['level'], message: string): Notice;
  list(): Notice[];
}

/** Notices raised before anyone listens stay in the list, so `app.info` shows them at first paint. */
export function createNoticeBoard(emit: BridgeEmit): NoticeBoard {
  const notices: Notice[] = [];
  let next = 1;
  return {
    add(level, message) {
      const notice = { id: `notice-${next++}`, level, message };
      notices.push(notice);
      emit('app', 'notice', notice);
      return notice;
    },
    list: () => notices.slice(),
  };
}

export function createAppHandlers(o: {
  shell: ShellHooks;
  dataDir: string;
  version: string;
  vaultKind: VaultKind;
  notices: NoticeBoard;
  workspace: () => AppInfo['workspace'];
}): BridgeHandlers['app'] {
  return {
    async info() {
      return { shell: o.shell.kind, version: o.version, dataDir: o.dataDir, vaultKind: o.vaultKind, workspace: o.workspace(), notices: o.notices.list() };
    },
    async ping() {
      return { at: Date.now() };
    },
    async openExternal({ url }) {
      // The bridge schema already limits this to http(s); checked again because it reaches the OS.
      const protocol = new URL(url).protocol;
      if (protocol !== 'http:' && protocol !== 'https:') return;
      await o.shell.openExternal(url);
    },
  };
}
