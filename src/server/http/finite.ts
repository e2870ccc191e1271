/**
 * Refuses requests whose coerced numbers are not finite: ajv's type coercion turns a form value
 * like `1e309` or `Infinity` into Infinity, which then slips past minimum/maximum checks.
 */
import { badRequest } from './envelope.ts';

export async function refuseNonFiniteNumbers(req: {
  query: unknown;
  body: unknown;
}): Promise<void> {
  if (hasNonFinite(req.query) || hasNonFinite(req.body)) badRequest('参数格式不正确');
}

function hasNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value && typeof value === 'object') return Object.values(value).some(hasNonFinite);
  return false;
}
