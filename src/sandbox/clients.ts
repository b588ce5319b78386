// Demo OAuth clients of the sandbox (documented in docs/sandbox.md and the README).

export type SandboxPermission = 'search' | 'match' | 'esg';
export type ClientState = 'active' | 'pending' | 'disabled';

export interface SandboxClient {
  id: string;
  secret: string;
  state: ClientState;
  permissions: readonly SandboxPermission[];
}

export const SANDBOX_CLIENTS = {
  /** Everything: search, match and all ESG routes. */
  analyst: {
    id: 'sandbox-analyst',
    secret: 'sandbox-analyst-secret',
    state: 'active',
    permissions: ['search', 'match', 'esg'],
  },
  /** Search and match; every ESG route answers 403. */
  searchOnly: {
    id: 'sandbox-search-only',
    secret: 'sandbox-search-only-secret',
    state: 'active',
    permissions: ['search', 'match'],
  },
  /** Token endpoint answers 403 access_denied "account has not been setup." */
  pending: {
    id: 'sandbox-pending',
    secret: 'sandbox-pending-secret',
    state: 'pending',
    permissions: [],
  },
  /** Token endpoint answers 403 access_denied "account has been disabled". */
  disabled: {
    id: 'sandbox-disabled',
    secret: 'sandbox-disabled-secret',
    state: 'disabled',
    permissions: [],
  },
} as const satisfies Record<string, SandboxClient>;

const byId = new Map<string, SandboxClient>(Object.values(SANDBOX_CLIENTS).map((c) => [c.id, c]));

export function findClient(id: string): SandboxClient | undefined {
  return byId.get(id);
}
