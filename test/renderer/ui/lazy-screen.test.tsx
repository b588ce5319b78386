// @vitest-environment jsdom
// Lazy screens in browser mode: a chunk that fails to load (host down) is retried, not a crash;
// a failed stylesheet is put back; a prefetched screen renders without loading again.
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, loadWithRetry, reloadFailedStylesheets } from '../../../src/renderer/ui/lazy-screen';

describe('loadWithRetry', () => {
  it('retries a failing load with growing pauses until it succeeds, putting back stylesheets before each retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('ERR_CONNECTION_REFUSED')).mockRejectedValueOnce(new Error('again')).mockResolvedValue('screen');
    const pauses: number[] = [];
    const beforeRetry = vi.fn();
    const out = await loadWithRetry(load, { delaysMs: [10, 20], sleep: async (ms) => void pauses.push(ms), beforeRetry });
    expect(out).toBe('screen');
    expect(load).toHaveBeenCalledTimes(3);
    expect(pauses).toEqual([10, 20]);
    expect(beforeRetry).toHaveBeenCalledTimes(2);
  });
});

describe('reloadFailedStylesheets', () => {
  it('replaces a stylesheet link that failed (no sheet) with a fresh copy and leaves loaded ones alone', () => {
    const failed = document.createElement('link');
    failed.rel = 'stylesheet';
    failed.href = 'http://127.0.0.1/assets/MatchScreen.css';
    const loaded = document.createElement('link');
    loaded.rel = 'stylesheet';
    loaded.href = 'http://127.0.0.1/assets/index.css';
    Object.defineProperty(loaded, 'sheet', { value: {} });
    document.head.append(failed, loaded);
    reloadFailedStylesheets();
    const links = [...document.head.querySelectorAll('link')];
    expect(links).toHaveLength(2);
    expect(links).toContain(loaded);
    expect(links).not.toContain(failed);
    expect(links.map((l) => l.href)).toEqual(['http://127.0.0.1/assets/MatchScreen.css', 'http://127.0.0.1/assets/index.css']);
  });
});

describe('lazyScreen', () => {
  it('loads once: a prefetched screen renders from what was fetched', async () => {
    const load = vi.fn(async () => () => <h1>Match</h1>);
    const s = lazyScreen(load);
    await s.prefetch();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <s.Component />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Match' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a screen already loaded renders in the same commit: no fallback, no Suspense hold-back', async () => {
    const s = lazyScreen(async () => () => <h1>Analytics</h1>);
    await s.prefetch();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <s.Component />
      </Suspense>,
    );
    // Synchronously, not after a findBy wait: React.lazy would show "Loading…" first.
    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the fallback while the host is down and the screen once a retry succeeds, never an error', async () => {
    let up = false;
    // Told before each retry: three failed loads are three retries seen, not a guess at how long they take.
    let retries = 0;
    let thirdRetry!: () => void;
    const retriedThrice = new Promise<void>((r) => (thirdRetry = r));
    const s = lazyScreen(
      async () => {
        if (!up) throw new Error('Unable to preload CSS');
        return () => <h1>Lists</h1>;
      },
      { delaysMs: [5], beforeRetry: () => void (++retries === 3 && thirdRetry()) },
    );
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <s.Component />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await retriedThrice;
    expect(screen.getByText('Loading…')).toBeTruthy();
    up = true;
    expect(await screen.findByRole('heading', { name: 'Lists' })).toBeTruthy();
  });
});
