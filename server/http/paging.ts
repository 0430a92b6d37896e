import type { AppContext } from './context';
import { badRequest } from './errors';

/**
 * docs/api.md, Lists and deletes: every list route takes `limit` (1–100) and `cursor`. With
 * `limit` the answer is still a JSON array, at most `limit` rows in the route's usual order,
 * and `Link: <…>; rel="next"` names the next page while more rows follow. Without `limit`,
 * the whole list as before. Admin lists also send X-Total-Count (rows the query matches), so
 * a moderation tab can show its true pending count while it holds only 25 rows.
 *
 * The cursor is opaque to clients: the last row's sort key and id. A page starts after that
 * row where it still is, or after where it would sort if it was deleted meanwhile (an admin
 * deleting the rows of one page must not make the next page skip rows).
 */
export interface ListOrder<T> {
  /** The sort key of a row, compared field by field. */
  key: (row: T) => readonly (string | number | boolean | null)[];
  /** Direction of each key field; the id is always the last tiebreaker, ascending. */
  dirs: readonly ('asc' | 'desc')[];
  id: (row: T) => string;
}

export const MAX_PAGE = 100;

interface Cursor {
  k: (string | number | boolean | null)[];
  id: string;
}

interface PageRequest {
  limit: number;
  after: Cursor | null;
}

function pageRequest(ctx: AppContext): PageRequest | null {
  const rawLimit = ctx.query.limit;
  const rawCursor = ctx.query.cursor;
  if (rawLimit === undefined) {
    if (rawCursor !== undefined) throw badRequest('cursor needs limit');
    return null;
  }
  const limit = typeof rawLimit === 'string' && /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : NaN;
  if (!(limit >= 1 && limit <= MAX_PAGE)) throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE}`);
  if (rawCursor === undefined) return { limit, after: null };
  return { limit, after: decodeCursor(rawCursor) };
}

function decodeCursor(raw: unknown): Cursor {
  try {
    if (typeof raw !== 'string' || raw.length > 1000) throw new Error('shape');
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (!Array.isArray(parsed.k) || typeof parsed.id !== 'string') throw new Error('shape');
    return parsed;
  } catch {
    throw badRequest('cursor is not one this server gave');
  }
}

const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sets the answer of a list route: the whole list, or one page of it with its Link. */
export function answerList<T>(ctx: AppContext, rows: readonly T[], order: ListOrder<T>): void {
  if (ctx.state.isAdmin) ctx.set('X-Total-Count', String(rows.length));
  const page = pageRequest(ctx);
  if (!page) {
    ctx.body = rows;
    return;
  }
  let start = 0;
  if (page.after) {
    const after = page.after;
    const at = rows.findIndex((r) => order.id(r) === after.id);
    if (at >= 0) start = at + 1;
    else {
      // The cursor's row is gone: start at the first row that sorts after where it was.
      const sortsAfter = (r: T) => {
        const k = order.key(r);
        for (let i = 0; i < k.length; i++) {
          const c = compare(k[i], after.k[i]);
          if (c !== 0) return (order.dirs[i] === 'desc' ? -c : c) > 0;
        }
        return order.id(r) > after.id;
      };
      start = rows.findIndex(sortsAfter);
      if (start < 0) start = rows.length;
    }
  }
  const slice = rows.slice(start, start + page.limit);
  const last = slice[slice.length - 1];
  if (last !== undefined && start + page.limit < rows.length) {
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries(ctx.query)) {
      if (name === 'cursor' || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) next.append(name, v);
    }
    next.set('cursor', encodeCursor({ k: [...order.key(last)], id: order.id(last) }));
    ctx.set('Link', `<${ctx.path}?${next.toString()}>; rel="next"`);
  }
  ctx.body = slice;
}
