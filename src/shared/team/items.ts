// Team items (issue 37): a saved search or a list a member shares with the team, as a copy on the
// team server owned by that member. Written once for the server (features/team-items) and the
// desktop's Team connection, so both check and read the same shapes.
import { z } from 'zod';
import { jsonWithin, SEARCH_BODY_MAX_CHARS } from '../limits';
import { CompanyIdSchema, LIST_BATCH_MAX, LIST_NAME_MAX } from '../lists/lists';
import { PageSizeSchema } from '../service/schemas';
import { sentenceCount } from '../sentence-numbers';

export const TEAM_ITEM_KINDS = ['search', 'list'] as const;
export type TeamItemKind = (typeof TEAM_ITEM_KINDS)[number];

export const TEAM_ITEM_NAME_MAX = LIST_NAME_MAX;
/** Companies in one shared list: as many as one desktop list takes in one call. */
export const TEAM_LIST_MAX = LIST_BATCH_MAX;
/**
 * Bytes of one POST/PUT /v1/items body. A list at TEAM_LIST_MAX with names of ~40 characters is
 * ~11.5 MB of JSON; this leaves room for names averaging up to ~250 characters. Every other call
 * takes 16 KiB.
 */
export const TEAM_ITEM_BODY_MAX_BYTES = 32 * 1024 * 1024;

export const TeamItemNameSchema = z
  .string('Give the item a name')
  .trim()
  .min(1, 'Give the item a name')
  .max(TEAM_ITEM_NAME_MAX, `A name can be at most ${TEAM_ITEM_NAME_MAX} characters`)
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'A name cannot contain control characters');

/** A search body as the desktop saves it: any JSON object within the search limit; it is checked against the spec when run. */
const SearchBodyJsonSchema = jsonWithin(SEARCH_BODY_MAX_CHARS, 'The search').refine(
  (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  'The search must be a JSON object like {"filters": {"and": [...]}}',
);

export const TeamCompanySchema = z.strictObject({
  companyId: CompanyIdSchema,
  name: z.string('A company needs a name').max(500, 'A company name can be at most 500 characters'),
  country: z.string().max(100, 'A country can be at most 100 characters').optional(),
});
export type TeamCompany = z.infer<typeof TeamCompanySchema>;

const CompaniesSchema = z
  .array(TeamCompanySchema)
  .max(TEAM_LIST_MAX, { error: () => `A shared list can hold at most ${sentenceCount(TEAM_LIST_MAX)} companies` })
  .superRefine((companies, ctx) => {
    const seen = new Set<string>();
    for (const [i, c] of companies.entries()) {
      const id = c.companyId.toLowerCase();
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i, 'companyId'], message: `Company ${c.companyId} is in the list twice` });
      seen.add(id);
    }
  });

const SearchContent = { body: SearchBodyJsonSchema, pageSize: PageSizeSchema };
const ListContent = { companies: CompaniesSchema };

/** POST /v1/items: what a member shares. */
export const TeamItemInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('search'), name: TeamItemNameSchema, ...SearchContent }),
    z.strictObject({ kind: z.literal('list'), name: TeamItemNameSchema, ...ListContent }),
  ],
  { error: 'kind must be "search" or "list"' },
);
export type TeamItemInput = z.infer<typeof TeamItemInputSchema>;

/** The version an edit started from (TeamItemSummary.version). */
export const TeamItemVersionSchema = z
  .number('Say which version of the item you edited (version, a whole number)')
  .int('A version is a whole number')
  .min(1, 'A version is 1 or more');

/** PUT /v1/items/:id: the whole item again (same kind), and the version it was edited from. */
export const TeamItemUpdateSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('search'), name: TeamItemNameSchema, ...SearchContent, version: TeamItemVersionSchema }),
    z.strictObject({ kind: z.literal('list'), name: TeamItemNameSchema, ...ListContent, version: TeamItemVersionSchema }),
  ],
  { error: 'kind must be "search" or "list"' },
);
export type TeamItemUpdate = z.infer<typeof TeamItemUpdateSchema>;

const Iso = z.iso.datetime();

export const TeamItemSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(TEAM_ITEM_KINDS),
  name: z.string(),
  /** The member who shared it (still named after they are revoked). */
  owner: z.object({ id: z.uuid(), name: z.string() }),
  /** True when the caller owns it (and so may edit it). */
  mine: z.boolean(),
  /** 1 when shared, one more at each edit; an edit names the version it started from. */
  version: z.number().int().min(1),
  createdAt: Iso,
  updatedAt: Iso,
  /** A search's page size, a list's company count. */
  size: z.number().int().min(0),
});
export type TeamItemSummary = z.infer<typeof TeamItemSummarySchema>;

/** A whole item: its summary and its content (a search's body and page size, or a list's companies). */
export const TeamItemSchema = z.discriminatedUnion('kind', [
  TeamItemSummarySchema.extend({ kind: z.literal('search'), body: z.record(z.string(), z.unknown()), pageSize: z.number().int() }),
  TeamItemSummarySchema.extend({ kind: z.literal('list'), companies: z.array(TeamCompanySchema) }),
]);
export type TeamItem = z.infer<typeof TeamItemSchema>;

/** GET /v1/items. */
export const TeamItemsAnswerSchema = z.object({ items: z.array(TeamItemSummarySchema) });
/** POST /v1/items (201) and PUT /v1/items/:id. */
export const TeamItemSummaryAnswerSchema = z.object({ item: TeamItemSummarySchema });
/** GET /v1/items/:id. */
export const TeamItemAnswerSchema = z.object({ item: TeamItemSchema });

/** One sentence for a refused input: where, and what is wrong ("companies[3].companyId: Not a company id ..."). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The item is not valid.';
  const path = issue.path.reduce<string>((at, p) => (typeof p === 'number' ? `${at}[${p}]` : at ? `${at}.${String(p)}` : String(p)), '');
  return path ? `${path}: ${issue.message}` : issue.message;
}
