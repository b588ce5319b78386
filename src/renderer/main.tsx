// Renderer entry. No Node, no Electron: everything goes through window.firmscope.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { createQueryClient } from './app/query-client';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('index.html has no #root');

if (!('firmscope' in window)) {
  // Opened outside a Firmscope shell: say so instead of crashing on the first call.
  rootEl.textContent = 'Firmscope must be opened from the app or from the URL printed by "npm run browser".';
} else {
  const queryClient = createQueryClient();
  createRoot(rootEl).render(
    <StrictMode>
      <ErrorBoundary resetKey="root">
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
