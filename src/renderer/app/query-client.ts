// One QueryClient for the app. Main already retries transient failures with backoff, so the renderer
// does not retry on top of it (that would multiply requests against the service).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
