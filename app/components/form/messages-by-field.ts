import * as v from 'valibot';
import { fieldIssues } from '../../../domain/http-error';

/**
 * What a schema says of a value, one message per field ('imageUrl' → 'Valid image URL is
 * required'), keyed as the form names its fields (the schema's path where it names none); empty when the value passes. The forms'
 * tests read what the shared schemas tell each input with it.
 */
export function messagesByField(
  schema: v.GenericSchema,
  value: unknown,
  fieldOf: (path: string) => string | undefined = (path) => path,
): Record<string, string> {
  const result = v.safeParse(schema, value);
  return Object.fromEntries(fieldIssues(result.issues ?? []).map((i) => [fieldOf(i.path) ?? i.path, i.message]));
}
