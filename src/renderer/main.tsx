// Renderer entry. No Node, no Electron: everything goes through window.firmscope.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { createQueryClient } from './app/query-client';
import { loadAnalystLocale } from './data/ui-state';
import { setSentenceLocale } from '../shared/sentence-numbers';
import { setAnalystLocale } from './ui/format';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('index.html has no #root');

if (!('firmscope' in window)) {
  // Opened outside a Firmscope shell: say so instead of crashing on the first call.
  rootEl.textContent = 'Firmscope must be opened from the app or from the URL printed by "npm run browser".';
} else {
  void start(rootEl);
}

/** The analyst's locale first (every number, date and sentence is written in it), then the app. */
async function start(root: HTMLElement): Promise<void> {
  const locale = await loadAnalystLocale();
  if (locale) {
    setAnalystLocale(locale);
    setSentenceLocale(locale);
  }
  const queryClient = createQueryClient();
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary resetKey="root">
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
