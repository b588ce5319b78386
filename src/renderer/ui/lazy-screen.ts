// Screens loaded on first visit, made robust for browser mode, where their chunks come from the
// host over HTTP: if the host is down at that moment the chunk fails to load, and React.lazy would
// crash the screen. So (1) every lazy screen is fetched once the app is idle after start, so later
// visits never need the host, and (2) a failed load is retried with a growing pause (the "Loading…"
// fallback stays, the connection banner says why) instead of becoming an error. (3) A screen already
// loaded renders at once: React.lazy would suspend once anyway, and React holds a revealed Suspense
// boundary back for up to 300 ms (its fallback throttle), which an analyst sees on every first click.
import { createElement, lazy, useState, type ComponentType } from 'react';

export interface LazyScreen<P> {
  Component: ComponentType<P>;
  /** Starts the load now (no-op once loaded); never rejects. */
  prefetch(): Promise<void>;
}

export interface RetryOptions {
  /** Pauses between attempts, ms; the last one repeats. */
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Called before each retry: puts back stylesheets that failed to load. */
  beforeRetry?: () => void;
}

const DEFAULT_DELAYS = [500, 1000, 2000, 5000];

/** Retries `load` until it succeeds (a screen is worth waiting for; the banner explains a dead host). */
export async function loadWithRetry<T>(load: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const delays = opts.delaysMs ?? DEFAULT_DELAYS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch {
      await sleep(delays[Math.min(attempt, delays.length - 1)] ?? 0);
      (opts.beforeRetry ?? reloadFailedStylesheets)();
    }
  }
}

/**
 * Vite's preload adds a <link rel="stylesheet"> per chunk once and never again; one that failed
 * (host down) has no sheet. A fresh copy of it loads the stylesheet again.
 */
export function reloadFailedStylesheets(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!link.sheet) link.replaceWith(link.cloneNode() as HTMLLinkElement);
  }
}

export function lazyScreen<P>(load: () => Promise<ComponentType<P>>, opts?: RetryOptions): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | null = null;
  const once = () =>
    (loading ??= loadWithRetry(load, opts).then((c) => {
      loaded = c;
      return { default: c };
    }));
  const Lazy = lazy(once);
  // Chosen once per mount: an instance that started lazy stays lazy (switching would remount it).
  function Component(props: P) {
    const [Loaded] = useState(() => loaded);
    // The props pass through unchanged; React's overloads cannot relate a generic P to either type.
    return createElement((Loaded ?? Lazy) as ComponentType<object>, props as object);
  }
  return { Component, prefetch: () => once().then(() => undefined) };
}
