// Issue 36 #9: an optional field with a default (`.partial()` of a schema with defaults) fills every
// field a caller left out, so an update that sends one field resets the others. No bridge input may
// hold one: an optional field stays absent when absent.
import { expect, it } from 'vitest';
import { z } from 'zod';
import { bridgeTable } from '../../../src/shared/bridge/table';

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  [key: string]: unknown;
}
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | null)?._zod?.def;

/** Paths of optional fields whose inner schema has a default, anywhere in `schema`. */
function optionalDefaults(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const found = def.type === 'optional' && defOf(def.innerType)?.type === 'default' ? [path] : [];
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value && typeof value === 'object') {
      for (const [field, child] of Object.entries(value)) found.push(...optionalDefaults(child, `${path}.${field}`, seen));
    } else if (Array.isArray(value)) value.forEach((child, i) => found.push(...optionalDefaults(child, `${path}[${i}]`, seen)));
    else if (defOf(value)) found.push(...optionalDefaults(value, `${path}>${key}`, seen));
  }
  return found;
}

it('no bridge input has an optional field with a default', () => {
  const found = Object.entries(bridgeTable).flatMap(([group, g]) => Object.entries(g.fns).flatMap(([name, f]) => optionalDefaults(f.input, `${group}.${name}`)));
  expect(found).toEqual([]);
});

it('finds the pattern where it is (the check itself can fail)', () => {
  const withDefaults = z.object({ name: z.string(), checkAtStart: z.boolean().default(false) });
  expect(optionalDefaults(withDefaults.partial().extend({ id: z.number() }), 'update')).toEqual(['update.checkAtStart']);
  expect(optionalDefaults(withDefaults, 'create')).toEqual([]);
});
