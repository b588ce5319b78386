// One company matched from the form (or an edited request body), and the request preview, through
// the one request builder and the profile's payload template. Part of the match feature (feature.ts).
import type { MatchResultView } from '../../../shared/bridge/groups/match';
import { AppError } from '../../../shared/errors';
import { buildMatchBody, checkEditedBody, describeProblems, type BuildResult } from '../../../shared/match/request-builder';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { rankCandidates } from './candidates';

type Handlers = FeatureModule<'match'>['handlers'];

const fail = (r: Extract<BuildResult, { ok: false }>): never => {
  throw new AppError('invalid_input', describeProblems(r.problems), { details: { field: r.problems[0]?.field } });
};

export function createSingleMatch(deps: Pick<FeatureDeps, 'api'>, template: () => string | null): { preview: Handlers['preview']; single: Handlers['single'] } {
  return {
    async preview({ fields }) {
      const t = template();
      const r = buildMatchBody(fields, t);
      return { body: r.ok ? r.body : null, problems: r.ok ? [] : r.problems, source: t?.trim() ? 'profile' : 'default' };
    },

    async single({ fields, rawBody }, ctx): Promise<MatchResultView> {
      const built = rawBody !== undefined ? checkEditedBody(rawBody, template()) : buildMatchBody(fields ?? {}, template());
      if (!built.ok) fail(built);
      const body = (built as { body: unknown }).body;
      const api = await deps.api();
      const res = await api.match(body, { signal: ctx.signal });
      return { requestBody: body, count: res.count, candidates: rankCandidates(res.result) };
    },
  };
}
