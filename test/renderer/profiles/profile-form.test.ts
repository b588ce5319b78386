import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS, type ProfileView } from '../../../src/shared/profile';
import { emptyForm, formFromProfile, sameForm, validateForm } from '../../../src/renderer/profiles/profile-form';

const view: ProfileView = {
  id: 'acme',
  name: 'Acme prod',
  kind: 'remote',
  authUrl: 'https://auth.acme.test',
  baseUrl: 'https://api.acme.test',
  clientId: 'client-1',
  scope: 'api:use',
  useDiscovery: true,
  ...DEFAULT_PATHS,
  matchPayloadTemplate: null,
  hasSecret: true,
  builtIn: false,
};

describe('profile form', () => {
  it('round-trips a saved profile and never carries a secret', () => {
    const f = formFromProfile(view);
    expect(Object.keys(f)).not.toContain('secret');
    expect(f.matchPayloadTemplate).toBe('');
    const v = validateForm(f);
    expect(v.ok).toBe(true);
    if (v.ok) {
      expect(v.input).toMatchObject({ id: 'acme', authUrl: 'https://auth.acme.test', matchPayloadTemplate: null, useDiscovery: true });
      expect(JSON.stringify(v.input)).not.toMatch(/secret/i);
    }
  });

  it('carries the live match count switch: on by default and for profiles saved before it existed, off when turned off', () => {
    expect(emptyForm().liveCount).toBe(true);
    expect(formFromProfile(view).liveCount).toBe(true);
    const off = validateForm({ ...formFromProfile(view), liveCount: false });
    expect(off.ok && off.input.liveCount).toBe(false);
    expect(formFromProfile({ ...view, liveCount: false }).liveCount).toBe(false);
    expect(sameForm(formFromProfile(view), { ...formFromProfile(view), liveCount: false })).toBe(false);
  });

  it('reports every invalid field inline with a readable message', () => {
    const v = validateForm({ ...emptyForm(), name: '  ', authUrl: 'auth.acme.test', baseUrl: 'ftp://x', clientId: '', searchPath: 'search' });
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.errors.name).toBe('Name is required');
      expect(v.errors.authUrl).toMatch(/full http\(s\) URL/);
      expect(v.errors.baseUrl).toMatch(/full http\(s\) URL/);
      expect(v.errors.clientId).toBe('Client ID is required');
      expect(v.errors.searchPath).toMatch(/starts with \//);
      expect(v.errors.scope).toBeUndefined();
    }
  });

  it('normalises URLs the way main will (trailing slash dropped) and keeps a payload template', () => {
    const v = validateForm({ ...formFromProfile(view), authUrl: ' https://auth.acme.test/ ', matchPayloadTemplate: '{"name":"{name}"}' });
    expect(v.ok && v.input.authUrl).toBe('https://auth.acme.test');
    expect(v.ok && v.input.matchPayloadTemplate).toBe('{"name":"{name}"}');
  });

  it('ESG requests at once: empty keeps the default, a whole number 1-32 is saved, anything else is said on the field', () => {
    expect(formFromProfile(view).esgConcurrency).toBe('');
    const empty = validateForm(formFromProfile(view));
    expect(empty.ok && empty.input.esgConcurrency).toBeUndefined();
    const eight = validateForm({ ...formFromProfile(view), esgConcurrency: ' 8 ' });
    expect(eight.ok && eight.input.esgConcurrency).toBe(8);
    expect(formFromProfile({ ...view, esgConcurrency: 8 }).esgConcurrency).toBe('8');
    const bad = validateForm({ ...formFromProfile(view), esgConcurrency: '40' });
    expect(!bad.ok && bad.errors.esgConcurrency).toBe('At most 32 ESG requests at once');
  });

  it('daily request budget for scheduled checks: empty keeps the default, grouped digits are read, anything else is said on the field', () => {
    expect(emptyForm().watchDailyBudget).toBe('');
    const empty = validateForm(formFromProfile(view));
    expect(empty.ok && empty.input.watchDailyBudget).toBeUndefined();
    for (const typed of ['5000', ' 5,000 ', '5.000', '5 000']) {
      const v = validateForm({ ...formFromProfile(view), watchDailyBudget: typed });
      expect(v.ok && v.input.watchDailyBudget, typed).toBe(5000);
    }
    expect(formFromProfile({ ...view, watchDailyBudget: 300 }).watchDailyBudget).toBe('300');
    const half = validateForm({ ...formFromProfile(view), watchDailyBudget: '2.5' });
    expect(!half.ok && half.errors.watchDailyBudget).toBe('Enter a whole number');
    const negative = validateForm({ ...formFromProfile(view), watchDailyBudget: '-1' });
    expect(!negative.ok && negative.errors.watchDailyBudget).toBe('The budget cannot be negative');
    const words = validateForm({ ...formFromProfile(view), watchDailyBudget: 'lots' });
    expect(!words.ok && words.errors.watchDailyBudget).toBe('Enter the daily request budget as a whole number');
  });

  it('a new profile has no id and the documented defaults', () => {
    const f = emptyForm();
    expect(f.id).toBeUndefined();
    expect(f.scope).toBe('api:use');
    expect(f.searchPath).toBe(DEFAULT_PATHS.searchPath);
    expect(validateForm({ ...f, name: 'x', authUrl: 'http://127.0.0.1:1', baseUrl: 'http://127.0.0.1:2', clientId: 'c' }).ok).toBe(true);
  });

  it('detects edits', () => {
    const f = formFromProfile(view);
    expect(sameForm(f, formFromProfile(view))).toBe(true);
    expect(sameForm(f, { ...f, scope: 'other' })).toBe(false);
  });
});
