// The bulk match file control per shell (static render): the desktop app opens files with main's own
// dialog, browser mode with the page's file input.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BulkSetup } from '../../../src/renderer/match/BulkSetup';

function render(shell: 'electron' | 'browser') {
  const client = new QueryClient();
  client.setQueryData(['app', 'info'], { shell, version: '1', dataDir: '/d', vaultKind: 'memory', notices: [] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <BulkSetup onStart={() => {}} starting={false} />
    </QueryClientProvider>,
  );
}

describe('BulkSetup', () => {
  it('in the desktop app offers main’s open dialog and no file input', () => {
    const html = render('electron');
    expect(html).toContain('Open a CSV file…</button>');
    expect(html).toContain('No file chosen.');
    expect(html).not.toContain('type="file"');
  });

  it('in browser mode offers the page’s file input', () => {
    const html = render('browser');
    expect(html).toContain('type="file"');
    expect(html).not.toContain('Open a CSV file…</button>');
  });
});
