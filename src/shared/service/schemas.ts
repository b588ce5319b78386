// zod schemas for the company-data service's payloads (see docs/service-defaults.md).
// Records are open-ended: object schemas are `looseObject` so unknown fields are kept.
import { z } from 'zod';
import { FILTER_NAME_MAX_CHARS, FILTER_VALUE_MAX_CHARS, jsonFits, SEARCH_FILTERS_MAX } from '../limits';
import { sentenceCount } from '../sentence-numbers';

export const ESG_MODULES = ['news', 'commitments', 'scores'] as const;
export const EsgModuleSchema = z.enum(ESG_MODULES);
export type EsgModule = z.infer<typeof EsgModuleSchema>;

export const SESSION_STATUSES = ['processing', 'complete', 'not_found'] as const;
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 200;
export const PageSizeSchema = z
  .number()
  .int('Page size must be a whole number')
  .min(1, 'Page size must be between 1 and 200')
  .max(PAGE_SIZE_MAX, 'Page size must be between 1 and 200');

export const UuidSchema = z.uuid('Not a valid UUID');

// ---- Token endpoint -------------------------------------------------------
export const TokenResponseSchema = z.looseObject({
  // It travels in an Authorization header: visible ASCII only (no CR/LF, spaces or control characters).
  access_token: z.string().min(1).regex(/^[\x21-\x7E]+$/, 'access_token holds characters an HTTP header cannot carry'),
  scope: z.string(),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const OAuthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

export const DiscoveryDocumentSchema = z.looseObject({
  issuer: z.string().optional(),
  token_endpoint: z.url(),
});
export type DiscoveryDocument = z.infer<typeof DiscoveryDocumentSchema>;

// ---- Search ---------------------------------------------------------------
export const SearchFilterSchema = z.object({
  attribute: z.string().min(1, 'attribute is required').max(FILTER_NAME_MAX_CHARS, `attribute can be at most ${FILTER_NAME_MAX_CHARS} characters`),
  relation: z.string().min(1, 'relation is required').max(FILTER_NAME_MAX_CHARS, `relation can be at most ${FILTER_NAME_MAX_CHARS} characters`),
  value: z
    .unknown()
    .refine((v) => v !== undefined, 'value is required')
    .refine((v) => jsonFits(v, FILTER_VALUE_MAX_CHARS), { error: () => `value is over the limit of ${sentenceCount(FILTER_VALUE_MAX_CHARS)} characters` }),
});
export type SearchFilter = z.infer<typeof SearchFilterSchema>;

const filterList = z
  .array(SearchFilterSchema)
  .min(1, 'at least one filter is required')
  .max(SEARCH_FILTERS_MAX, `at most ${SEARCH_FILTERS_MAX} filters in one search`);
export const SearchFiltersSchema = z.union([
  z.strictObject({ and: filterList }),
  z.strictObject({ or: filterList }),
]);
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

export const SearchBodySchema = z.strictObject({ filters: SearchFiltersSchema });
export type SearchBody = z.infer<typeof SearchBodySchema>;

export const CompanyRecordSchema = z.looseObject({ company_id: z.string() });
export type CompanyRecord = z.infer<typeof CompanyRecordSchema>;

export const PaginationSchema = z.looseObject({
  next: z.string().nullable().optional(),
  previous: z.string().nullable().optional(),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    pagination: PaginationSchema,
    count: z.number().int().nonnegative(),
    result: z.array(item),
  });
}
export const SearchPageSchema = paginatedSchema(CompanyRecordSchema);
export type SearchPage = z.infer<typeof SearchPageSchema>;

// ---- ESG ------------------------------------------------------------------
export const ProcessingStatusSchema = z.looseObject({
  company_id: z.string(),
  module: EsgModuleSchema,
  status: SessionStatusSchema,
  result_count: z.number().int().nonnegative(),
});
export type ProcessingStatus = z.infer<typeof ProcessingStatusSchema>;

/** Module response (our documented shape): paginated items plus session state. */
export const EsgModuleResponseSchema = paginatedSchema(z.looseObject({})).extend({
  company_id: z.string(),
  module: EsgModuleSchema,
  status: SessionStatusSchema,
  active_processing_session: UuidSchema.nullable(),
});
export type EsgModuleResponse = z.infer<typeof EsgModuleResponseSchema>;

// ---- Match (payload is ours; the spec does not show it) -------------------
export const MatchRequestSchema = z.looseObject({
  name: z.string().min(1, 'name is required'),
  website: z.string().optional(),
  country: z.string().optional(),
  city: z.string().optional(),
  phone: z.string().optional(),
  address: z.string().optional(),
  limit: z.number().int().min(1).max(50).optional(),
});
export type MatchRequest = z.infer<typeof MatchRequestSchema>;

export const MatchCandidateSchema = z.looseObject({
  confidence: z.number().min(0).max(1),
  company: CompanyRecordSchema,
});
export const MatchResponseSchema = z.looseObject({
  count: z.number().int().nonnegative(),
  result: z.array(MatchCandidateSchema),
});
export type MatchCandidate = z.infer<typeof MatchCandidateSchema>;
export type MatchResponse = z.infer<typeof MatchResponseSchema>;

/** Our documented API error body (the spec does not show one); parsed leniently. */
export const ApiErrorBodySchema = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
