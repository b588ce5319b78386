// "Test connection": discovery (only when the profile uses it), a fresh token, and one authenticated
// call (a one-row search with a simple filter; a 400 about that filter still counts as reached),
// each step timed. Runs on its own token manager so the
// active session's cached token is neither used nor disturbed.
import { isAppError, toBridgeError } from '../../shared/errors';
import type { Profile, TestReport, TestStep } from '../../shared/profile';
import type { SearchBody } from '../../shared/service/schemas';
import { discoverTokenEndpoint } from '../auth/discovery';
import type { Transport } from '../api/transport';
import type { Connections } from './connections';

export const TEST_SEARCH_BODY: SearchBody = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'US' }] } };

export async function testConnection(
  profile: Profile,
  deps: { connections: Connections; transport: Transport; now: () => number; signal?: AbortSignal },
): Promise<TestReport> {
  const steps: TestStep[] = [];
  const timed = async (step: TestStep['step'], run: () => Promise<string>): Promise<boolean> => {
    const t0 = performance.now();
    try {
      const message = await run();
      steps.push({ step, ok: true, ms: Math.round(performance.now() - t0), message });
      return true;
    } catch (e) {
      steps.push({ step, ok: false, ms: Math.round(performance.now() - t0), message: toBridgeError(e).message });
      return false;
    }
  };
  const skip = (step: TestStep['step'], message: string) => steps.push({ step, ok: true, skipped: true, ms: 0, message });

  type Opened = Awaited<ReturnType<Connections['open']>>;
  let s: Opened;
  try {
    s = await deps.connections.open(profile);
  } catch (e) {
    steps.push({ step: 'discovery', ok: false, ms: 0, message: toBridgeError(e).message });
    skip('token', 'Not tried: the profile could not be prepared.');
    skip('api', 'Not tried: the profile could not be prepared.');
    return { profileId: profile.id, ok: false, steps };
  }
  if (s.profile.useDiscovery) {
    const found = await timed('discovery', async () => {
      const endpoint = await discoverTokenEndpoint(s.transport, s.profile.authUrl, { signal: deps.signal });
      return `Token endpoint from discovery: ${endpoint}`;
    });
    if (!found) {
      skip('token', 'Not tried: discovery failed.');
      skip('api', 'Not tried: discovery failed.');
      return { profileId: profile.id, ok: false, steps };
    }
  } else {
    skip('discovery', 'Not used by this profile: the token endpoint is {auth_url}/oauth2/token.');
  }
  const gotToken = await timed('token', async () => {
    await s.tokens.getToken(deps.signal);
    const st = s.tokens.status();
    const mins = st.expiresAt ? Math.round((st.expiresAt - deps.now()) / 60_000) : 0;
    return `Signed in with scope ${st.scope ?? '?'}; the token is valid for about ${mins} min.`;
  });
  if (!gotToken) {
    skip('api', 'Not tried: no token.');
    return { profileId: profile.id, ok: false, steps };
  }
  await timed('api', async () => {
    try {
      const page = await s.api.search({ body: TEST_SEARCH_BODY, pageSize: 1 }, { signal: deps.signal, timeoutMs: 15_000 });
      return `Search answered: ${page.count} matching companies.`;
    } catch (e) {
      // The attribute list of the real service is not published: a 400 about the probe's filter
      // still proves the base URL, the search path and the token are right.
      if (!isAppError(e) || e.code !== 'bad_request') throw e;
      return `Search answered (signed in, path found); it did not accept the test filter country = US: ${e.message}`;
    }
  });
  return { profileId: profile.id, ok: steps.every((x) => x.ok), steps };
}
