// @vitest-environment jsdom
// Service text in the "What changed" inbox (issue 36): bidi controls are dropped and every name, field
// and value is isolated in its own <bdi>, so "dissolved → active" cannot read as "active → dissolved"
// and "Acme \u202Egnp.exe" cannot read as "Acme exe.png".
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { NavigationContext } from '../../../src/renderer/state/navigation';
import { createScreenStore, initialScreenStates } from '../../../src/renderer/state/screen-states';
import { ScreenStateProvider } from '../../../src/renderer/state/screen-store';
import { WhatChangedScreen } from '../../../src/renderer/watches/WhatChangedScreen';
import { change, installFakeWatches, watchInfo } from './fake-watches-bridge';

afterEach(cleanup);

const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

it('shows service text in the inbox without bidi controls, each name and value isolated', async () => {
  installFakeWatches({
    watches: [watchInfo({ id: 1, name: 'DE manufacturing' })],
    changes: [
      // Shown raw, the override turns the whole line around: "status: active → dissolved" is drawn.
      change({ id: 1, watchId: 1, checkId: 11, kind: 'field', field: 'status', oldValue: '\u202Edevlossid', newValue: 'active\u202C', companyName: 'Acme \u202Egnp.exe' }),
      // Right-to-left values, no controls: only isolation keeps old before new.
      change({ id: 2, watchId: 1, checkId: 11, kind: 'field', field: 'name\u2067', oldValue: 'אלף', newValue: 'בית' }),
      change({ id: 3, watchId: 1, checkId: 11, kind: 'news', newValue: { title: 'Plant \u202Eopens' }, detail: 'Plant \u202Eopens' }),
    ],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NavigationContext.Provider value={{ route: { screen: 'watches' }, navigate: () => {} }}>
        <ScreenStateProvider store={createScreenStore(initialScreenStates())}>
          <WhatChangedScreen />
        </ScreenStateProvider>
      </NavigationContext.Provider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getAllByTestId('change-row')).toHaveLength(3));
  const rowWith = (text: string) => screen.getAllByTestId('change-row').find((r) => r.textContent!.includes(text))!;
  const inbox = screen.getByRole('region', { name: 'Changes' });
  expect(inbox.innerHTML).not.toMatch(BIDI);
  for (const el of inbox.querySelectorAll('[title], [aria-label]')) expect(`${el.getAttribute('title')}${el.getAttribute('aria-label')}`).not.toMatch(BIDI);

  const row = rowWith('Acme');
  const bdis = (r: Element) => [...r.querySelectorAll('bdi')].map((b) => b.textContent);
  expect(bdis(row)).toEqual(['Acme gnp.exe', 'status', 'devlossid', 'active']);
  expect(row.querySelector('.change__what')!.innerHTML).toBe('<bdi class="change__subject">status</bdi>: <bdi>devlossid</bdi> → <bdi>active</bdi>');
  const hebrew = rowWith('אלף');
  expect(hebrew.querySelector('.change__what')!.innerHTML).toBe('<bdi class="change__subject">name</bdi>: <bdi>אלף</bdi> → <bdi>בית</bdi>');
  const article = rowWith('Plant');
  expect(bdis(article)).toContain('Plant opens');
});
