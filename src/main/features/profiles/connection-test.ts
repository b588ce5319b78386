// "Test connection": discovery (only when the profile uses it), a fresh token, one search (named in
// the report: what was sent and where), and the ESG and match permissions, each step timed and
// each permission reported on its own. Nothing here starts processing: ESG access is checked with
// the read-only status operation for a session id that cannot exist (404 = allowed, 403 = no
// access); match access with a one-candidate lookup. Runs on its own token manager, so the active
// session's token is neither used nor disturbed; when the active profile has no live session yet,
// the tested one is handed over (the header then shows what the test proved).
import { randomUUID } from 'node:crypto';
import { isAppError, toBridgeError, type BridgeError } from '../../../shared/errors';
import { buildMatchBody } from '../../../shared/match/request-builder';
import type { Profile, TestReport, TestStep } from '../../../shared/profile';
import type { SearchBody } from '../../../shared/service/schemas';
import { discoverTokenEndpoint } from '../../platform/auth/discovery';
import type { Transport } from '../../platform/api/transport';
import type { Connections } from './connections';

export const TEST_SEARCH_BODY: SearchBody = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'US' }] } };
export const TEST_SEARCH_TEXT = 'country equals US, page_size=1';
/** Name the match probe looks up (a lookup only; nothing is stored or started). */
export const TEST_MATCH_NAME = 'Firmscope connection test';
const PROBE_TIMEOUT_MS = 15_000;

class NoAccess extends Error {}

export async function testConnection(
  profile: Profile,
  deps: { connections: Connections; transport: Transport; now: () => number; signal?: AbortSignal },
): Promise<TestReport> {
  const steps: TestStep[] = [];
  const timed = async (step: TestStep['step'], run: () => Promise<string>): Promise<boolean> => {
    const t0 = performance.now();
    const ms = () => Math.round(performance.now() - t0);
    try {
      const message = await run();
      steps.push({ step, ok: true, ms: ms(), message });
      return true;
    } catch (e) {
      if (e instanceof NoAccess) steps.push({ step, ok: false, noAccess: true, ms: ms(), message: e.message });
      else steps.push({ step, ok: false, ms: ms(), message: toBridgeError(e).message });
      return false;
    }
  };
  const skip = (step: TestStep['step'], message: string) => steps.push({ step, ok: true, skipped: true, ms: 0, message });
  const skipRest = (message: string) => {
    for (const step of ['token', 'api', 'esg', 'match'] as const) if (!steps.some((s) => s.step === step)) skip(step, message);
  };
  const done = (): TestReport => ({ profileId: profile.id, ok: steps.every((x) => x.ok || x.noAccess), steps });

  type Opened = Awaited<ReturnType<Connections['open']>>;
  let s: Opened;
  try {
    s = await deps.connections.open(profile, () => deps.connections.publish());
  } catch (e) {
    steps.push({ step: 'discovery', ok: false, ms: 0, message: toBridgeError(e).message });
    skipRest('Not tried: the profile could not be prepared.');
    return done();
  }
  if (s.profile.useDiscovery) {
    const found = await timed('discovery', async () => {
      const endpoint = await discoverTokenEndpoint(s.transport, s.profile.authUrl, { signal: deps.signal });
      return `Token endpoint from discovery: ${endpoint}`;
    });
    if (!found) {
      skipRest('Not tried: discovery failed.');
      return done();
    }
  } else {
    skip('discovery', 'Not used by this profile: the token endpoint is {auth_url}/oauth2/token.');
  }
  let tokenError: BridgeError | null = null;
  const gotToken = await timed('token', async () => {
    try {
      await s.tokens.getToken(deps.signal);
    } catch (e) {
      tokenError = toBridgeError(e);
      throw e;
    }
    const st = s.tokens.status();
    const mins = st.expiresAt ? Math.round((st.expiresAt - deps.now()) / 60_000) : 0;
    return `Signed in with scope ${st.scope ?? '?'}; the token is valid for about ${mins} min.`;
  });
  deps.connections.adoptTested(s, tokenError);
  if (!gotToken) {
    skipRest('Not tried: no token.');
    return done();
  }
  const opts = { signal: deps.signal, timeoutMs: PROBE_TIMEOUT_MS };
  const where = `POST ${s.profile.searchPath}`;
  await timed('api', async () => {
    try {
      const page = await s.api.search({ body: TEST_SEARCH_BODY, pageSize: 1 }, opts);
      return `Search access. Ran ${TEST_SEARCH_TEXT} (${where}): ${page.count} matching companies.`;
    } catch (e) {
      if (isAppError(e) && e.code === 'forbidden') throw new NoAccess(`Search: no access (403 for ${where}). Ask the service operator to enable search for this client.`);
      // The attribute list of the real service is not published: a 400 about the probe's filter
      // still proves the base URL, the search path and the token are right.
      if (!isAppError(e) || e.code !== 'bad_request') throw e;
      return `Search access (signed in, path found). Ran ${TEST_SEARCH_TEXT} (${where}); the service did not accept that filter: ${e.message}`;
    }
  });
  await timed('esg', async () => {
    try {
      await s.api.processingStatus(randomUUID(), opts);
      return 'ESG access (the status check answered).';
    } catch (e) {
      if (isAppError(e) && e.code === 'not_found') return 'ESG access. Checked with the read-only status operation for a session that does not exist (404, as expected); nothing was started.';
      if (isAppError(e) && e.code === 'forbidden') throw new NoAccess('ESG: no access (403). Ask the service operator to enable ESG for this client.');
      throw e;
    }
  });
  await timed('match', async () => {
    const built = buildMatchBody({ name: TEST_MATCH_NAME, limit: '1' }, s.profile.matchPayloadTemplate);
    if (!built.ok) throw new Error(`The profile's match template cannot be filled: ${built.problems.map((p) => p.message).join(' ')}`);
    try {
      const res = await s.api.match(built.body, opts);
      return `Match access. Looked up "${TEST_MATCH_NAME}" (POST ${s.profile.matchPath}): ${res.count} candidates.`;
    } catch (e) {
      if (isAppError(e) && e.code === 'forbidden') throw new NoAccess('Match: no access (403). Ask the service operator to enable match for this client.');
      if (isAppError(e) && e.code === 'bad_request') return `Match access (path found); the service did not accept the test lookup: ${e.message}`;
      throw e;
    }
  });
  return done();
}
