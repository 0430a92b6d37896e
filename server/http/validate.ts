import * as v from 'valibot';
import { VALIDATION_ERROR_MESSAGE, fieldIssues } from '../../domain/http-error';
import { badRequest } from './errors';

/** Parses with a domain schema; failure is a 400 carrying docs/product.md#validation-messages's messages per field. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('Request body must be a JSON object');
  }
  const result = v.safeParse(schema, input);
  if (!result.success) {
    const issues = fieldIssues(result.issues);
    throw badRequest(issues.length === 1 ? issues[0]!.message : VALIDATION_ERROR_MESSAGE, issues);
  }
  return result.output;
}

/** 'true' / 'false' query values; anything else is no filter. */
export function queryBoolean(value: unknown): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** One string from a query value; 'all' and '' mean no filter (docs/product.md#validation-messages). */
export function queryString(value: unknown, max = 200): string | undefined {
  const s = Array.isArray(value) ? value[0] : value;
  if (typeof s !== 'string') return undefined;
  const t = s.trim();
  if (t === '' || t === 'all') return undefined;
  return t.slice(0, max);
}

/** PATCH semantics: the stored object with the sent fields laid over it, validated whole. */
export function mergePatch(current: object, patch: unknown): Record<string, unknown> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw badRequest('Request body must be a JSON object');
  }
  return { ...current, ...(patch as Record<string, unknown>) };
}
