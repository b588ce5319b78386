// Validation of the search body and compilation of its filters into a record predicate.
import { findAttribute, isRelation, filterValueProblem, type Relation } from '../shared/service/catalogue';
import { conditionTest } from '../shared/search/condition-eval';
import { badRequest } from './api-errors';
import type { SandboxCompany } from './dataset';

export interface ParsedFilter {
  attribute: string;
  relation: Relation;
  value: unknown;
}

export interface ParsedSearch {
  op: 'and' | 'or';
  filters: ParsedFilter[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every malformed body answers 400 with the JSON path of the first problem in `field`. */
export function parseSearchBody(body: unknown): ParsedSearch {
  if (!isPlainObject(body)) throw badRequest('The body must be a JSON object: {"filters": {"and": [ {attribute, relation, value} ]}}', 'body');
  for (const key of Object.keys(body)) {
    if (key !== 'filters') throw badRequest(`Unknown field "${key}" in the body`, key);
  }
  const filters = body.filters;
  if (filters === undefined) throw badRequest('filters is required', 'filters');
  if (!isPlainObject(filters)) throw badRequest('filters must be an object with exactly one wrapper, "and" or "or"', 'filters');
  const keys = Object.keys(filters);
  if (keys.length !== 1) {
    throw badRequest(`filters must hold exactly one wrapper ("and" or "or"); found ${keys.length === 0 ? 'none' : keys.map((k) => `"${k}"`).join(', ')}`, 'filters');
  }
  const op = keys[0];
  if (op !== 'and' && op !== 'or') throw badRequest(`Unknown wrapper "${op}"; use "and" or "or"`, 'filters');
  const list = filters[op];
  if (!Array.isArray(list)) throw badRequest(`filters.${op} must be a list of filters`, `filters.${op}`);
  if (list.length === 0) throw badRequest(`filters.${op} needs at least one filter`, `filters.${op}`);
  if (list.length > 100) throw badRequest(`filters.${op} may hold at most 100 filters`, `filters.${op}`);
  return { op, filters: list.map((f, i) => parseFilter(f, `filters.${op}[${i}]`)) };
}

function parseFilter(raw: unknown, path: string): ParsedFilter {
  if (!isPlainObject(raw)) throw badRequest(`${path} must be an object {attribute, relation, value}`, path);
  for (const key of Object.keys(raw)) {
    if (key !== 'attribute' && key !== 'relation' && key !== 'value') throw badRequest(`Unknown field "${key}" in ${path}`, `${path}.${key}`);
  }
  const { attribute, relation, value } = raw;
  if (typeof attribute !== 'string' || attribute === '') throw badRequest(`${path}.attribute is required`, `${path}.attribute`);
  if (typeof relation !== 'string' || relation === '') throw badRequest(`${path}.relation is required`, `${path}.relation`);
  if (value === undefined) throw badRequest(`${path}.value is required`, `${path}.value`);
  const attr = findAttribute(attribute);
  if (!attr) throw badRequest(`Unknown attribute "${attribute}"`, `${path}.attribute`);
  if (!isRelation(relation)) throw badRequest(`Unknown relation "${relation}"`, `${path}.relation`);
  const problem = filterValueProblem(attr, relation, value);
  if (problem) throw badRequest(problem, attr.relations.includes(relation) ? `${path}.value` : `${path}.relation`);
  return { attribute, relation, value };
}

type Predicate = (c: SandboxCompany) => boolean;

function compileFilter(filter: ParsedFilter): Predicate {
  const test = conditionTest(filter);
  return (c) => test(c as unknown as Record<string, unknown>);
}

export function compileSearch(search: ParsedSearch): Predicate {
  const preds = search.filters.map(compileFilter);
  const [only] = preds;
  if (only && preds.length === 1) return only;
  return search.op === 'and' ? (c) => preds.every((p) => p(c)) : (c) => preds.some((p) => p(c));
}
