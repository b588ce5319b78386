// Named lists of companies, per profile, as the renderer and the other features see them. The
// contract between the lists feature, the ESG runs ("esgrun") and the bulk-match review ("review").
import { z } from 'zod';
import { CompanyRecordSchema, type CompanyRecord } from '../service/schemas';
import { SnapshotViewSchema } from '../snapshots/snapshot';
import { WeightValueSchema, type BenchmarkRef, type Weighting } from './weights';

export const LIST_NAME_MAX = 120;
/** At most this many companies in one create/add call (a whole loaded snapshot goes by id instead). */
export const LIST_BATCH_MAX = 100_000;

export const ListIdSchema = z.number().int().positive();

/** A list's name: trimmed, 1..120 characters, unique per profile (case-insensitive). */
export const ListNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the list a name')
  .max(LIST_NAME_MAX, `A list name can be at most ${LIST_NAME_MAX} characters`)
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'A list name cannot contain control characters');

export const CompanyIdSchema = z.uuid('Not a company id (a UUID like 2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c)');

/** One company going into a list: its id, and its search record where the caller has it. */
export const ListMemberInputSchema = z.object({
  companyId: CompanyIdSchema,
  /** The company's search record (snapshot of what the analyst saw); names, country, industry come from it. */
  record: CompanyRecordSchema.optional(),
  /** Used when no record is given (e.g. a bulk-match candidate with only a name). */
  name: z.string().max(500).optional(),
  country: z.string().max(100).optional(),
  /** Its portfolio weight as given (an imported weight column); absent: none. */
  weight: WeightValueSchema.optional(),
});
export type ListMemberInput = z.input<typeof ListMemberInputSchema>;

/** Where the companies of a create/add come from. */
export const ListSourceSchema = z.discriminatedUnion('kind', [
  /** Rows the caller holds (grid selection, accepted bulk-match rows). */
  z.object({ kind: z.literal('companies'), companies: z.array(ListMemberInputSchema).max(LIST_BATCH_MAX) }),
  /**
   * Rows of a loaded result set (snapshot) of the same profile: those of `view` (its text filter and
   * facet choices, selected in main with the view's own query; its sort is ignored), or every row
   * when `view` is absent (the analyst's explicit "Save all N as list…").
   */
  z.object({ kind: z.literal('snapshot'), snapshotId: z.number().int().positive(), view: SnapshotViewSchema.optional() }),
  /** Bare ids (pasted): main looks their names up through the service's search (company_id in [...]). */
  z.object({ kind: z.literal('ids'), ids: z.array(CompanyIdSchema).min(1).max(LIST_BATCH_MAX) }),
]);
export type ListSource = z.input<typeof ListSourceSchema>;

export interface ListInfo {
  id: number;
  profileId: string;
  name: string;
  memberCount: number;
  createdAt: number;
  updatedAt: number;
  /** Equal weights, or each company's own (lists/weights.ts). */
  weighting: Weighting;
  /** What its weighted analytics compare with; null: none chosen. */
  benchmark: BenchmarkRef | null;
}

/** What a create or add did. */
export interface ListChange {
  list: ListInfo;
  /** Companies that joined the list. */
  added: number;
  /** Companies that were in the list already (a company is in a list at most once). */
  alreadyIn: number;
  /** Ids whose names the service did not return (kept in the list, shown by id). */
  namesUnknown: string[];
  /** Why names could not be looked up at all (offline, no access); null when the lookup ran. */
  lookupError: string | null;
}

/**
 * ESG summary of one company, as the list view shows it. Every field is optional: "—" until the
 * ESG runs store data. Filled by the SQL view `esg_summary` (see src/main/features/lists/esg-summary.ts),
 * which the esgrun migration replaces with one over its stored results.
 */
export interface EsgSummary {
  overallScore?: number | null;
  overallRating?: string | null;
  environmentalScore?: number | null;
  environmentalRating?: string | null;
  socialScore?: number | null;
  socialRating?: string | null;
  governanceScore?: number | null;
  governanceRating?: string | null;
  newsCount?: number | null;
  commitmentsCount?: number | null;
  /** Epoch ms of the last completed refresh of any module. */
  refreshedAt?: number | null;
  /** Overall score now minus the overall score of the previous refresh; null without a previous one. */
  overallChange?: number | null;
}

export interface ListMember {
  companyId: string;
  name: string | null;
  /** ISO code as the service gave it, and the readable name where the record has one. */
  country: string | null;
  countryName: string | null;
  industry: string | null;
  employees: number | null;
  revenue: number | null;
  addedAt: number;
  /** The search record stored when the company joined (null for a pasted id the service did not return). */
  record: CompanyRecord | null;
  /** Its weight as given (typed or imported); null: none. Used when the list's weighting is `given`. */
  weight: number | null;
  esg: EsgSummary;
}

export const LIST_SORT_FIELDS = [
  'name',
  'country',
  'industry',
  'employees',
  'revenue',
  'addedAt',
  'overallScore',
  'environmentalScore',
  'socialScore',
  'governanceScore',
  'overallRating',
  'newsCount',
  'commitmentsCount',
  'refreshedAt',
  'overallChange',
  'weight',
] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];

export const ListViewSchema = z.object({
  sort: z.object({ field: z.enum(LIST_SORT_FIELDS), direction: z.enum(['asc', 'desc']) }).optional(),
  /** Matches name, country, city, industry or id (case-insensitive substring). */
  text: z.string().max(500).optional(),
});
export type ListView = z.infer<typeof ListViewSchema>;

export interface ListMembersPage {
  list: ListInfo;
  /** Members in the view (after the text filter). */
  total: number;
  offset: number;
  rows: ListMember[];
}
