// Credentials a proxy refused (HTTP 407) are not sent again by the app on its own: behind a company
// proxy the password is often the analyst's directory account, which locks after a few failed
// sign-ins (issue 36 #11: one search sent a wrong one 12 times, the live count more). A refused
// credential goes out again only when the analyst asks, once per action: an action is one bridge call
// that is not `automatic` (the dispatcher runs it in asAnalystAction), with everything it starts. A
// changed credential is another credential and goes at once; one that gets through is free again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';

interface AnalystAction {
  /** Refused credentials this action has already sent again (once each). */
  readonly retried: Set<string>;
}

const actions = new AsyncLocalStorage<AnalystAction>();

/** Runs `work` as one action of the analyst: what it sends, now or later on its behalf, may retry each refused credential once. */
export function asAnalystAction<T>(work: () => T): T {
  return actions.run({ retried: new Set() }, work);
}

/** Runs `work` as the app's own doing (the live count): it never sends a refused credential. */
export function asAutomatic<T>(work: () => T): T {
  return actions.exit(work);
}

/** Names a credential without keeping it: a hash of where it goes and what it is. */
export function credentialKey(...parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export class RefusedCredentials {
  private readonly refused = new Set<string>();

  /** Whether a request carrying credential `key` may go: yes unless it was refused; then once per analyst action. */
  maySend(key: string): boolean {
    if (!this.refused.has(key)) return true;
    const action = actions.getStore();
    if (!action || action.retried.has(key)) return false;
    action.retried.add(key);
    return true;
  }

  refuse(key: string): void {
    this.refused.add(key);
  }

  /** It got through after all (the proxy let an answer back): the app may use it freely again. */
  accept(key: string): void {
    this.refused.delete(key);
  }
}
