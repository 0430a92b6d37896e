import Router from '@koa/router';
import { ArtistModerationSchema, NewArtistSchema, type ArtistFilter } from '../../../domain/artists';
import { GENRES } from '../../../domain/catalog';
import { isCountryCode } from '../../../domain/countries';
import { moderationVerb, moderationWord, withActivity } from '../../http/admin-crud';
import { requireAdmin } from '../../http/admin-key';
import { jsonBody } from '../../http/body';
import type { AppState, Deps } from '../../http/context';
import { notFound, unauthorized } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import { parseWith, queryBoolean, queryString } from '../../http/validate';
import { artistsRepository } from './artists.repository';
import { answerList, type ListOrder } from '../../http/paging';
import type { Artist } from '../../../domain/artists';
import { deleteUploadedFiles } from '../../media/media-files';

/** Search box text: trimmed, bounded; unlike select filters, 'all' is searched literally. */
function searchText(value: unknown): string | undefined {
  const s = Array.isArray(value) ? value[0] : value;
  if (typeof s !== 'string') return undefined;
  const t = s.trim().slice(0, 100);
  return t === '' ? undefined : t;
}

const BY_NAME: ListOrder<Artist> = { key: (r) => [r.name], dirs: ['asc'], id: (r) => r.id };

export function artistsRouter(deps: Deps): Router<AppState> {
  const artists = artistsRepository(deps.db);
  const router = new Router<AppState>({ prefix: '/api/artists' });

  router.get('/', async (ctx) => {
    const approved = queryBoolean(ctx.query.approved);
    if (!ctx.state.isAdmin && approved === false) throw unauthorized();
    const country = queryString(ctx.query.country);
    const genre = queryString(ctx.query.genre);
    const filter: ArtistFilter = {
      // Visitors see approved artists only, whatever they ask.
      approved: ctx.state.isAdmin ? approved : true,
      // pending=true (admin): the moderation queue, not approved and not yet reviewed.
      pending: ctx.state.isAdmin && queryBoolean(ctx.query.pending) === true,
      q: searchText(ctx.query.q),
    };
    // Unknown codes and genres are ignored (docs/product.md#validation-messages), not errors.
    if (isCountryCode(country)) filter.country = country;
    if (genre && (GENRES as readonly string[]).includes(genre)) filter.genre = genre;
    answerList(ctx, await artists.list(filter), BY_NAME);
  });

  router.get('/:id', async (ctx) => {
    const artist = await artists.find(ctx.params.id!);
    if (!artist || (!artist.approved && !ctx.state.isAdmin)) throw notFound('Artist not found');
    ctx.body = artist;
  });

  router.post('/', rateLimit(deps, 'POST /api/artists'), jsonBody(deps), idempotent(deps), async (ctx) => {
    const input = parseWith(NewArtistSchema, ctx.state.body);
    ctx.status = 201;
    ctx.body = await artists.create(input, deps.now());
  });

  router.patch('/:id', requireAdmin(deps, 'moderation'), jsonBody(deps), async (ctx) => {
    const change = parseWith(ArtistModerationSchema, ctx.state.body);
    ctx.body = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const artist = await artistsRepository(trx).moderate(ctx.params.id!, change, deps.now());
        if (!artist) throw notFound('Artist not found');
        return artist;
      },
      (a) => ({ action: `artist.${moderationVerb(change.approved)}`, target: { type: 'artist', id: a.id }, summary: `${moderationWord(change.approved)} artist ${a.name}` }),
    );
  });

  // Spam clean-up: the artist, its tracks and the files they uploaded go together.
  router.delete('/:id', requireAdmin(deps, 'moderation'), async (ctx) => {
    const removed = await withActivity(
      deps,
      ctx,
      async (trx) => {
        const repository = artistsRepository(trx);
        const artist = await repository.find(ctx.params.id!);
        const gone = artist && (await repository.remove(artist.id));
        if (!artist || !gone) throw notFound('Artist not found');
        return { artist, fileUrls: gone.fileUrls };
      },
      ({ artist }) => ({ action: 'artist.delete', target: { type: 'artist', id: artist.id }, summary: `deleted artist ${artist.name}` }),
    );
    // After the commit: a rolled-back delete must not have lost its files.
    await deleteUploadedFiles(deps, removed.fileUrls);
    ctx.status = 204;
  });

  return router;
}
