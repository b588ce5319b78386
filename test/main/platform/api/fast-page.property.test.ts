// The search-page fast path must never accept what SearchPageSchema rejects, and must return the
// same value (unknown fields kept) for what it accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastSearchPage } from '../../../../src/main/platform/api/fast-page';
import { SearchPageSchema } from '../../../../src/shared/service/schemas';

const token = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.boolean());
const record = fc.oneof(
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).chain((extra) =>
    fc.oneof(fc.string(), fc.integer(), fc.constant(null)).map((id) => ({ ...extra, company_id: id })),
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const page = fc.record(
  {
    pagination: fc.oneof(fc.record({ next: token, previous: token }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 1 })),
    count: fc.oneof(fc.integer({ min: -3, max: 1e6 }), fc.double(), fc.string(), fc.constant(Number.MAX_SAFE_INTEGER + 2)),
    result: fc.oneof(fc.array(record, { maxLength: 5 }), fc.jsonValue({ maxDepth: 1 })),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);

describe('fastSearchPage', () => {
  it('accepts only what the zod schema accepts, with the same value', () => {
    fc.assert(
      fc.property(fc.oneof(page, fc.jsonValue({ maxDepth: 3 })), (input) => {
        const json = JSON.parse(JSON.stringify(input ?? null)) as unknown;
        const fast = fastSearchPage(json);
        const slow = SearchPageSchema.safeParse(json);
        if (fast) {
          expect(slow.success).toBe(true);
          expect(fast).toEqual(slow.data);
        }
        // Well-formed pages take the fast path (the point of it).
        if (slow.success && Number.isSafeInteger(slow.data.count)) expect(fast).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
