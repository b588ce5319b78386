// The uiState bridge group: screen state saved per profile (errors as the shared AppError).
import { useQuery } from '@tanstack/react-query';
import { groupCalls } from './bridge';

export const uiStateCalls = groupCalls('uiState');

/** The analyst's locale in force (before the first paint); the browser's when the core cannot say. */
export async function loadAnalystLocale(): Promise<string | null> {
  // A core that does not answer must not keep the page blank: the app then says what is wrong.
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000));
  try {
    return await Promise.race([uiStateCalls.locale().then((l) => l.effective), late]);
  } catch {
    return null;
  }
}

/** The setting, for Settings (chosen, this computer's, in force). */
export function useAnalystLocale() {
  return useQuery({ queryKey: ['uiState', 'locale'], queryFn: () => uiStateCalls.locale(), staleTime: Infinity });
}
