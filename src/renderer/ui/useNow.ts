// A ticking clock for relative times ("renews in 54 min"). One timer per component, aligned to the interval.
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
