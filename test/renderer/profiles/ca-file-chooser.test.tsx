// @vitest-environment jsdom
// Settings → Network in the desktop app: the CA file is chosen with main's dialog ("Choose file…"),
// the field shows the file's name, and the save carries the dialog's handle, never a path. Driven
// through the real connection handlers of a core hosted by a desktop-like shell.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkSettingsPanel } from '../../../src/renderer/profiles/NetworkSettingsPanel';
import { createCore } from '../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../src/main/platform/secrets/memory-vault';
import { ProfileInputSchema, type ProfileView } from '../../../src/shared/profile';
import { toBridgeError } from '../../../src/shared/errors';
import { tempDir, testShell } from '../../helpers/core-helpers';

const ctx = { signal: new AbortController().signal };
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  cleanup();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function call(fn: () => Promise<unknown>) {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    return { ok: false, error: toBridgeError(e) };
  }
}

async function setUp(chosen: () => string | null) {
  const d = tempDir();
  const core = await createCore({ dataDir: d.dir, shell: { ...testShell(), kind: 'electron', chooseCaFile: async () => chosen() }, vault: createMemoryVault(), sandbox: { companies: 50 } });
  cleanups.push(d.cleanup, () => core.close());
  const c = core.handlers.profiles;
  const profile = ProfileInputSchema.parse({ name: 'Company', authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', clientId: 'client' });
  const view = await c.saveProfile({ profile, secret: 'secret-canary-91' }, ctx);
  const sent: unknown[] = [];
  (window as unknown as { firmscope: unknown }).firmscope = {
    app: { info: () => call(() => core.handlers.app.info(undefined, ctx)) },
    profiles: {
      listProfiles: () => call(() => c.listProfiles(undefined, ctx)),
      status: () => call(() => c.status(undefined, ctx)),
      pickCaFile: () => call(() => c.pickCaFile(undefined, ctx)),
      saveProfile: (i: Parameters<typeof c.saveProfile>[0]) => (sent.push(i), call(() => c.saveProfile(i, ctx))),
    },
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NetworkSettingsPanel profile={view} />
    </QueryClientProvider>,
  );
  return { c, view, sent };
}
const caField = () => screen.getByLabelText('Company CA file (PEM)') as HTMLInputElement;

describe('the CA file chooser (desktop app)', () => {
  it('shows the chosen file by name, keeps the secret typed again, and saves by handle', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const pem = join(d.dir, 'corp-root.pem');
    writeFileSync(pem, PEM);
    const { c, view, sent } = await setUp(() => pem);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose file…' })).toBeTruthy());
    expect(caField().readOnly).toBe(true);
    expect(caField().value).toBe('None');

    fireEvent.click(screen.getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(caField().value).toBe('corp-root.pem'));
    // The secret goes through this CA from now on: the field to keep it is offered.
    const secret = screen.getByLabelText('Client secret, to keep it') as HTMLInputElement;
    fireEvent.change(secret, { target: { value: 'secret-canary-91' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save network settings' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Saved\./));

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ caFileHandle: expect.any(String), secret: 'secret-canary-91' });
    expect(JSON.stringify(sent[0])).not.toContain(pem);
    const stored = (await c.listProfiles(undefined, ctx)).profiles.find((p: ProfileView) => p.id === view.id)!;
    expect(stored.network?.caFile).toBe(pem);
    expect(stored.hasSecret).toBe(true);
    expect(caField().value).toBe('corp-root.pem');
  });

  it('a file main cannot use is refused under the field when chosen; nothing is saved', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    const notPem = join(d.dir, 'notes.txt');
    writeFileSync(notPem, 'not a certificate');
    const { sent } = await setUp(() => notPem);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose file…' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Choose file…' }));
    await waitFor(() => expect(caField().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(caField().getAttribute('aria-describedby')!.split(' ').find((id) => /err/.test(id))!)?.textContent).toMatch(
      /could not be used: choose a PEM certificate file/,
    );
    expect(caField().value).toBe('None');
    expect(sent).toEqual([]);
  });
});
