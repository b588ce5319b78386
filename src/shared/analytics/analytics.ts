// Portfolio analytics and the peer benchmark (issue 29): what main computes from the stored ESG
// results of a list's companies, and what the Analytics view, the company's peer benchmark and the
// workbook's Analytics sheet show. Numbers only: labels are words, never ids.

export const SCORE_PARTS = ['overall', 'environmental', 'social', 'governance'] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];
export const SCORE_PART_LABELS: Record<ScorePart, string> = { overall: 'Overall', environmental: 'Environmental', social: 'Social', governance: 'Governance' };

/** Ratings best first; others (a service's own scale) follow alphabetically. */
export const RATING_ORDER = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'] as const;
/** The rating key of a company with scores but no rating. */
export const NO_RATING = 'No rating';

/** One bin of a histogram: [x0, x1), the last bin closed. */
export interface HistogramBin {
  x0: number;
  x1: number;
  count: number;
}

export interface ScoreDistribution {
  part: ScorePart;
  /** Companies with this part's score. */
  n: number;
  median: number | null;
  bins: HistogramBin[];
  /** Scores outside the 0–100 scale: counted here and in no bin (a service's bad value must not widen the axis). */
  outOfRange: number;
}

export interface RatingCount {
  rating: string;
  count: number;
}

/** Companies of one country or industry division: a small multiple. */
export interface GroupBreakdown {
  /** Country code or two-digit division; "other" for the rest, "unknown" when the record does not say. */
  key: string;
  label: string;
  companies: number;
  withScores: number;
  medianOverall: number | null;
  bins: HistogramBin[];
  /** Overall scores outside 0–100, in no bin. */
  outOfRange: number;
  ratings: RatingCount[];
}

export interface Mover {
  companyId: string;
  name: string | null;
  previous: number;
  latest: number;
  change: number;
  previousRating: string | null;
  rating: string | null;
}

export const FRESHNESS_BUCKETS = ['day', 'week', 'month', 'quarter', 'older', 'never'] as const;
export type FreshnessKey = (typeof FRESHNESS_BUCKETS)[number];
export const FRESHNESS_LABELS: Record<FreshnessKey, string> = {
  day: 'Within a day',
  week: '1–7 days',
  month: '8–30 days',
  quarter: '31–90 days',
  older: 'Over 90 days',
  never: 'No ESG data',
};

export interface Coverage {
  companies: number;
  /** Companies with any stored ESG result. */
  withData: number;
  /** Companies with a stored overall score. */
  withScores: number;
  /** By the time of the company's newest stored result. */
  freshness: { key: FreshnessKey; label: string; count: number }[];
  newest: number | null;
  oldest: number | null;
}

export interface PortfolioAnalytics {
  /** A list, or a snapshot view (`rows` of the snapshot's `snapshotRows`; `narrowed`: a filter or facet is on). */
  source:
    | { kind: 'list'; id: number; name: string }
    | { kind: 'snapshot'; id: number; name: string; loadedAt: number; rows: number; snapshotRows: number; narrowed: boolean };
  computedAt: number;
  coverage: Coverage;
  distributions: ScoreDistribution[];
  ratings: RatingCount[];
  byCountry: GroupBreakdown[];
  byDivision: GroupBreakdown[];
  movers: {
    /** Companies with an overall score in their latest and previous refresh. */
    compared: number;
    up: Mover[];
    down: Mover[];
  };
}

export interface PeerGroup {
  kind: 'list' | 'snapshot' | 'division' | 'country' | 'division-country';
  label: string;
  /** Overall scores of the group, the company's included, ascending. */
  values: number[];
  /** Percentile rank (0–100) of the company's overall score in the group; null below 2 companies or without a score. */
  percentile: number | null;
  /** 1 = the highest score of the group; null without a score. */
  rank: number | null;
  /** A workspace group's part of the workspace: "in Germany", "in industry 62 …" (list and snapshot groups have none). */
  within?: string;
}

export interface PeerBenchmark {
  companyId: string;
  name: string | null;
  overall: number | null;
  rating: string | null;
  country: { key: string; label: string } | null;
  division: { key: string; label: string } | null;
  groups: PeerGroup[];
  /** The workspace the peer groups are drawn from: companies of the profile's lists with a stored overall score (the company itself included). */
  workspaceScored: number;
}
