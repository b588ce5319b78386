// The desktop app's deep links (shared/team/deep-link.ts): what buildDeepLink writes parses back to
// the same place; anything else (another scheme or path, extra or repeated parameters, a malformed
// id) parses to null.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDeepLink, parseDeepLink, type DeepLink } from '../../../src/shared/team/deep-link';

const W = '3f2c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';

describe('deep links', () => {
  it('writes the documented shapes', () => {
    expect(buildDeepLink({ kind: 'changes', watchId: W })).toBe(`firmscope://watches/${W}/changes`);
    expect(buildDeepLink({ kind: 'changes', watchId: W, checkId: '17', companyId: 'c-1' })).toBe(`firmscope://watches/${W}/changes?check=17&company=c-1`);
    expect(buildDeepLink({ kind: 'digests' })).toBe('firmscope://digests');
    expect(() => buildDeepLink({ kind: 'changes', watchId: 'not-a-uuid' })).toThrow();
    expect(() => buildDeepLink({ kind: 'changes', watchId: W, checkId: 'a b' })).toThrow();
  });

  it('parses what it writes back to the same place', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/);
    fc.assert(
      fc.property(fc.uuid(), fc.option(id, { nil: undefined }), fc.option(id, { nil: undefined }), (watchId, checkId, companyId) => {
        const link: DeepLink = { kind: 'changes', watchId, ...(checkId ? { checkId } : {}), ...(companyId ? { companyId } : {}) };
        expect(parseDeepLink(buildDeepLink(link))).toEqual(link);
      }),
    );
    expect(parseDeepLink('firmscope://digests')).toEqual({ kind: 'digests' });
  });

  it.each([
    ['another scheme', `https://watches/${W}/changes`],
    ['javascript', 'javascript:alert(1)'],
    ['another host', `firmscope://lists/${W}/changes`],
    ['another path', `firmscope://watches/${W}/export`],
    ['a malformed watch id', 'firmscope://watches/42/changes'],
    ['an unknown parameter', `firmscope://watches/${W}/changes?check=1&open=file:///etc/passwd`],
    ['a repeated parameter', `firmscope://watches/${W}/changes?check=1&check=2`],
    ['a check id with spaces', `firmscope://watches/${W}/changes?check=a%20b`],
    ['user info', `firmscope://me:pw@watches/${W}/changes`],
    ['a fragment', `firmscope://watches/${W}/changes#x`],
    ['digests with a parameter', 'firmscope://digests?x=1'],
    ['no URL at all', 'watches'],
    ['a very long link', `firmscope://watches/${W}/changes?check=${'a'.repeat(1100)}`],
  ])('refuses %s', (_name, text) => {
    expect(parseDeepLink(text)).toBeNull();
  });
});
