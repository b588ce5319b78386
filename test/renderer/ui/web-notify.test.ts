// Browser mode's web notification (issue 36): a company name in the title reaches the OS as one line
// without bidi controls.
import { afterEach, expect, it } from 'vitest';
import { showWebNotification } from '../../../src/renderer/ui/web-notify';

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  delete (globalThis as { Notification?: unknown }).Notification;
});

it('shows a hostile title and body as one line without bidi controls', () => {
  const shown: Array<{ title: string; body: string | undefined }> = [];
  const FakeNotification = Object.assign(
    function FakeNotification(this: unknown, title: string, o?: { body?: string }) {
      shown.push({ title, body: o?.body });
    },
    { permission: 'granted' },
  );
  (globalThis as { Notification?: unknown }).Notification = FakeNotification;
  (globalThis as { window?: unknown }).window = { Notification: FakeNotification, localStorage: { getItem: () => '1' } };
  showWebNotification('ESG run finished: Acme \u202Egnp.exe\nAll runs cancelled', '2 companies\u2067 (scores)');
  expect(shown).toEqual([{ title: 'ESG run finished: Acme gnp.exe All runs cancelled', body: '2 companies (scores)' }]);
});
