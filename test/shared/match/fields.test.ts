import { describe, expect, it } from 'vitest';
import { applyMapping, guessMapping, normalizeFields } from '../../../src/shared/match/fields';

describe('column mapping', () => {
  it('guesses fields from common header names, each column once', () => {
    expect(guessMapping(['Company Name', 'Web site', 'Country Code', 'Town', 'Tel', 'Street Address', 'Notes'])).toEqual({
      name: 'Company Name',
      website: 'Web site',
      country: 'Country Code',
      city: 'Town',
      phone: 'Tel',
      address: 'Street Address',
    });
    expect(guessMapping(['id', 'notes'])).toEqual({});
  });

  it('knows German, French and Spanish headers, accents and ß included; short words only as whole headers', () => {
    expect(guessMapping(['Firma', 'Land', 'Ort', 'Webseite', 'Telefon', 'Straße', 'PLZ'])).toEqual({ name: 'Firma', website: 'Webseite', country: 'Land', city: 'Ort', phone: 'Telefon', address: 'Straße' });
    expect(guessMapping(['Raison sociale', 'Pays', 'Ville', 'Site web', 'Téléphone', 'Adresse'])).toEqual({ name: 'Raison sociale', website: 'Site web', country: 'Pays', city: 'Ville', phone: 'Téléphone', address: 'Adresse' });
    expect(guessMapping(['Empresa', 'País', 'Ciudad', 'Sitio web', 'Teléfono', 'Dirección'])).toEqual({ name: 'Empresa', website: 'Sitio web', country: 'País', city: 'Ciudad', phone: 'Teléfono', address: 'Dirección' });
    // "Bundesland" is a German state, not a country; "Sortierung" holds no "Ort".
    expect(guessMapping(['Unternehmensname', 'Bundesland', 'Sortierung'])).toEqual({ name: 'Unternehmensname' });
  });

  it('applies a mapping to a record, trimming and dropping blanks and unmapped columns', () => {
    expect(applyMapping({ Firm: ' Acme ', Land: 'DE', Web: '', Other: 'x' }, { name: 'Firm', country: 'Land', website: 'Web' })).toEqual({
      name: 'Acme',
      country: 'DE',
    });
  });

  it('normalizes numbers to strings and ignores unknown keys', () => {
    expect(normalizeFields({ name: 'A', limit: 5, foo: 'bar' })).toEqual({ name: 'A', limit: '5' });
  });
});
