import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MatchRequestSchema } from '../../../src/shared/service/schemas';
import { buildMatchBody, checkEditedBody, parseMatchTemplate } from '../../../src/shared/match/request-builder';

describe('default match payload', () => {
  it('sends the documented fields, trimmed, empty ones left out, limit as a number', () => {
    const r = buildMatchBody({ name: '  Acme GmbH ', website: '', country: 'DE', city: ' Berlin', limit: '5' });
    expect(r).toEqual({ ok: true, body: { name: 'Acme GmbH', country: 'DE', city: 'Berlin', limit: 5 } });
  });

  it('requires a name', () => {
    const r = buildMatchBody({ website: 'acme.example' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([{ field: 'name', message: 'Company name is required.' }]);
  });

  it.each(['0', '51', '2.5', 'ten', '-1'])('rejects limit %s with a message naming the range', (limit) => {
    const r = buildMatchBody({ name: 'Acme', limit });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatchObject({ field: 'limit', message: expect.stringContaining('1 to 50') });
  });

  it('ignores fields it does not know', () => {
    expect(buildMatchBody({ name: 'Acme', secret: 'x' } as Record<string, unknown>)).toEqual({ ok: true, body: { name: 'Acme' } });
  });

  it("sends a country's name as its ISO code (the service takes codes); anything else as typed", () => {
    const body = (country: string) => (buildMatchBody({ name: 'Acme', country }) as { body: { country: string } }).body.country;
    expect(body('Germany')).toBe('DE');
    expect(body('  united kingdom ')).toBe('GB');
    expect(body('de')).toBe('DE');
    expect(body('Germny')).toBe('Germny');
    // A template gets the code too: its {{country}} is the same value.
    const r = buildMatchBody({ name: 'Acme', country: 'France' }, '{"q":"{{name}}","c":"{{country}}"}');
    expect(r).toEqual({ ok: true, body: { q: 'Acme', c: 'FR' } });
  });

  it('always produces a body the documented schema accepts', () => {
    const text = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(
        fc.record({ name: text, website: text, country: text, city: text, phone: text, address: text, limit: fc.oneof(text, fc.integer({ min: -5, max: 80 }).map(String)) }, { requiredKeys: [] }),
        (fields) => {
          const r = buildMatchBody(fields);
          if (r.ok) expect(MatchRequestSchema.safeParse(r.body).success).toBe(true);
          else expect(r.problems.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('profile payload template', () => {
  const template = JSON.stringify({
    query: { company_name: '{{name}}', domain: '{{ website }}', location: { country: '{{country}}', city: '{{city}}' } },
    label: 'match for {{name}} in {{city}}',
    max_results: '{{limit}}',
    ids: ['{{phone}}'],
    mode: 'strict',
  });

  it('fills placeholders, keeps literals, drops keys of empty fields and containers left empty', () => {
    const r = buildMatchBody({ name: 'Acme', country: 'FR', limit: '3' }, template);
    expect(r).toEqual({
      ok: true,
      body: { query: { company_name: 'Acme', location: { country: 'FR' } }, label: 'match for Acme in ', max_results: 3, mode: 'strict' },
    });
  });

  it('asks for at least one of the fields the template uses, not necessarily the name', () => {
    expect(buildMatchBody({ website: 'acme.example' }, template).ok).toBe(true);
    const r = buildMatchBody({}, template);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toMatch(/at least one of: name, website/);
  });

  it('reports invalid JSON and unknown placeholders as template problems', () => {
    expect(parseMatchTemplate('{"name": "{{name}}"')).toMatchObject({ ok: false, problems: [{ field: 'template' }] });
    const r = parseMatchTemplate('{"n": "{{nmae}}"}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.message).toContain('{{nmae}}');
    expect(parseMatchTemplate('"{{name}}"')).toMatchObject({ ok: false });
  });

  it('a blank template means the default payload', () => {
    expect(buildMatchBody({ name: 'Acme' }, '  ')).toEqual({ ok: true, body: { name: 'Acme' } });
  });
});

describe('edited body', () => {
  it('checks a hand-edited default body against the schema and names the path', () => {
    expect(checkEditedBody({ name: 'Acme', limit: 3, extra: true })).toMatchObject({ ok: true });
    const r = checkEditedBody({ name: '', limit: 500 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.field)).toEqual(['name', 'limit']);
    expect(checkEditedBody([1, 2])).toMatchObject({ ok: false, problems: [{ field: 'body' }] });
  });

  it('with a custom template any JSON object goes through as written', () => {
    expect(checkEditedBody({ q: 'x' }, '{"q":"{{name}}"}')).toEqual({ ok: true, body: { q: 'x' } });
    expect(checkEditedBody('x', '{"q":"{{name}}"}').ok).toBe(false);
  });
});
