// A parsed service answer made safe to pass on: nesting deeper than a limit is refused (the bridge,
// the workspace store and React all walk values recursively; 100,000 levels would overflow their
// stacks), and numbers JSON.parse made non-finite (`1e999` is Infinity) become null, so a missing
// value reads as missing everywhere instead of as a number. Iterative: the walk itself cannot overflow.

/** Nesting levels an answer may have (the body object is level 1). */
export const ANSWER_MAX_DEPTH = 64;

/** Walks `value` in place; returns false (and stops) at the first value nested deeper than `maxDepth`. */
export function tameJson(value: unknown, maxDepth = ANSWER_MAX_DEPTH): boolean {
  const stack: { node: object; depth: number }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > maxDepth) return false;
    const record = node as Record<string | number, unknown>;
    const keys: Iterable<string | number> = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const key of keys) {
      const v = record[key];
      if (typeof v === 'number' && !Number.isFinite(v)) record[key] = null;
      else if (v !== null && typeof v === 'object') stack.push({ node: v, depth: depth + 1 });
    }
  }
  return true;
}
