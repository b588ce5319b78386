// Deterministic company dataset. Every record comes from its own generator seeded by
// (seed, index), so a smaller count is a prefix of a larger one and generation stays fast.
import { chance, createRng, hashString, intBetween, pick, rngUuid, type Rng } from './random';
import { AWKWARD_NAMES, COUNTRIES, INDUSTRIES, NAME_STEMS, NAME_WORDS, STREETS, SURNAMES, TAGS, type CountryInfo } from './reference-data';

export interface CompanyAddress {
  street: string;
  postal_code: string;
  city: string;
  country: string;
}

/** One company as the sandbox serves it. Optional keys are absent for some records on purpose. */
export interface SandboxCompany {
  company_id: string;
  name: string;
  country: string;
  country_name: string;
  city?: string;
  address: CompanyAddress | null;
  industry_code: string;
  industry_label: string;
  legal_form: string;
  employee_count: number | null;
  revenue?: number;
  founding_year: number;
  website_domain?: string;
  website?: string;
  phone?: string;
  identifiers: { lei?: string; vat?: string };
  tags: string[];
}

const countryTable: CountryInfo[] = COUNTRIES.flatMap((c) => Array<CountryInfo>(c.weight).fill(c));
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function digits(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rng() * 10);
  return s;
}

function baseName(rng: Rng): string {
  const r = rng();
  if (r < 0.015) return pick(rng, AWKWARD_NAMES);
  if (r < 0.4) return `${pick(rng, NAME_STEMS)} ${pick(rng, NAME_WORDS)}`;
  if (r < 0.62) return `${pick(rng, SURNAMES)} ${pick(rng, NAME_WORDS)}`;
  if (r < 0.77) return `${pick(rng, SURNAMES)} & ${pick(rng, SURNAMES)}`;
  if (r < 0.87) return `${pick(rng, SURNAMES)}, ${pick(rng, SURNAMES)} and ${pick(rng, SURNAMES)}`;
  return `${pick(rng, NAME_STEMS)}${pick(rng, NAME_WORDS).toLowerCase()}`;
}

const slugCache = new Map<string, string>();

/** Base names repeat a lot (pools), so the normalize/regex work is cached per base name. */
function slug(text: string): string {
  let hit = slugCache.get(text);
  if (hit === undefined) {
    hit = slugUncached(text);
    slugCache.set(text, hit);
  }
  return hit;
}

function slugUncached(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
}

/** Record `index` of a seed; `usedDomains` keeps website domains unique across the records made with it. */
export function makeCompany(seed: number, index: number, usedDomains: Set<string>): SandboxCompany {
  const rng = createRng(hashString(`${seed}:${index}`));
  const company_id = rngUuid(rng);
  const country = pick(rng, countryTable);
  const legal_form = pick(rng, country.legalForms);
  const base = baseName(rng);
  const name = chance(rng, 0.6) ? `${base} ${legal_form}` : base;
  const [industry_code, industry_label] = pick(rng, INDUSTRIES);
  const hasCity = !chance(rng, 0.03);
  const city = pick(rng, country.cities);
  const employees = Math.max(1, Math.floor(Math.exp(rng() * 10.5)));
  const employee_count = chance(rng, 0.07) ? null : employees;
  const founding_year = 2025 - Math.floor(Math.pow(rng(), 1.8) * 175);
  const address: CompanyAddress | null = hasCity
    ? {
        street: `${intBetween(rng, 1, 250)} ${pick(rng, STREETS)}`,
        postal_code: digits(rng, 5), // leading zeros on purpose: spreadsheets love to eat them
        city,
        country: country.code,
      }
    : null;
  const revenue = chance(rng, 0.12) ? undefined : employees * intBetween(rng, 40, 420) * 1000;
  let website_domain: string | undefined;
  if (!chance(rng, 0.08)) {
    website_domain = `${slug(base) || 'company'}.${country.tld}`;
    if (usedDomains.has(website_domain)) website_domain = `${slug(base) || 'company'}${index}.${country.tld}`;
    usedDomains.add(website_domain);
  }
  const phone = chance(rng, 0.1) ? undefined : `${country.phonePrefix} ${digits(rng, 3)} ${digits(rng, 7)}`;
  const identifiers: SandboxCompany['identifiers'] = {};
  if (chance(rng, 0.3)) {
    let lei = '';
    for (let i = 0; i < 20; i++) lei += ALNUM[Math.floor(rng() * ALNUM.length)];
    identifiers.lei = lei;
  }
  if (chance(rng, 0.5)) identifiers.vat = `${country.code}${digits(rng, 9)}`;
  const tags: string[] = [];
  if (chance(rng, 0.4)) tags.push(pick(rng, TAGS));
  if (chance(rng, 0.1)) tags.push(pick(rng, TAGS));
  // Assembled in reading order; absent optional keys are left out, not set to undefined.
  const company = { company_id, name, country: country.code, country_name: country.name } as SandboxCompany;
  if (hasCity) company.city = city;
  company.address = address;
  company.industry_code = industry_code;
  company.industry_label = industry_label;
  company.legal_form = legal_form;
  company.employee_count = employee_count;
  if (revenue !== undefined) company.revenue = revenue;
  company.founding_year = founding_year;
  if (website_domain) {
    company.website_domain = website_domain;
    company.website = `https://www.${website_domain}`;
  }
  if (phone) company.phone = phone;
  company.identifiers = identifiers;
  company.tags = tags;
  return company;
}

const cache = new Map<string, readonly SandboxCompany[]>();

/** Deterministic for (seed, count); cached, so callers must not mutate the records. */
export function generateCompanies(seed: number, count: number): readonly SandboxCompany[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  const key = `${seed}:${count}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const used = new Set<string>();
  const out: SandboxCompany[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = makeCompany(seed, i, used);
  const frozen = Object.freeze(out);
  cache.set(key, frozen);
  return frozen;
}

export interface Dataset {
  seed: number;
  companies: readonly SandboxCompany[];
  byId: ReadonlyMap<string, SandboxCompany>;
  /** Index of each record in `companies`. */
  indexById: ReadonlyMap<string, number>;
  /** Pre-serialized JSON of record i, built on first use, so a page of 200 is a string join. */
  recordJson(index: number): string;
}

const datasetCache = new Map<string, Dataset>();

export function loadDataset(seed: number, count: number): Dataset {
  const key = `${seed}:${count}`;
  const hit = datasetCache.get(key);
  if (hit) return hit;
  const companies = generateCompanies(seed, count);
  const json: string[] = new Array(companies.length);
  const dataset: Dataset = {
    seed,
    companies,
    byId: new Map(companies.map((c) => [c.company_id, c])),
    indexById: new Map(companies.map((c, i) => [c.company_id, i])),
    recordJson: (i) => (json[i] ??= JSON.stringify(companies[i])),
  };
  datasetCache.set(key, dataset);
  return dataset;
}
