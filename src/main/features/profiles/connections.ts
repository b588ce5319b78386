// The active connection: which profile is in use, its TokenManager and ApiClient, and the
// ConnectionStatus the renderer sees (emitted on every change, never holding a secret).
import { AppError, isAppError, isConnectionProblem, toBridgeError, type BridgeError } from '../../../shared/errors';
import type { ConnectionStatus, Profile, VaultKind } from '../../../shared/profile';
import { createApiClient } from '../../platform/api/api-client';
import { RateLimiter } from '../../platform/api/rate-limiter';
import type { ApiClient } from '../../platform/api/types';
import type { Transport } from '../../platform/api/transport';
import { TokenManager } from '../../platform/auth/token-manager';
import type { ProfileRepo } from './profile-repo';

export interface SandboxUrls {
  authUrl: string;
  baseUrl: string;
}

export interface ConnectionsOptions {
  repo: ProfileRepo;
  transport: Transport;
  /** The transport for one profile (its proxy and CA); default: `transport` for every profile. */
  transportFor?(profile: Profile): Promise<Transport>;
  /** Starts the embedded sandbox on first use; rejects when it is disabled. */
  sandboxUrls(): Promise<SandboxUrls>;
  vault: { kind: VaultKind; notice?: string };
  now(): number;
  onStatus(status: ConnectionStatus): void;
}

interface Session {
  profile: Profile;
  tokens: TokenManager;
  api: ApiClient;
  /** What this session's requests go through (the profile's network settings). */
  transport: Transport;
}

export class Connections {
  private session: Session | null = null;
  private building: Promise<Session> | null = null;
  private lastError: BridgeError | null = null;
  private lastEmitted = '';
  /** One request budget per profile id, kept across sign-outs and sessions (the quota is the service's). */
  private readonly limiters = new Map<string, RateLimiter>();

  constructor(private readonly o: ConnectionsOptions) {}

  /** Profile with real URLs (the sandbox's are resolved here). */
  async resolve(profile: Profile): Promise<Profile> {
    if (profile.kind !== 'sandbox') return profile;
    return { ...profile, ...(await this.o.sandboxUrls()) };
  }

  /** Token manager + client for a profile, independent of the active session (connection test). */
  async open(profile: Profile, onChange?: () => void): Promise<Session> {
    const resolved = await this.resolve(profile);
    const transport = this.o.transportFor ? await this.o.transportFor(resolved) : this.o.transport;
    const tokens = new TokenManager({
      authUrl: resolved.authUrl,
      clientId: resolved.clientId,
      scope: resolved.scope,
      useDiscovery: resolved.useDiscovery,
      getSecret: () => this.o.repo.secretFor(profile),
      transport,
      now: this.o.now,
      onChange,
    });
    return { profile: resolved, tokens, transport, api: createApiClient({ profile: resolved, tokens, transport, limiter: this.limiterFor(resolved) }) };
  }

  /** The profile's shared limiter, set to its current requests-per-second. */
  limiterFor(profile: Pick<Profile, 'id' | 'requestsPerSecond'>): RateLimiter {
    const settings = { requestsPerSecond: profile.requestsPerSecond ?? null };
    let limiter = this.limiters.get(profile.id);
    if (!limiter) {
      limiter = new RateLimiter(settings);
      this.limiters.set(profile.id, limiter);
    } else limiter.configure(settings);
    return limiter;
  }

  /** The profile's limiter now: callers waiting, requests let through, its pace (learned or fixed; null = none). */
  budgetOf(profileId: string): { waiting: number; granted: number; requestsPerSecond: number | null } {
    const l = this.limiters.get(profileId);
    if (!l) return { waiting: 0, granted: 0, requestsPerSecond: null };
    const { waiting, granted, learnedRps } = l.stats();
    return { waiting, granted, requestsPerSecond: learnedRps ?? l.settings.requestsPerSecond };
  }

  activeProfile(): Profile | null {
    const id = this.o.repo.activeId();
    return id ? this.o.repo.get(id) : null;
  }

  /** The active profile's client; a failure that concerns the connection updates the status. */
  async api(): Promise<ApiClient> {
    const s = await this.current();
    return this.tracked(s.api);
  }

  /**
   * The client of `profileId` only, for work bound to a profile (a watch's check): that profile's
   * session while it is the active one; refused (not_configured) otherwise, never another profile's client.
   */
  async apiFor(profileId: string): Promise<ApiClient> {
    const refuse = () => {
      const name = this.o.repo.get(profileId)?.name;
      return new AppError('not_configured', `This belongs to the connection profile ${name ? `‘${name}’` : 'that was deleted'}, which is not the active one.`);
    };
    if (this.activeProfile()?.id !== profileId) throw refuse();
    const s = await this.current();
    // Checked again after the await: a switch while signing in must not hand out either profile's client.
    if (s.profile.id !== profileId || this.activeProfile()?.id !== profileId) throw refuse();
    return this.tracked(s.api);
  }

  async activate(id: string): Promise<ConnectionStatus> {
    if (!this.o.repo.get(id)) throw new AppError('not_found', 'This profile no longer exists.');
    this.o.repo.setActiveId(id);
    this.reset();
    await this.signIn();
    return this.status();
  }

  /** Sign in now (used after activate); the outcome lands in the status, never throws. */
  async signIn(): Promise<void> {
    try {
      const s = await this.current();
      await s.tokens.getToken();
      this.lastError = null;
    } catch (e) {
      // Cancelled: the session was reset (switched, signed out) while signing in; nothing to show.
      if (!(isAppError(e) && e.code === 'cancelled')) this.lastError = toBridgeError(e);
    }
    this.publish();
  }

  /**
   * A connection test of the active profile proved something: with no live session yet, its signed-in
   * session becomes the active one (no second sign-in), or its sign-in failure becomes the status.
   * A live session is left alone.
   */
  adoptTested(s: Session, tokenError: BridgeError | null): void {
    if (this.activeProfile()?.id !== s.profile.id) return;
    if (this.session?.profile.id === s.profile.id && this.session.tokens.status().signedIn) return;
    if (tokenError) {
      if (isConnectionProblem(tokenError)) this.lastError = tokenError;
    } else if (s.tokens.status().signedIn) {
      this.session = s;
      this.building = null;
      this.lastError = null;
    }
    this.publish();
  }

  signOut(): ConnectionStatus {
    this.session?.tokens.clear();
    this.lastError = null;
    this.publish();
    return this.status();
  }

  /** Forget the session (profile changed, deleted or switched). */
  reset(): void {
    this.session?.tokens.clear();
    this.session = null;
    this.building = null;
    this.lastError = null;
    this.publish();
  }

  status(): ConnectionStatus {
    const profile = this.activeProfile();
    const vault = { kind: this.o.vault.kind, ...(this.o.vault.notice ? { notice: this.o.vault.notice } : {}) };
    if (!profile) return { profileId: null, profileName: null, state: 'signed_out', vault };
    const base = { profileId: profile.id, profileName: profile.name, vault };
    const t = this.session?.profile.id === profile.id ? this.session.tokens.status() : null;
    if (t?.fetching) return { ...base, state: 'connecting', ...(t.retrying ? { retrying: t.retrying } : {}) };
    if (this.lastError) return { ...base, state: 'error', error: this.lastError };
    if (t?.signedIn) return { ...base, state: 'connected', scope: t.scope, expiresAt: t.expiresAt, renewsAt: t.renewsAt };
    return { ...base, state: 'signed_out' };
  }

  /** Emits profiles.statusChanged when anything visible changed. */
  publish(): void {
    const s = this.status();
    const key = JSON.stringify(s);
    if (key === this.lastEmitted) return;
    this.lastEmitted = key;
    this.o.onStatus(s);
  }

  private async current(): Promise<Session> {
    const profile = this.activeProfile();
    if (!profile) throw new AppError('not_configured', 'No connection profile is selected. Choose or create one in Settings.');
    if (this.session?.profile.id === profile.id) return this.session;
    if (!this.building) {
      this.building = this.open(profile, () => this.publish())
        .then((s) => {
          this.session = s;
          return s;
        })
        .finally(() => {
          this.building = null;
        });
    }
    return this.building;
  }

  private tracked(api: ApiClient): ApiClient {
    const wrap =
      <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        try {
          const r = await fn(...a);
          if (this.lastError) {
            this.lastError = null;
            this.publish();
          }
          return r;
        } catch (e) {
          if (isAppError(e) && isConnectionProblem(e)) {
            this.lastError = e.toBridge();
            this.publish();
          }
          throw e;
        }
      };
    return {
      search: wrap(api.search.bind(api)),
      esgModule: wrap(api.esgModule.bind(api)),
      processingStatus: wrap(api.processingStatus.bind(api)),
      match: wrap(api.match.bind(api)),
    };
  }
}
