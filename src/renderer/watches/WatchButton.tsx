// "Watch…" beside a saved search or on a list's toolbar: opens the watch dialog (loaded on first
// use, so the Search screen's first bundle stays small); once created it says so, with the way to
// the "What changed" screen.
import { Suspense, useRef, useState } from 'react';
import type { WatchInfo } from '../../shared/watches/watches';
import { useNavigation } from '../state/navigation';
import { lazyScreen } from '../ui/lazy-screen';
import type { WatchTargetRef } from './watch-form';
import { scheduleInWords } from './watch-format';

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const Dialog = lazyScreen(() => import('./WatchDialog').then((m) => m.WatchDialog));

export function WatchButton({ target, small = true }: { target: WatchTargetRef; small?: boolean }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<WatchInfo | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { navigate } = useNavigation();
  const kind = target.kind === 'search' ? 'saved search' : 'list';
  const close = () => {
    setOpen(false);
    // After the modal is gone (the page behind it is inert until then).
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <div className="watch-button">
      <button
        ref={button}
        type="button"
        className={`button${small ? ' button--small' : ''}`}
        aria-expanded={open}
        aria-label={`Watch ${kind} ${target.name}…`}
        onClick={() => {
          setCreated(null);
          setOpen((o) => !o);
        }}
      >
        Watch…
      </button>
      {open ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Dialog.Component
            target={target}
            onClose={close}
            onSaved={(w) => {
              setCreated(w);
              close();
            }}
          />
        </Suspense>
      ) : null}
      {created ? (
        <p role="status" className="watch-button__done">
          Watching ‘{created.name}’: {lowerFirst(scheduleInWords(created.schedule, created.checkAtStart))}.{' '}
          <button type="button" className="button button--ghost button--small" onClick={() => navigate({ screen: 'watches' })}>
            Open What changed
          </button>
        </p>
      ) : null}
    </div>
  );
}
