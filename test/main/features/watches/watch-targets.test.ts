// The pure pieces of a watch's target and of its changes export, alone: whether the target can be
// checked (and where the refusal points), its words in the export even once deleted, and the
// period an export covers.
import { describe, expect, it } from 'vitest';
import { changesPeriod } from '../../../../src/main/features/watches/changes-export-file';
import { assertTarget, targetWords } from '../../../../src/main/features/watches/watch-targets';

const saved = { id: 's1', name: 'Big DE' };
const ctx = {
  savedSearch: (id: string) => (id === 's1' ? (saved as never) : null),
  lists: () => ({ get: (id: number) => (id === 1 ? ({ id, name: 'Suppliers' } as never) : null) }),
};

describe('assertTarget', () => {
  it('accepts a list that exists and refuses a deleted one at the target field, with the watch named when there is one', () => {
    expect(() => assertTarget(ctx, { kind: 'list', listId: 1, modules: ['scores'] })).not.toThrow();
    expect(() => assertTarget(ctx, { kind: 'list', listId: 99, modules: ['scores'] })).toThrow(expect.objectContaining({ code: 'not_found', details: { field: 'target' } }));
    expect(() => assertTarget(ctx, { kind: 'list', listId: 99, modules: ['scores'] }, { name: 'Weekly' })).toThrow(/watch ‘Weekly’ was deleted/);
  });

  it('refuses a deleted saved search', () => {
    expect(() => assertTarget(ctx, { kind: 'search', savedSearchId: 'gone' })).toThrow(/saved search no longer exists/);
  });
});

describe('targetWords', () => {
  it('names a saved search, a list with its modules, and a deleted target', () => {
    expect(targetWords(ctx, { kind: 'search', savedSearchId: 's1' })).toBe('Saved search ‘Big DE’');
    expect(targetWords(ctx, { kind: 'list', listId: 1, modules: ['scores', 'news'] })).toBe('List ‘Suppliers’ (scores, news)');
    expect(targetWords(ctx, { kind: 'list', listId: 99, modules: ['scores'] })).toBe('List ‘(deleted)’ (scores)');
  });
});

describe('changesPeriod', () => {
  const done = [{ finishedAt: 30 }, { finishedAt: 20 }, { finishedAt: 10 }]; // newest first
  it('covers every check when none is chosen', () => {
    expect(changesPeriod(null, null, done)).toEqual({ from: 10, to: 30 });
    expect(changesPeriod(null, null, [])).toEqual({ from: null, to: null });
  });
  it('covers one check from the check before it', () => {
    expect(changesPeriod({ finishedAt: 20 }, { finishedAt: 10 }, done)).toEqual({ from: 10, to: 20 });
    expect(changesPeriod({ finishedAt: 10 }, null, done)).toEqual({ from: null, to: 10 });
  });
});
