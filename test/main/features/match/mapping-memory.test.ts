// The mapping of the last bulk match of a file with the same headers is offered for the next one:
// started with an edited mapping, the next file of that shape is suggested that mapping (not the
// header guess) and says so; another shape gets the guess.
import { describe, expect, it } from 'vitest';
import { inspectBulk } from '../../../../src/main/features/match/bulk-inspect';
import { createMappingMemory, headersOf, MAPPINGS_MAX } from '../../../../src/main/features/match/mapping-memory';
import { memorySettings } from '../search/fake-deps';

const csv = (headers: string, ...rows: string[]) => ({ text: [headers, ...rows].join('\n') });

describe('mapping memory', () => {
  it('offers the mapping last started with for the same headers, and says so', async () => {
    let t = 1;
    const memory = createMappingMemory(memorySettings(), () => t++);
    const first = csv('Kunde;Land;Notiz', 'Acme;DE;x');
    const guessed = await inspectBulk(first, { recall: memory.recall });
    expect(guessed.suggested).toEqual({ country: 'Land' });
    expect(guessed.suggestedFromLast).toBeUndefined();
    // The analyst maps "Kunde" to the name and starts: the next file of this shape gets that mapping.
    memory.remember(await headersOf(first), { name: 'Kunde', country: 'Land' });
    const next = await inspectBulk(csv('Kunde;Land;Notiz', 'Beta;FR;y'), { recall: memory.recall });
    expect(next.suggested).toEqual({ name: 'Kunde', country: 'Land' });
    expect(next.suggestedFromLast).toBe(true);
    // Another shape: the header guess.
    expect((await inspectBulk(csv('Kunde;Land', 'Gamma;IT'), { recall: memory.recall })).suggestedFromLast).toBeUndefined();
  });

  it('keeps the newest shapes only', () => {
    let t = 1;
    const settings = memorySettings();
    const memory = createMappingMemory(settings, () => t++);
    for (let i = 0; i <= MAPPINGS_MAX; i++) memory.remember([`h${i}`], { name: `h${i}` });
    expect(memory.recall(['h0'])).toBeNull();
    expect(memory.recall([`h${MAPPINGS_MAX}`])).toEqual({ name: `h${MAPPINGS_MAX}` });
    expect(Object.keys(settings.data.get('match.mappings') as object)).toHaveLength(MAPPINGS_MAX);
  });
});
