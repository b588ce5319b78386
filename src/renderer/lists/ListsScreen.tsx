// The Lists screen: the profile's lists with their counts (open, rename, duplicate, delete with a
// confirmation), a new list from pasted ids, and the open list's view. Which list is open and how
// it is sorted and filtered lives in the screen store (survives navigation and restart).
import { useEffect, useState, type FormEvent } from 'react';
import type { ListInfo } from '../../shared/lists/lists';
import { useNavigation } from '../state/navigation';
import { useScreenState } from '../state/screen-store';
import { toDisplayError } from '../ui/errors';
import { ErrorMessage } from '../ui/ErrorMessage';
import { TextField } from '../ui/Field';
import { useDeleteList, useDuplicateList, useLists, useRenameList } from '../data/lists';
import { ListView } from './ListView';
import { PasteIdsForm } from './PasteIdsForm';
import './lists.css';
import { ConfirmBar } from '../ui/ConfirmBar';
import { mutateThen } from '../data/mutate-then';
import { formatCount, formatWhen } from '../ui/format';

export function ListsScreen() {
  const [state, update] = useScreenState('lists');
  const { route } = useNavigation();
  const lists = useLists();
  const [notice, setNotice] = useState<string | null>(null);
  const open = (id: number | null) => update({ openListId: id, page: 0, text: '', sort: null });

  // A route naming a list ("Open list" after adding to it) opens that list.
  const routeListId = route.screen === 'lists' ? route.listId : undefined;
  useEffect(() => {
    if (routeListId !== undefined) update((s) => (s.openListId === routeListId ? {} : { openListId: routeListId, page: 0, text: '', sort: null }));
  }, [routeListId, update]);

  const openList = lists.data?.find((l) => l.id === state.openListId) ?? null;

  return (
    <section className="lists-screen" aria-labelledby="lists-title">
      <div className="lists-screen__side">
        <h1 id="lists-title">Lists</h1>
        {lists.error ? <ErrorMessage error={lists.error} title="Could not read the lists" onRetry={() => void lists.refetch()} /> : null}
        {lists.data && lists.data.length === 0 ? (
          <p className="empty">No lists yet. Select rows in the search results, save a loaded result set, or paste company ids below.</p>
        ) : null}
        {lists.data && lists.data.length ? (
          <ul className="lists-screen__lists" aria-label="Your lists">
            {lists.data.map((l) => (
              <ListRow key={l.id} list={l} open={l.id === state.openListId} onOpen={() => open(l.id)} onNotice={setNotice} onDeleted={() => l.id === state.openListId && open(null)} />
            ))}
          </ul>
        ) : null}
        <p role="status" className="notice-text">
          {notice}
        </p>
        <PasteIdsForm onCreated={(id) => open(id)} />
      </div>
      <div className="lists-screen__main">
        {openList ? (
          <ListView list={openList} state={state} onState={update} />
        ) : (
          <p className="empty">{lists.data?.length ? 'Choose a list to see its companies.' : 'A list you open shows here.'}</p>
        )}
      </div>
    </section>
  );
}

function ListRow({ list, open, onOpen, onNotice, onDeleted }: { list: ListInfo; open: boolean; onOpen(): void; onNotice(text: string): void; onDeleted(): void }) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const [name, setName] = useState(list.name);
  const rename = useRenameList();
  const duplicate = useDuplicateList();
  const remove = useDeleteList();
  const renameError = rename.error ? toDisplayError(rename.error).message : undefined;
  const actionError = duplicate.error ?? remove.error;

  const submitRename = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await rename.mutateAsync({ id: list.id, name });
      onNotice(`Renamed to “${r.name}”.`);
      setMode('idle');
    } catch {
      // shown under the name field
    }
  };

  return (
    <li className={`lists-screen__item${open ? ' lists-screen__item--open' : ''}`}>
      <div className="lists-screen__item-head">
        <button type="button" className="button button--ghost lists-screen__open" aria-current={open ? 'true' : undefined} onClick={onOpen}>
          {list.name}
        </button>
        <span className="muted">
          {formatCount(list.memberCount)} {list.memberCount === 1 ? 'company' : 'companies'} · changed {formatWhen(list.updatedAt)}
        </span>
      </div>
      <div className="lists-screen__actions">
        <button type="button" className="button button--small" aria-label={`Rename ${list.name}`} onClick={() => { setName(list.name); rename.reset(); setMode(mode === 'rename' ? 'idle' : 'rename'); }}>
          Rename
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={`Duplicate ${list.name}`}
          disabled={duplicate.isPending}
          onClick={() => mutateThen(duplicate, { id: list.id }, { onSuccess: (copy) => onNotice(`Duplicated as “${copy.name}”.`) })}
        >
          Duplicate
        </button>
        <button type="button" className="button button--small" aria-label={`Delete ${list.name}`} onClick={() => setMode('delete')}>
          Delete
        </button>
      </div>
      {mode === 'rename' ? (
        <form className="lists-screen__rename" onSubmit={(e) => void submitRename(e)} onKeyDown={(e) => e.key === 'Escape' && setMode('idle')}>
          <TextField
            label={`New name for ${list.name}`}
            value={name}
            maxLength={120}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            error={renameError}
          />
          <button type="submit" className="button button--primary button--small" disabled={rename.isPending}>
            Save name
          </button>
          <button type="button" className="button button--small" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </form>
      ) : null}
      {mode === 'delete' ? (
        <ConfirmBar
          confirmLabel="Delete list"
          busy={remove.isPending}
          onConfirm={() =>
            mutateThen(
              remove,
              { id: list.id },
              {
                onSuccess: () => {
                  onNotice(`Deleted “${list.name}”.`);
                  onDeleted();
                },
              },
            )
          }
          onCancel={() => setMode('idle')}
        >
          Delete the list “{list.name}” ({formatCount(list.memberCount)} {list.memberCount === 1 ? 'company' : 'companies'})? The companies stay in your other lists.
        </ConfirmBar>
      ) : null}
      {actionError ? <ErrorMessage error={actionError} title="The list could not be changed" /> : null}
    </li>
  );
}
