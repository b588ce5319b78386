// A company's address move as one change (issue 38): the address parts that changed in one check
// (street, postal code, city...) read as one "address" change, old and new as "street: …; city: …".
// Written once for the changes workbook (changes-sheets.ts) and the digests (digests/digest-model.ts).

export const ADDRESS_PREFIX = 'address.';

/** What a run needs of a change. */
export interface FieldLike {
  companyId: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
}

const isAddressPart = (c: FieldLike) => c.field?.startsWith(ADDRESS_PREFIX) ?? false;
const partText = (field: string, v: unknown) => `${field.slice(ADDRESS_PREFIX.length).replace(/_/g, ' ')}: ${v === null || v === undefined ? '—' : String(v)}`;

/** One side of a move in words: "street: Ring 2; city: Hamburg". */
export function addressText(parts: readonly FieldLike[], side: 'oldValue' | 'newValue'): string {
  return parts.map((c) => partText(c.field!, c[side])).join('; ');
}

/**
 * The changes in order, each alone except a company's consecutive address parts of one move
 * (`sameMove`: the same check, say), which come as one run. A run of one part stays that part.
 */
export function* addressRuns<T extends FieldLike>(changes: Iterable<T>, sameMove: (a: T, b: T) => boolean): Iterable<T[]> {
  let move: T[] = [];
  for (const c of changes) {
    const joins = isAddressPart(c) && move.length > 0 && move[0]!.companyId === c.companyId && sameMove(move[0]!, c);
    if (!joins && move.length) {
      yield move;
      move = [];
    }
    if (isAddressPart(c)) move.push(c);
    else yield [c];
  }
  if (move.length) yield move;
}
