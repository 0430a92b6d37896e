import type { Artist, ArtistFilter } from '../../../domain/artists';
import { GENRES } from '../../../domain/catalog';
import { COUNTRY_CODES, isCountryCode } from '../../../domain/countries';
import { adminDeleteWithFiles, changeDoc, moderationVerb, moderationWord, publicSubmitDoc, withActivity, type Collection } from '../../http/admin-crud';
import { notFound, unauthorized } from '../../http/errors';
import { ADMIN_LIST_HEADERS, APPROVED_QUERY, LIST_QUERY, operationsWith } from '../../http/operation';
import { answerList, type ListOrder } from '../../http/paging';
import { queryBoolean, queryString } from '../../http/validate';
import { artistsRepository } from './artists.repository';

/** Search box text: trimmed, bounded; unlike select filters, 'all' is searched literally. */
function searchText(value: unknown): string | undefined {
  const s = Array.isArray(value) ? value[0] : value;
  if (typeof s !== 'string') return undefined;
  const t = s.trim().slice(0, 100);
  return t === '' ? undefined : t;
}

const BY_NAME: ListOrder<Artist> = { key: (r) => [r.name], dirs: ['asc'], id: (r) => r.id };

const ARTISTS: Collection<Artist> = { path: '/api/artists', tag: 'artists', component: 'Artist', area: 'moderation', type: 'artist', label: (a) => a.name, notFoundMessage: 'Artist not found' };

const op = operationsWith((deps) => ({ deps, artists: artistsRepository(deps.db) }), { tag: 'artists' });

/** docs/api.md, Artists. */
export const ARTISTS_OPERATIONS = [
  op({
    method: 'get', path: '/api/artists', summary: 'List artists',
    description: 'Visitors: approved artists only, whatever is asked (`approved=false` is a 401). Admins: filtered as asked, all without `approved`. Unknown countries and genres are ignored.',
    access: 'visitor-or-admin',
    query: [
      APPROVED_QUERY,
      { name: 'country', description: 'Country code.', schema: { type: 'string', enum: [...COUNTRY_CODES] } },
      { name: 'q', description: 'Search in name and bio.', schema: { type: 'string', maxLength: 100 } },
      { name: 'genre', description: 'Artists with an approved track of this genre.', schema: { type: 'string', enum: [...GENRES] } },
      ...LIST_QUERY,
    ],
    responses: { 200: { description: 'Artists, newest first.', json: { listOf: 'Artist' }, headers: ADMIN_LIST_HEADERS } },
    handle: async (ctx, { artists }) => {
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
    },
  }),
  op({
    method: 'get', path: '/api/artists/{id}', summary: 'One artist',
    access: 'visitor-or-admin',
    responses: { 200: { description: 'The artist.', json: 'Artist' }, 404: { description: 'Missing, or not approved and asked by a visitor.', json: 'Error' } },
    handle: async (ctx, { artists }) => {
      const artist = await artists.find(ctx.params.id!);
      if (!artist || (!artist.approved && !ctx.state.isAdmin)) throw notFound('Artist not found');
      ctx.body = artist;
    },
  }),
  op({
    ...publicSubmitDoc(ARTISTS, 'Submit an artist', 'NewArtist', 'Stored pending: approved and featured false.'),
    handle: async (ctx, { deps, artists }, input) => {
      ctx.status = 201;
      ctx.body = await artists.create(input, deps.now());
    },
  }),
  op({
    ...changeDoc(ARTISTS, 'Moderate an artist', 'ArtistModeration'),
    handle: async (ctx, { deps }, change) => {
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
    },
  }),
  // Spam clean-up: the artist, its tracks and the files they uploaded go together.
  adminDeleteWithFiles(op, ARTISTS, { summary: 'Delete an artist', description: "Its tracks and the row's uploaded files go with it." }, async (trx, ctx) => {
    const repository = artistsRepository(trx);
    const artist = await repository.find(ctx.params.id!);
    const gone = artist && (await repository.remove(artist.id));
    return artist && gone ? { item: artist, fileUrls: gone.fileUrls } : null;
  }),
];
