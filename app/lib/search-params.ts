/**
 * The few search parameters the route files declare, read by hand rather than with valibot
 * schemas (issue 29): route files are part of the entry every first visit downloads, and six
 * one-field schemas brought valibot's object and pipe machinery into it (about 1.5 KB brotli,
 * docs/performance.md, "The first visit at the wire"). Forms and the API's answers keep their
 * valibot schemas, loaded with the pages that use them.
 */

/** A parameter that is text whatever it looks like: the router parses `?q=123` as a number. */
export function textParam(value: unknown): string | undefined {
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** A string parameter of at most `maxLength` characters; anything else is dropped. */
export function stringParam(value: unknown, maxLength = Infinity): string | undefined {
  return typeof value === 'string' && value.length <= maxLength ? value : undefined;
}

/** One of `choices`; anything else is dropped. */
export function choiceParam<T extends string>(value: unknown, choices: readonly T[]): T | undefined {
  return choices.find((c) => c === value);
}

/** The parameters read, without those absent or dropped: as valibot's optional entries leave them out. */
export function present<T extends Record<string, unknown>>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Partial<T>;
}
