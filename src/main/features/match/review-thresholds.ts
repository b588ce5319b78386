// The review threshold each profile last chose: the next bulk match of that profile starts with it.
// Part of the match feature (feature.ts).
import { z } from 'zod';
import { clampThreshold, DEFAULT_REVIEW_THRESHOLD } from '../../../shared/match/review';
import type { FeatureDeps } from '../../platform/ports/feature-deps';

/** Settings key: the review threshold each profile last chose (profile id -> 0..1). */
export const REVIEW_THRESHOLD_KEY = 'match.reviewThreshold';
const ThresholdsSchema = z.record(z.string(), z.number().min(0).max(1));

export function reviewThresholds(deps: Pick<FeatureDeps, 'settings' | 'activeProfile'>) {
  const thresholds = () => deps.settings.read(REVIEW_THRESHOLD_KEY, ThresholdsSchema, {});
  return {
    /** The active profile's last threshold (the default without one). */
    remembered(): number {
      const id = deps.activeProfile()?.id;
      return id ? (thresholds()[id] ?? DEFAULT_REVIEW_THRESHOLD) : DEFAULT_REVIEW_THRESHOLD;
    },
    remember(t: number): void {
      const id = deps.activeProfile()?.id;
      if (id) deps.settings.write(REVIEW_THRESHOLD_KEY, { ...thresholds(), [id]: clampThreshold(t) });
    },
  };
}
