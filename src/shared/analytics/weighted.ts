// Weighted portfolio analytics of a list (issue 38): the weighted-average scores, each holding's
// contribution, coverage by weight, and the same against a benchmark universe with active weights
// per country and industry division. Weights and shares are percentages (0–100); scores as stored.
import type { ScorePart } from './analytics';
import type { BenchmarkRef, Weighting } from '../lists/weights';

export interface WeightedAverage {
  part: ScorePart;
  /** Σ wᵢ·sᵢ / Σ wᵢ over the holdings with this score (null: none has it). */
  average: number | null;
  /** Holdings with this score. */
  companies: number;
  /** Share of the portfolio's weight whose holdings have this score, in %. */
  coverage: number;
}

export interface WeightedSummary {
  /** "List “Portfolio A”", "Snapshot of Nov 25, 2026" */
  label: string;
  /** Members of the list (or rows of the snapshot). */
  companies: number;
  /** Companies with a weight above 0 (equal weighting: every member). */
  held: number;
  averages: WeightedAverage[];
}

export interface Holding {
  companyId: string;
  name: string | null;
  /** Normalised weight in % (the held companies' sum to 100). */
  weight: number;
  /** Its weight as given (null: none; under equal weighting it is kept, not used). */
  given: number | null;
  overall: number | null;
  /** Points of the weighted-average overall score it contributes: weight over the scored weight × score (the contributions add up to the average). */
  contribution: number | null;
  /** Its contribution as a share of the weighted-average overall score, in %. */
  share: number | null;
}

/** One country or industry division: portfolio weight − benchmark weight, in percentage points. */
export interface ActiveWeight {
  key: string;
  label: string;
  portfolio: number;
  benchmark: number;
  active: number;
}

export interface WeightedAnalytics {
  list: { id: number; name: string };
  weighting: Weighting;
  portfolio: WeightedSummary;
  /** Held companies, largest weight first. */
  holdings: Holding[];
  /** Members without a weight above 0 under `given` weighting (not held, left out). */
  notHeld: number;
  /** The benchmark the analyst picked (stored with the list). */
  benchmarkRef: BenchmarkRef | null;
  /** Null: no benchmark chosen, or it is gone (then `benchmarkProblem` says why). */
  benchmark: WeightedSummary | null;
  benchmarkProblem: string | null;
  /** Per group over both universes, largest absolute active weight first; empty without a benchmark. */
  activeByCountry: ActiveWeight[];
  activeByDivision: ActiveWeight[];
  computedAt: number;
}
