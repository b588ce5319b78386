// What `result_count` counts, per module (spec: "result_count per module"). Shown next to the live
// count so an analyst never reads a news total as "found by this run".
import type { EsgModule } from '../service/schemas';

export interface CountSemantics {
  /** Short label next to the number, e.g. "articles held". */
  unit: string;
  /** One sentence explaining the number. */
  explanation: string;
}

export const COUNT_SEMANTICS: Record<EsgModule, CountSemantics> = {
  news: {
    unit: 'articles held',
    explanation: 'Every article held for this company, including ones gathered before this session.',
  },
  commitments: {
    unit: 'commitments from this run',
    explanation: 'Commitments produced by this session only; when it completes they replace the previous set.',
  },
  scores: {
    unit: 'score ready (0 or 1)',
    explanation: '1 once the score exists, 0 before. The score arrives whole, so it moves from 0 to 1 in one step.',
  },
};

export const MODULE_LABELS: Record<EsgModule, string> = {
  news: 'News',
  commitments: 'Commitments',
  scores: 'Scores',
};

/** Completion is decided only by `status`: a count that stops moving means nothing. */
export const COMPLETION_NOTE = 'The session is finished only when the service says so; a count that stops moving is not a sign of completion.';
