// Search attribute and relation catalogue (the spec does not show the full lists; ours is
// documented in docs/catalogue.md). The sandbox validates filters with it and the renderer
// uses it for attribute pickers and value suggestions.

export const RELATIONS = [
  'equals',
  'not_equals',
  'in',
  'not_in',
  'greater_than',
  'less_than',
  'between',
  'contains',
  'starts_with',
] as const;
export type Relation = (typeof RELATIONS)[number];

/** How the filter's `value` is written for a relation. */
export type ValueShape = 'single' | 'list' | 'range';

export interface RelationInfo {
  name: Relation;
  label: string;
  shape: ValueShape;
  description: string;
}

export const RELATION_INFO: Readonly<Record<Relation, RelationInfo>> = {
  equals: { name: 'equals', label: 'equals', shape: 'single', description: 'Exactly equal (text compares case-insensitively).' },
  not_equals: { name: 'not_equals', label: 'does not equal', shape: 'single', description: 'Not equal; records without the attribute match too.' },
  in: { name: 'in', label: 'is one of', shape: 'list', description: 'Equal to any value of a non-empty list.' },
  not_in: { name: 'not_in', label: 'is none of', shape: 'list', description: 'Equal to no value of a non-empty list; records without the attribute match too.' },
  greater_than: { name: 'greater_than', label: 'greater than', shape: 'single', description: 'Strictly greater than a number.' },
  less_than: { name: 'less_than', label: 'less than', shape: 'single', description: 'Strictly less than a number.' },
  between: { name: 'between', label: 'between', shape: 'range', description: 'Inclusive range written as [min, max] with min <= max.' },
  contains: { name: 'contains', label: 'contains', shape: 'single', description: 'Text contains the value (case-insensitive).' },
  starts_with: { name: 'starts_with', label: 'starts with', shape: 'single', description: 'Text starts with the value (case-insensitive).' },
};

export type AttributeValueType = 'string' | 'integer' | 'number';

export interface AttributeInfo {
  /** Name used in a filter's `attribute` and as the key of the company record. */
  name: string;
  label: string;
  valueType: AttributeValueType;
  relations: readonly Relation[];
  description: string;
  example: { relation: Relation; value: string | number | readonly (string | number)[] };
  /** Typical values for pickers; not exhaustive. */
  suggestions?: readonly (string | number)[];
}

const TEXT: readonly Relation[] = ['equals', 'not_equals', 'in', 'not_in', 'contains', 'starts_with'];
const CODE: readonly Relation[] = ['equals', 'not_equals', 'in', 'not_in'];
const NUMERIC: readonly Relation[] = ['equals', 'not_equals', 'in', 'not_in', 'greater_than', 'less_than', 'between'];

export const COUNTRY_SUGGESTIONS = [
  'US', 'GB', 'DE', 'FR', 'NL', 'SE', 'ES', 'IT', 'CH', 'PL', 'JP', 'CN', 'IN', 'BR', 'CA', 'AU', 'ZA', 'NO', 'DK', 'IE',
] as const;

export const ATTRIBUTES: readonly AttributeInfo[] = [
  {
    name: 'company_id', label: 'Company ID', valueType: 'string', relations: ['equals', 'in'],
    description: 'The service identifier of the company (UUID).',
    example: { relation: 'equals', value: '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c' },
  },
  {
    name: 'name', label: 'Name', valueType: 'string', relations: TEXT,
    description: 'Registered company name.', example: { relation: 'contains', value: 'holding' },
  },
  {
    name: 'country', label: 'Country', valueType: 'string', relations: CODE,
    description: 'Country of registration, ISO 3166-1 alpha-2 code.',
    example: { relation: 'equals', value: 'DE' }, suggestions: COUNTRY_SUGGESTIONS,
  },
  {
    name: 'city', label: 'City', valueType: 'string', relations: TEXT,
    description: 'City of the registered address.', example: { relation: 'equals', value: 'Berlin' },
  },
  {
    name: 'industry_code', label: 'Industry code', valueType: 'string', relations: ['equals', 'not_equals', 'in', 'not_in', 'starts_with'],
    description: 'Industry classification code (NACE Rev. 2 class, e.g. 62.01); starts_with selects a division such as "62".',
    example: { relation: 'starts_with', value: '62' }, suggestions: ['62.01', '64.19', '35.11', '47.11', '10.71', '70.22'],
  },
  {
    name: 'industry_label', label: 'Industry', valueType: 'string', relations: TEXT,
    description: 'Label of the industry classification code.', example: { relation: 'contains', value: 'software' },
  },
  {
    name: 'legal_form', label: 'Legal form', valueType: 'string', relations: CODE,
    description: 'Legal form as written in the country (e.g. GmbH, Ltd, Inc., SA).',
    example: { relation: 'in', value: ['GmbH', 'AG'] }, suggestions: ['Inc.', 'LLC', 'Ltd', 'PLC', 'GmbH', 'AG', 'SA', 'SAS', 'BV', 'AB', 'KK'],
  },
  {
    name: 'employee_count', label: 'Employees', valueType: 'integer', relations: NUMERIC,
    description: 'Number of employees (latest filing). Missing for some companies.',
    example: { relation: 'between', value: [50, 250] },
  },
  {
    name: 'revenue', label: 'Revenue (USD)', valueType: 'number', relations: NUMERIC,
    description: 'Annual revenue in US dollars (latest filing). Missing for some companies.',
    example: { relation: 'greater_than', value: 10_000_000 },
  },
  {
    name: 'founding_year', label: 'Founded', valueType: 'integer', relations: NUMERIC,
    description: 'Year the company was founded.', example: { relation: 'less_than', value: 1990 },
  },
  {
    name: 'website_domain', label: 'Website domain', valueType: 'string', relations: TEXT,
    description: 'Domain of the company website without scheme or "www." (e.g. example.com).',
    example: { relation: 'equals', value: 'example.com' },
  },
];

const byName = new Map(ATTRIBUTES.map((a) => [a.name, a]));

export function findAttribute(name: string): AttributeInfo | undefined {
  return byName.get(name);
}

export function isRelation(name: string): name is Relation {
  return (RELATIONS as readonly string[]).includes(name);
}

function scalarProblem(type: AttributeValueType, v: unknown): string | null {
  if (type === 'string') return typeof v === 'string' ? null : 'must be text';
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'must be a number';
  if (type === 'integer' && !Number.isInteger(v)) return 'must be a whole number';
  return null;
}

/**
 * Why `value` is not acceptable for attribute + relation, or null when it is.
 * Shared by the sandbox (400 answers) and the renderer (inline validation).
 */
export function filterValueProblem(attr: AttributeInfo, relation: Relation, value: unknown): string | null {
  if (!attr.relations.includes(relation)) {
    return `relation "${relation}" is not allowed for attribute "${attr.name}" (allowed: ${attr.relations.join(', ')})`;
  }
  const shape = RELATION_INFO[relation].shape;
  if (shape === 'single') {
    const p = scalarProblem(attr.valueType, value);
    if (p) return `value for "${attr.name}" ${p}`;
    if (typeof value === 'string' && value.length === 0 && (relation === 'contains' || relation === 'starts_with')) {
      return `value for "${attr.name}" must not be empty`;
    }
    return null;
  }
  if (!Array.isArray(value) || value.length === 0) {
    return shape === 'range' ? `value for "between" must be [min, max]` : `value for "${relation}" must be a non-empty list`;
  }
  if (shape === 'range' && value.length !== 2) return `value for "between" must be [min, max]`;
  if (value.length > 1000) return `value for "${relation}" may hold at most 1000 entries`;
  for (const item of value) {
    const p = scalarProblem(attr.valueType, item);
    if (p) return `every value for "${attr.name}" ${p}`;
  }
  if (shape === 'range' && (value[0] as number) > (value[1] as number)) return `value for "between" needs min <= max`;
  return null;
}

// ---- How record fields read in the grid -------------------------------------------------------
// Labels and number kinds for every field a company record shows, search attribute or not. The
// grid shows the label and keeps the field name in the header's tooltip; exports keep raw names.

export type FieldFormat = 'text' | 'id' | 'integer' | 'number' | 'currency' | 'year';

export interface FieldDisplay {
  label: string;
  format: FieldFormat;
  /** ISO 4217 code for `currency` fields. */
  currency?: string;
}

/** Fields that are not search attributes, and the number kinds the attribute types cannot tell. */
const FIELD_DISPLAY: Readonly<Record<string, Partial<FieldDisplay>>> = {
  company_id: { format: 'id' },
  revenue: { format: 'currency', currency: 'USD' },
  founding_year: { format: 'year' },
  country_name: { label: 'Country name' },
  address: { label: 'Address' },
  'address.street': { label: 'Street' },
  'address.postal_code': { label: 'Postal code' },
  'address.city': { label: 'Address city' },
  'address.country': { label: 'Address country' },
  website: { label: 'Website' },
  phone: { label: 'Phone' },
  identifiers: { label: 'Identifiers' },
  'identifiers.lei': { label: 'LEI' },
  'identifiers.vat': { label: 'VAT number' },
  tags: { label: 'Tags' },
};

/** "address.geo.lat" → "Address › Geo › Lat" for fields nobody has labelled. */
function humanise(path: string): string {
  return path
    .split('.')
    .map((part) => {
      const words = part.replace(/_/g, ' ').trim();
      return words ? words.charAt(0).toUpperCase() + words.slice(1) : part;
    })
    .join(' › ');
}

/** Label and number kind of a (dotted) record field. */
export function fieldDisplay(path: string): FieldDisplay {
  const attr = byName.get(path);
  const extra = FIELD_DISPLAY[path] ?? {};
  const format: FieldFormat = extra.format ?? (attr?.valueType === 'integer' ? 'integer' : attr?.valueType === 'number' ? 'number' : 'text');
  return { label: extra.label ?? attr?.label ?? humanise(path), format, ...(extra.currency ? { currency: extra.currency } : {}) };
}

export const fieldLabel = (path: string): string => fieldDisplay(path).label;

/** Containers whose parts are the fields (a flattened record names `address.city`, not `address`). */
const CONTAINERS = new Set(['address', 'identifiers']);
/** Every field of a flattened record a rule can name: the search attributes, then the record's other fields. */
export const RECORD_FIELD_NAMES: readonly string[] = [...new Set([...ATTRIBUTES.map((a) => a.name), ...Object.keys(FIELD_DISPLAY)])].filter((f) => f !== 'company_id' && !CONTAINERS.has(f));
