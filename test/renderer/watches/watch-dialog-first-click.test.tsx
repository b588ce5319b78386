// @vitest-environment jsdom
// A click on "Create watch" that lands the moment the dialog appears, after React committed it but
// before it ran its effects (where react-query's mutation observer subscribes). The Watch… button's
// dialog is lazy-loaded, so a test (or a quick hand) can click in exactly that window. react-query
// drops the callbacks given to `mutate()` when its observer has no listener yet, so the watch was
// created but the dialog never heard of it and stayed open. Found as a one-in-six flake of
// watch-dialog.test.tsx on a loaded machine.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { WatchDialog } from '../../../src/renderer/watches/WatchDialog';
import { installFakeWatches } from './fake-watches-bridge';

type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: boolean };
let root: Root | null = null;
const wasAct = (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT;
afterEach(async () => {
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => root?.unmount());
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = wasAct;
  document.body.innerHTML = '';
});

it('Create clicked as soon as the dialog is in the page (effects not yet run) still reports the new watch', async () => {
  const fake = installFakeWatches();
  const saved = vi.fn();
  // React schedules as in the app (no act): the commit and its effects are separate tasks.
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = false;
  const host = document.body.appendChild(document.createElement('div'));
  const clicked = new Promise<boolean>((resolve) => {
    // A DOM mutation record is delivered as a microtask right after the commit's task: before
    // React's passive effects, which run in a later task.
    const watcher = new MutationObserver(() => {
      const create = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Create watch');
      if (!create) return;
      watcher.disconnect();
      create.click();
      resolve(true);
    });
    watcher.observe(host, { childList: true, subtree: true });
  });
  root = createRoot(host);
  root.render(
    <QueryClientProvider client={new QueryClient()}>
      <WatchDialog target={{ kind: 'search', savedSearchId: 's1', name: 'DE manufacturing' }} onClose={() => {}} onSaved={saved} />
    </QueryClientProvider>,
  );
  expect(await clicked).toBe(true);
  await waitFor(() => expect(fake.calls.create).toHaveLength(1));
  await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  expect(saved.mock.calls[0]![0]).toMatchObject({ name: 'DE manufacturing', schedule: { kind: 'manual' } });
});
