// What copying a team item into the analyst's own workspace made: a saved search, or a list (its
// name may carry a number when the profile already had a list of that name).
export type TeamItemCopy = { kind: 'search'; savedSearchId: string; name: string } | { kind: 'list'; listId: number; name: string; companies: number };
