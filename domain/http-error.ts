import type * as v from 'valibot';

/** The one error body of docs/api.md: every non-2xx answer from /api/* has this shape. */
export interface ErrorBody {
  error: string;
  issues?: FieldIssue[];
}

export interface FieldIssue {
  path: string;
  message: string;
}

export const VALIDATION_ERROR_MESSAGE = 'Please check the highlighted fields.';
export const INVALID_ADMIN_KEY_MESSAGE = 'Invalid admin key';

/** Flattens valibot issues to one message per field, first message wins. */
export function fieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const path = (issue.path ?? [])
      .map((p) => String((p as { key: unknown }).key))
      .join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: issue.message });
  }
  return out;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}
