// @vitest-environment jsdom
// The nav item of the What changed screen says how many changes are unread, in its name ("What
// changed, 5 unread"), and nothing when there are none; the count follows main's watches.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { NavBar } from '../../../src/renderer/app/NavBar';
import { navItemForShortcut } from '../../../src/renderer/app/routes';
import { useUnreadCount } from '../../../src/renderer/data/watches';
import { change, installFakeWatches, watchInfo } from './fake-watches-bridge';

afterEach(cleanup);

function Nav() {
  const unread = useUnreadCount() ?? 0;
  return <NavBar current="search" onSelect={() => {}} badges={{ watches: { count: unread, noun: 'unread' } }} />;
}

describe('What changed in the navigation', () => {
  it('names the unread count, 1,234 formatted, and is reached with Alt+9', async () => {
    installFakeWatches({
      watches: [watchInfo({ id: 1, name: 'A' }), watchInfo({ id: 2, name: 'B' })],
      changes: [
        ...Array.from({ length: 1230 }, (_, i) => change({ id: i + 1, watchId: 1, checkId: 1, kind: 'entered' })),
        ...Array.from({ length: 4 }, (_, i) => change({ id: 2000 + i, watchId: 2, checkId: 2, kind: 'news' })),
        change({ id: 3000, watchId: 2, checkId: 2, kind: 'news', read: true }),
      ],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Nav />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'What changed' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'What changed, 1,234 unread' })).toBeTruthy());
    expect(navItemForShortcut('9')?.screen).toBe('watches');
  });

  it('shows no count when nothing is unread', async () => {
    installFakeWatches({ watches: [watchInfo({ id: 1, name: 'A' })], changes: [change({ id: 1, watchId: 1, checkId: 1, kind: 'left', read: true })] });
    render(<NavBar current="watches" onSelect={() => {}} badges={{ watches: { count: 0, noun: 'unread' } }} />);
    expect(screen.getByRole('button', { name: 'What changed' }).getAttribute('aria-current')).toBe('page');
  });
});
