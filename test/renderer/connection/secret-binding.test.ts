// The profile editor asks for the secret again, next to its field, when the Auth URL changes.
import { describe, expect, it } from 'vitest';
import { secretNeededAgain } from '../../../src/renderer/connection/ProfileEditor';
import type { ProfileView } from '../../../src/shared/profile';

const stored = { id: 'p', kind: 'remote', authUrl: 'https://auth.example.com', hasSecret: true } as ProfileView;

describe('secretNeededAgain', () => {
  it('asks for the secret when a stored one was entered for another Auth URL', () => {
    expect(secretNeededAgain(stored, 'https://collector.example.net', false)).toMatch(/Auth URL changed: enter the client secret again/);
  });
  it('is quiet when the URL is unchanged (trailing slash aside), a secret was typed, none is stored, or for the sandbox', () => {
    expect(secretNeededAgain(stored, 'https://auth.example.com/', false)).toBeUndefined();
    expect(secretNeededAgain(stored, 'https://collector.example.net', true)).toBeUndefined();
    expect(secretNeededAgain({ ...stored, hasSecret: false }, 'https://x.example', false)).toBeUndefined();
    expect(secretNeededAgain({ ...stored, kind: 'sandbox' }, 'https://x.example', false)).toBeUndefined();
    expect(secretNeededAgain(undefined, 'https://x.example', false)).toBeUndefined();
  });
});
