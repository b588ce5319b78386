// @vitest-environment jsdom
// "Export ESG…" opens its dialog where it fits: hanging left from the button's right edge, or to
// the right when the button sits near the left of the screen (it would be hidden under the navigation).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EsgExportMenu } from '../../../src/renderer/esg-export/EsgExportMenu';

const rect = (left: number, right: number) => ({ left, right, top: 0, bottom: 20, width: right - left, height: 20, x: left, y: 0, toJSON: () => ({}) }) as DOMRect;

beforeEach(() => {
  (window as unknown as { firmscope: unknown }).firmscope = { esgExport: { onProgress: () => () => {} } };
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as unknown as { firmscope?: unknown }).firmscope;
});

function openAt(buttonRight: number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <main>
        <EsgExportMenu source={{ kind: 'list', listId: 1 }} label="list “Energy watch”" />
      </main>
    </QueryClientProvider>,
  );
  const button = screen.getByRole('button', { name: 'Export ESG…' });
  vi.spyOn(button.closest('main')!, 'getBoundingClientRect').mockReturnValue(rect(200, 1440));
  vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(rect(buttonRight - 100, buttonRight));
  fireEvent.click(button);
  return screen.getByRole('dialog', { name: 'Export ESG of list “Energy watch”' });
}

describe('EsgExportMenu', () => {
  it('opens to the right of a button near the left edge of the screen', () => {
    expect(openAt(320).className).toContain('export-dialog--to-right');
  });

  it('hangs from the right edge of a button with room on its left', () => {
    expect(openAt(1300).className).not.toContain('export-dialog--to-right');
  });
});
