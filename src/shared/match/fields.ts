// The facts an analyst can know about a company, and how CSV columns map onto them.
// Shared so the renderer (form, column mapping) and main (builder, bulk runner) agree.

export const MATCH_FIELDS = ['name', 'website', 'country', 'city', 'phone', 'address', 'limit'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];
/** Fields a CSV column can feed (limit is a job-wide setting, not a per-row fact). */
export const MAPPABLE_FIELDS = ['name', 'website', 'country', 'city', 'phone', 'address'] as const;
export type MappableField = (typeof MAPPABLE_FIELDS)[number];

export const MATCH_FIELD_LABELS: Record<MatchField, string> = {
  name: 'Company name',
  website: 'Website',
  country: 'Country',
  city: 'City',
  phone: 'Phone',
  address: 'Address',
  limit: 'Max results',
};

/** Field values as typed or read from a CSV cell: strings, trimmed, empty ones dropped. */
export type MatchFieldValues = Partial<Record<MatchField, string>>;

export function isMatchField(s: string): s is MatchField {
  return (MATCH_FIELDS as readonly string[]).includes(s);
}

/** Trims every known field and drops empty or unknown ones. Numbers (limit) become strings. */
export function normalizeFields(input: Record<string, unknown> | undefined | null): MatchFieldValues {
  const out: MatchFieldValues = {};
  if (!input) return out;
  for (const f of MATCH_FIELDS) {
    const v = input[f];
    if (v === undefined || v === null) continue;
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (s !== '') out[f] = s;
  }
  return out;
}

/** Mapping of match field -> CSV column header. */
export type ColumnMapping = Partial<Record<MappableField, string>>;

/** Header names per field, in English, German, French and Spanish (compared squashed: no case, accents, spaces). */
const HEADER_HINTS: Record<MappableField, string[]> = {
  name: ['name', 'company', 'companyname', 'legalname', 'organisation', 'organization', 'firm',
    'firma', 'firmenname', 'unternehmen', 'unternehmensname', 'entreprise', 'societe', 'raisonsociale', 'nomentreprise', 'nom',
    'empresa', 'nombre', 'nombreempresa', 'razonsocial', 'compania'],
  website: ['website', 'url', 'web', 'domain', 'homepage', 'site', 'webseite', 'internetseite', 'internetadresse', 'internet', 'siteweb', 'siteinternet', 'sitioweb', 'paginaweb', 'dominio'],
  country: ['country', 'countrycode', 'nation', 'land', 'staat', 'laendercode', 'pays', 'codepays', 'pais', 'codigopais'],
  city: ['city', 'town', 'locality', 'ort', 'stadt', 'gemeinde', 'ortschaft', 'ville', 'commune', 'localite', 'ciudad', 'localidad', 'municipio', 'poblacion'],
  phone: ['phone', 'telephone', 'tel', 'phonenumber', 'telefon', 'telefonnummer', 'rufnummer', 'numerodetelephone', 'telefono', 'numerodetelefono'],
  address: ['address', 'street', 'streetaddress', 'addressline1', 'adresse', 'strasse', 'anschrift', 'strasseundhausnummer', 'rue', 'direccion', 'calle', 'domicilio'],
};

/**
 * Hints matched only as a whole header: short or common words that sit inside other headers
 * ("land" in "Bundesland", "nom" in "nombre", "ort" in "Sort").
 */
const WHOLE_ONLY = new Set(['land', 'staat', 'pays', 'pais', 'nom', 'ort', 'rue', 'tel', 'web', 'site', 'calle', 'nombre', 'url']);

/** "Straße" -> "strasse", "Téléphone" -> "telephone", "Company_Name" -> "companyname". */
const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');

/** Suggests which column feeds which field from the header names; each column used at most once. */
export function guessMapping(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const field of MAPPABLE_FIELDS) {
    const hints = HEADER_HINTS[field].map(squash);
    const exact = headers.find((h) => !used.has(h) && hints.includes(squash(h)));
    const loose = exact ?? headers.find((h) => !used.has(h) && hints.some((x) => x.length > 3 && !WHOLE_ONLY.has(x) && squash(h).includes(x)));
    if (loose !== undefined) {
      mapping[field] = loose;
      used.add(loose);
    }
  }
  return mapping;
}

/** Applies a mapping to one CSV record (header -> cell). */
export function applyMapping(record: Record<string, string>, mapping: ColumnMapping): MatchFieldValues {
  const raw: Record<string, string> = {};
  for (const field of MAPPABLE_FIELDS) {
    const col = mapping[field];
    if (col !== undefined && record[col] !== undefined) raw[field] = record[col];
  }
  return normalizeFields(raw);
}
