// The one sanitiser of service text (issue 36): screens drop bidi controls (and isolate in <bdi>);
// notifications and other places without <bdi> get one bounded line.
import { describe, expect, it } from 'vitest';
import { notificationText, NOTIFICATION_BODY_MAX, NOTIFICATION_TEXT_MAX, oneLineText, shownText, stripBidiControls } from '../../src/shared/service-text';

describe('service text', () => {
  it('drops embedding, override and isolate controls and the LRM, RLM and ALM marks, and nothing else', () => {
    expect(stripBidiControls('Acme \u202Egnp.exe\u202C')).toBe('Acme gnp.exe');
    expect(shownText('a\u2066b\u2067c\u2068d\u2069e\u200Ef\u200Fg\u061Ch\u202Ai\u202Bj\u202Dk')).toBe('abcdefghijk');
    expect(shownText('line 1\nline 2 אלף')).toBe('line 1\nline 2 אלף');
  });

  it('makes one line: line breaks, tabs and control characters become one space', () => {
    expect(oneLineText('  Acme\r\n\tGmbH\u2028\u2029x\u0000y\u0085z  ')).toBe('Acme GmbH x y z');
  });

  it('cuts at the limit with an ellipsis, never inside a surrogate pair', () => {
    expect(oneLineText('abcdef', 4)).toBe('abc…');
    expect(oneLineText('😀😀😀😀', 3)).toBe('😀😀…');
    expect(oneLineText('x'.repeat(10_000_000)).length).toBe(NOTIFICATION_TEXT_MAX);
    const n = notificationText('t'.repeat(1000), 'b'.repeat(1000));
    expect([n.title.length, n.body.length]).toEqual([NOTIFICATION_TEXT_MAX, NOTIFICATION_BODY_MAX]);
  });
});
