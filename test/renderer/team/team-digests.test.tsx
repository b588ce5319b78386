// @vitest-environment jsdom
// A team watch's digests in a DOM with a fake bridge: how it is followed (a webhook only as its hint),
// following in Slack sends exactly the form's choices with the URL read at send time and kept in no
// cache, a refused address is said next to its field, what was sent and why one failed, Send again
// only where the server allows it, and a server without digests says so.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { DigestDelivery, DigestSubscription } from '../../../src/shared/team/digests';
import type { TeamWatchSummary } from '../../../src/shared/team/watches';
import { TeamDigests } from '../../../src/renderer/team/TeamDigests';

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
const fail = (code: string, message: string) => Promise.resolve({ ok: false as const, error: { code, message, retryable: false } });
const W = '00000000-0000-4000-8000-000000000001';
const HOOK = 'https://hooks.slack.com/services/T0CANARY/B0CANARY/CanaryWebhookToken42';
const watch = { id: W, name: 'Portfolio A', item: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Portfolio A', kind: 'list' }, owner: { id: 'm1', name: 'Ada' }, schedule: { kind: 'hourly' }, paused: false, nextDueAt: null, lastCheck: null } as TeamWatchSummary;
const sub = (o: Partial<DigestSubscription>): DigestSubscription => ({ id: '00000000-0000-4000-8000-0000000000b1', watchId: W, cadence: 'daily', channel: 'email', targetHint: 'ada@example.test', createdAt: '2026-11-27T08:00:00.000Z', ...o });
const delivery = (o: Partial<DigestDelivery>): DigestDelivery => ({
  id: '00000000-0000-4000-8000-0000000000c1', watchId: W, channel: 'email', targetHint: 'ada@example.test', cadence: 'daily', periodKey: 'day:2026-11-27', state: 'sent', attempts: 1, nextAttemptAt: null, lastError: null, sentAt: '2026-11-28T00:02:00.000Z', createdAt: '2026-11-28T00:02:00.000Z', ...o,
});

let sent: Array<[string, unknown]>;
let subs: DigestSubscription[];
let team: Record<string, unknown>;
beforeEach(() => {
  sent = [];
  subs = [sub({})];
  team = {
    subscriptions: () => ok(subs),
    deliveries: () =>
      ok([
        delivery({}),
        delivery({ id: '00000000-0000-4000-8000-0000000000c2', periodKey: 'week:2026-W48', cadence: 'weekly', state: 'failed', attempts: 6, lastError: 'The mail server refused the address (550).' }),
      ]),
    subscribe: vi.fn((input: { channel: string; target?: string }) => {
      sent.push(['subscribe', input]);
      if (input.target === 'nobody') return fail('invalid_input', 'Enter an e-mail address like ada@example.com.');
      const s = sub({ id: '00000000-0000-4000-8000-0000000000b2', channel: 'slack', cadence: 'weekly', targetHint: 'hooks.slack.com/…en42' });
      subs = [...subs, s];
      return ok(s);
    }),
    unsubscribe: vi.fn((input: unknown) => (sent.push(['unsubscribe', input]), ok(undefined))),
    resend: vi.fn((input: unknown) => (sent.push(['resend', input]), ok(undefined))),
  };
  (window as unknown as { firmscope: unknown }).firmscope = { team };
});
afterEach(cleanup);

const ui = () => {
  const qc = new QueryClient();
  render(<QueryClientProvider client={qc}><TeamDigests watch={watch} watches={[watch]} onClose={() => {}} /></QueryClientProvider>);
  return qc;
};

it('follows in Slack with exactly the form’s choices; the URL is read at send time and kept in no cache', async () => {
  const qc = ui();
  expect(await screen.findByText(/Daily by e-mail to ada@example\.test/)).toBeTruthy();
  const form = screen.getByRole('form', { name: 'Follow ‘Portfolio A’' });
  fireEvent.change(within(form).getByLabelText('Send digests by'), { target: { value: 'slack' } });
  fireEvent.change(within(form).getByLabelText('How often'), { target: { value: 'weekly' } });
  const url = within(form).getByLabelText('Slack incoming-webhook URL') as HTMLInputElement;
  expect(url.type).toBe('password');
  fireEvent.change(url, { target: { value: HOOK } });
  fireEvent.click(within(form).getByRole('button', { name: 'Follow this watch' }));
  expect(await screen.findByText('Following: Weekly in Slack (hooks.slack.com/…en42).')).toBeTruthy();
  expect(sent).toEqual([['subscribe', { watchId: W, channel: 'slack', cadence: 'weekly', target: HOOK }]]);
  expect(url.value).toBe('');
  const cached = JSON.stringify([qc.getMutationCache().getAll().map((m) => m.state), qc.getQueryCache().getAll().map((q) => q.state.data)]);
  expect(cached).not.toContain('CanaryWebhookToken42');
  expect(await screen.findByRole('button', { name: 'Stop: Weekly in Slack (hooks.slack.com/…en42)' })).toBeTruthy();
});

it('a refused address is said next to its field', async () => {
  ui();
  const form = await screen.findByRole('form', { name: 'Follow ‘Portfolio A’' });
  fireEvent.change(within(form).getByLabelText('E-mail address'), { target: { value: 'nobody' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Follow this watch' }));
  expect(await within(form).findByText('Enter an e-mail address like ada@example.com.')).toBeTruthy();
  expect(within(form).getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
});

it('says what was sent and why one failed; Send again only for the one given up; Stop ends a subscription', async () => {
  ui();
  const table = await screen.findByRole('table', { name: 'Digests sent' });
  const failed = within(table).getByText('Week 48 of 2026').closest('tr')!;
  expect(failed.textContent).toContain('Given up after 6 attempts: The mail server refused the address (550).');
  expect(within(table).getAllByRole('button', { name: /^Send again/ })).toHaveLength(1);
  fireEvent.click(within(failed).getByRole('button', { name: 'Send again: Week 48 of 2026' }));
  fireEvent.click(screen.getByRole('button', { name: 'Stop: Daily by e-mail to ada@example.test' }));
  await vi.waitFor(() => expect(sent).toEqual([['resend', { deliveryId: '00000000-0000-4000-8000-0000000000c2' }], ['unsubscribe', { subscriptionId: '00000000-0000-4000-8000-0000000000b1' }]]));
});

it('a server without digests says so, and offers no form', async () => {
  team.subscriptions = () => fail('not_configured', 'This server does not send digests: ask your team admin to set them up.');
  team.deliveries = () => fail('not_configured', 'This server does not send digests: ask your team admin to set them up.');
  ui();
  expect(await screen.findByText('This server does not send digests: ask your team admin to set them up.')).toBeTruthy();
  expect(screen.queryByRole('form')).toBeNull();
});
