// A real workspace port for feature tests: SQLite files under `dataDir`, opened only if a test uses them.
import { createWorkspace, workspacePort } from '../../src/main/platform/workspace/workspace';
import type { WorkspacePort } from '../../src/main/platform/workspace/workspace';

export function testWorkspacePort(dataDir: string, activeProfileId: () => string | null | undefined): WorkspacePort {
  const ws = createWorkspace({ dataDir, notify: () => {} });
  return workspacePort(ws, () => activeProfileId() ?? null);
}
