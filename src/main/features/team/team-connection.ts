// The Team connection on this computer: the server and member as last known (settings, no secret)
// and the member token (OS keychain). The token is stored together with the server URL and CA file
// it was issued through, and is sent only there: nothing the page or the settings file can change
// redirects it. A token the server refuses is deleted at once and never sent again.
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { TeamMemberSchema } from '../../../shared/team/api';
import { NO_TEAM, TeamConnectInputSchema, type TeamConnectInput, type TeamStatus } from '../../../shared/team/connection';
import type { FetchLike } from '../../platform/api/http';
import type { FeatureSettings } from '../../platform/ports/feature-deps';
import type { SecretVault } from '../../platform/secrets/vault';
import { createTeamClient, type TeamClient, type TeamMethod } from './team-client';

export const TEAM_SETTINGS_KEY = 'team';
/** The keychain entry: the token and where it may go. */
export const TEAM_TOKEN_ACCOUNT = 'team-member-token';

const StoredStatusSchema = z.object({
  state: z.enum(['none', 'connected', 'unreachable', 'signed_out']),
  serverUrl: z.string().max(2048).nullable(),
  caFile: z.string().max(4096),
  member: TeamMemberSchema.nullable(),
  tokenExpiresAt: z.string().max(40).nullable(),
  checkedAt: z.number().nullable(),
  message: z.string().max(2000).nullable(),
});
const BoundTokenSchema = z.object({ token: z.string().min(1), serverUrl: z.string(), caFile: z.string() });
type BoundToken = z.infer<typeof BoundTokenSchema>;

export interface TeamConnectionDeps {
  settings: FeatureSettings;
  vault: SecretVault;
  /** The fetch for a server reached through this CA file ('' = built-in trust); refuses a CA file that cannot be used. */
  fetchFor(caFile: string): Promise<FetchLike>;
  /** Electron takes no typed path from the page (it trusts the OS certificate store); browser mode does. */
  typedCaFile: boolean;
  now(): number;
  onChange(status: TeamStatus): void;
  /** Tests: a client of their own. */
  clientFor?: (serverUrl: string, fetchImpl: FetchLike) => TeamClient;
}

const SIGNED_OUT_REFUSED = (said: string) => `The team server no longer accepts this computer's member token (${said.replace(/\.$/, '')}). Ask a team admin for a new invite and connect again.`;
const SIGNED_OUT_MOVED = 'The team server address or CA file changed since this computer joined: the member token is only sent where it was issued. Connect again with a new invite.';
const SIGNED_OUT_EXPIRED = 'The member token of this computer has expired. Ask a team admin for a new invite and connect again.';
const SIGNED_OUT_MISSING = 'The member token is no longer in the OS keychain. Ask a team admin for a new invite and connect again.';

export function createTeamConnection(d: TeamConnectionDeps) {
  const clientFor = d.clientFor ?? createTeamClient;
  // One operation at a time: a check never overtakes a connect and writes an old state over it.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(op: () => Promise<T>): Promise<T> => {
    const next = queue.then(op, op);
    queue = next.catch(() => undefined);
    return next;
  };

  const status = (): TeamStatus => d.settings.read(TEAM_SETTINGS_KEY, StoredStatusSchema.nullable(), null) ?? NO_TEAM;
  const save = (s: TeamStatus): TeamStatus => {
    d.settings.write(TEAM_SETTINGS_KEY, s.state === 'none' ? null : s);
    d.onChange(s);
    return s;
  };
  const signOut = async (message: string): Promise<TeamStatus> => {
    await d.vault.delete(TEAM_TOKEN_ACCOUNT);
    return save({ ...status(), state: 'signed_out', checkedAt: d.now(), message });
  };
  const readToken = async (): Promise<BoundToken | null> => {
    const raw = await d.vault.get(TEAM_TOKEN_ACCOUNT);
    if (!raw) return null;
    try {
      return BoundTokenSchema.parse(JSON.parse(raw));
    } catch {
      return null;
    }
  };

  async function connect(input: TeamConnectInput): Promise<TeamStatus> {
    const { serverUrl, inviteCode, caFile } = TeamConnectInputSchema.parse(input);
    if (caFile && !d.typedCaFile) throw new AppError('invalid_input', 'The desktop app trusts the certificates of the OS certificate store: install the company CA there and leave this empty.', { retryable: false, details: { field: 'caFile' } });
    const client = clientFor(serverUrl, await d.fetchFor(caFile));
    const r = await client.redeem(inviteCode);
    if (r.kind === 'refused' || r.kind === 'invalid') throw new AppError('invalid_input', r.message, { retryable: false, details: { field: 'inviteCode' } });
    if (r.kind === 'slowed') throw new AppError('rate_limited', `${r.message} (the server asks to wait ${r.retryAfterS} s).`, { retryable: false });
    if (r.kind === 'unreachable' || r.kind === 'unavailable') throw new AppError('network', r.message, { retryable: false, details: { field: 'serverUrl' } });
    const bound: BoundToken = { token: r.value.token, serverUrl, caFile };
    await d.vault.set(TEAM_TOKEN_ACCOUNT, JSON.stringify(bound));
    return save({ state: 'connected', serverUrl, caFile, member: r.value.member, tokenExpiresAt: r.value.expiresAt, checkedAt: d.now(), message: null });
  }

  async function check(): Promise<TeamStatus> {
    const current = status();
    if (current.state === 'none' || current.state === 'signed_out' || !current.serverUrl) return current;
    const bound = await readToken();
    if (!bound) return signOut(SIGNED_OUT_MISSING);
    if (bound.serverUrl !== current.serverUrl || bound.caFile !== current.caFile) return signOut(SIGNED_OUT_MOVED);
    if (current.tokenExpiresAt && Date.parse(current.tokenExpiresAt) <= d.now()) return signOut(SIGNED_OUT_EXPIRED);
    let fetchImpl: FetchLike;
    try {
      fetchImpl = await d.fetchFor(bound.caFile);
    } catch (e) {
      return save({ ...current, state: 'unreachable', checkedAt: d.now(), message: e instanceof Error ? e.message : String(e) });
    }
    const r = await clientFor(bound.serverUrl, fetchImpl).me(bound.token);
    if (r.kind === 'refused') return signOut(SIGNED_OUT_REFUSED(r.message));
    if (r.kind === 'ok') return save({ ...current, state: 'connected', member: r.value, checkedAt: d.now(), message: null });
    return save({ ...current, state: 'unreachable', checkedAt: d.now(), message: r.message });
  }

  /**
   * A member call with the bound token, sent only where it was issued. A refusal signs this computer
   * out (the token is deleted and not sent again); no answer marks the server unreachable. Either
   * way the caller gets an AppError with the sentence to show.
   */
  async function asMember<T>(method: TeamMethod, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const current = status();
    const notConnected = (message: string) => new AppError('not_configured', message, { retryable: false });
    if (current.state === 'none' || !current.serverUrl) throw notConnected('Join a team server first (Settings → Team server).');
    if (current.state === 'signed_out') throw notConnected(current.message ?? 'Signed out of the team server: join again with a new invite.');
    const bound = await readToken();
    if (!bound || bound.serverUrl !== current.serverUrl || bound.caFile !== current.caFile) throw notConnected((await signOut(bound ? SIGNED_OUT_MOVED : SIGNED_OUT_MISSING)).message!);
    const r = await clientFor(bound.serverUrl, await d.fetchFor(bound.caFile)).call(bound.token, method, path, schema, body);
    if (r.kind === 'ok') {
      if (current.state !== 'connected') save({ ...current, state: 'connected', checkedAt: d.now(), message: null });
      return r.value;
    }
    if (r.kind === 'refused') {
      // 403 is a member's refusal (not the owner), 401 the token's: only the latter signs out.
      if (r.status === 403) throw new AppError('forbidden', r.message, { retryable: false });
      throw notConnected((await signOut(SIGNED_OUT_REFUSED(r.message))).message!);
    }
    if (r.kind === 'slowed') throw new AppError('rate_limited', r.message, { retryable: true });
    if (r.kind === 'invalid') throw new AppError('invalid_input', r.message, { retryable: false });
    if (r.kind === 'unavailable') throw new AppError('not_configured', r.message, { retryable: false });
    save({ ...current, state: 'unreachable', checkedAt: d.now(), message: r.message });
    throw new AppError('network', r.message, { retryable: true });
  }

  async function disconnect(): Promise<TeamStatus> {
    await d.vault.delete(TEAM_TOKEN_ACCOUNT);
    return save(NO_TEAM);
  }

  return {
    status,
    connect: (input: TeamConnectInput) => serial(() => connect(input)),
    check: () => serial(check),
    asMember,
    disconnect: () => serial(disconnect),
    /** Resolves when no operation runs (close waits for it before the settings go). */
    idle: () => queue.then(() => undefined),
  };
}
export type TeamConnection = ReturnType<typeof createTeamConnection>;
