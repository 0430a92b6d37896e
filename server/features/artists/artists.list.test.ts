import { expect, it } from 'vitest';
import * as v from 'valibot';
import { ArtistSchema, type Artist } from '../../../domain/artists';
import { artistRequests, token, ids } from '../../test/artist-requests';
import { describeEachEngine, freshAddress } from '../../test/test-app';

// GET /api/artists: who sees which artists, and the country, search and genre filters.
describeEachEngine('artists: lists', (t) => {
  const { visitorGet, adminGet, createArtist, approvedArtist, track } = artistRequests(t);

  // ---------------------------------------------------------------- GET list

  it('shows visitors approved artists only, whatever the query; approved=false is 401 for them', async () => {
    const tag = token();
    const pending = await createArtist({ name: `Pending ${tag}` });
    const approved = await approvedArtist({ name: `Approved ${tag}` });

    for (const query of ['', '&approved=true', '&approved=all', '&approved=', '&approved=1']) {
      const res = await visitorGet(`/api/artists?q=${tag}${query}`);
      expect(res.status, query).toBe(200);
      expect(ids(res.body), query).toEqual([approved.id]);
    }
    const plain = await visitorGet('/api/artists');
    expect(plain.body.every((a: Artist) => a.approved)).toBe(true);
    expect(ids(plain.body)).not.toContain(pending.id);

    const asked = await visitorGet(`/api/artists?approved=false`);
    expect(asked.status).toBe(401);
    expect(asked.body).toEqual({ error: 'Invalid admin key' });
  });

  it('lets an admin filter approved=true / approved=false, and lists all when approved is absent', async () => {
    const tag = token();
    const pending = await createArtist({ name: `Pending ${tag}` });
    const approved = await approvedArtist({ name: `Approved ${tag}` });

    const all = await adminGet(`/api/artists?q=${tag}`);
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([approved.id, pending.id].sort());

    const onlyApproved = await adminGet(`/api/artists?q=${tag}&approved=true`);
    expect(ids(onlyApproved.body)).toEqual([approved.id]);

    const onlyPending = await adminGet(`/api/artists?q=${tag}&approved=false`);
    expect(ids(onlyPending.body)).toEqual([pending.id]);

    const unfiltered = await adminGet('/api/artists?approved=false');
    expect(unfiltered.body.length).toBeGreaterThan(0);
    expect(unfiltered.body.every((a: Artist) => !a.approved)).toBe(true);
    for (const a of unfiltered.body) expect(v.is(ArtistSchema, a)).toBe(true);
  });

  it('answers 401 to a wrong key on the public list (never silently ignored)', async () => {
    const res = await t().http().get('/api/artists').set('X-Forwarded-For', freshAddress()).set('x-admin-key', 'not-the-key');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid admin key' });
  });

  it('filters by country; "all" and unknown codes mean no filter', async () => {
    const tag = token();
    const jm = await approvedArtist({ name: `Jam ${tag}`, countryCode: 'JM' });
    const tt = await approvedArtist({ name: `Trini ${tag}`, countryCode: 'TT' });
    const pendingJm = await createArtist({ name: `Pending Jam ${tag}`, countryCode: 'JM' });

    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=JM`)).body)).toEqual([jm.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=TT`)).body)).toEqual([tt.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=BS`)).body)).toEqual([]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=all`)).body)).toEqual([jm.id, tt.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${tag}&country=XX`)).body)).toEqual([jm.id, tt.id].sort());
    expect(ids((await adminGet(`/api/artists?q=${tag}&country=JM`)).body)).toEqual([jm.id, pendingJm.id].sort());
    expect(ids((await adminGet(`/api/artists?q=${tag}&country=JM&approved=false`)).body)).toEqual([pendingJm.id]);

    const wholeCountry = await visitorGet('/api/artists?country=JM');
    expect(wholeCountry.body.length).toBeGreaterThan(0);
    expect(wholeCountry.body.every((a: Artist) => a.countryCode === 'JM' && a.approved)).toBe(true);
  });

  it('searches name OR bio, case-insensitively', async () => {
    const tag = token();
    const byName = await approvedArtist({ name: `Kes ${tag.toUpperCase()} Band`, bio: 'From Trinidad' });
    const byBio = await approvedArtist({ name: 'Somebody Else', bio: `Sings with ${tag} every carnival` });
    await approvedArtist({ name: 'Unrelated', bio: 'Nothing to see' });

    expect(ids((await visitorGet(`/api/artists?q=${tag}`)).body)).toEqual([byName.id, byBio.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${tag.toUpperCase()}`)).body)).toEqual([byName.id, byBio.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`  ${tag}  `)}`)).body)).toEqual(
      [byName.id, byBio.id].sort(),
    );
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`Kes ${tag}`)}`)).body)).toEqual([byName.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}zzz`)).body)).toEqual([]);
  });

  it('matches accented names case-insensitively too', async () => {
    const tag = token();
    const artist = await approvedArtist({ name: `ÉLODIE ${tag}`, bio: 'Chanteuse de Sainte-Lucie' });
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`élodie ${tag}`)}`)).body)).toEqual([artist.id]);
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`Élodie ${tag}`)}`)).body)).toEqual([artist.id]);
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`ÉLODIE ${tag}`)}`)).body)).toEqual([artist.id]);
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`SAINTE-LUCIE`)}&country=all`)).body)).toContain(artist.id);
    // A decomposed É (E + combining acute) is the same letter.
    expect(ids((await visitorGet(`/api/artists?q=${encodeURIComponent(`e\u0301lodie ${tag}`)}`)).body)).toEqual([artist.id]);
  });

  it('treats LIKE wildcards and backslashes in q as literal characters', async () => {
    const tag = token();
    const percent = await approvedArtist({ name: `100% ${tag}`, bio: 'Percent' });
    const underscore = await approvedArtist({ name: `DJ_${tag}`, bio: 'Underscore' });
    const backslash = await approvedArtist({ name: `Back\\slash ${tag}`, bio: 'Backslash' });
    const plain = await approvedArtist({ name: `DJX${tag} 1000`, bio: 'Plain' });

    const search = async (q: string) => ids((await visitorGet(`/api/artists?q=${encodeURIComponent(q)}`)).body);
    expect(await search(`% ${tag}`)).toEqual([percent.id]);
    expect(await search(`_${tag}`)).toEqual([underscore.id]);
    expect(await search(`DJ_${tag}`)).toEqual([underscore.id]);
    expect(await search(`\\slash ${tag}`)).toEqual([backslash.id]);
    expect(await search(`DJX${tag}`)).toEqual([plain.id]);
    // A bare wildcard matches only names/bios that contain it.
    const allPercent = await search('%');
    expect(allPercent).toContain(percent.id);
    expect(allPercent).not.toContain(plain.id);
    const allUnderscore = await search('_');
    expect(allUnderscore).toContain(underscore.id);
    expect(allUnderscore).not.toContain(plain.id);
  });

  it('searches the word "all" literally rather than treating it as no filter', async () => {
    const tag = token();
    const ally = await approvedArtist({ name: `Allison ${tag}`, bio: 'x' });
    const other = await approvedArtist({ name: `Bob ${tag}`, bio: 'y' });
    const res = await visitorGet(`/api/artists?q=all`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toContain(ally.id);
    expect(ids(res.body)).not.toContain(other.id);
  });

  it('matches a genre only through an APPROVED track of that genre', async () => {
    const tag = token();
    const withApproved = await approvedArtist({ name: `Approved Soca ${tag}` });
    const withPending = await approvedArtist({ name: `Pending Soca ${tag}` });
    const withRejected = await approvedArtist({ name: `Rejected Soca ${tag}` });
    const otherGenre = await approvedArtist({ name: `Reggae Only ${tag}` });
    const none = await approvedArtist({ name: `No Tracks ${tag}` });
    await track(withApproved.id, 'Soca', 'approved');
    await track(withApproved.id, 'Soca', 'rejected');
    await track(withPending.id, 'Soca', 'pending');
    await track(withRejected.id, 'Soca', 'rejected');
    await track(withRejected.id, 'Reggae', 'approved');
    await track(otherGenre.id, 'Reggae', 'approved');

    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Soca`)).body)).toEqual([withApproved.id]);
    expect(ids((await adminGet(`/api/artists?q=${tag}&genre=Soca`)).body)).toEqual([withApproved.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Reggae`)).body)).toEqual([withRejected.id, otherGenre.id].sort());
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Jazz`)).body)).toEqual([]);
    const everyone = [withApproved, withPending, withRejected, otherGenre, none].map((a) => a.id).sort();
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=all`)).body)).toEqual(everyone);
    expect(ids((await visitorGet(`/api/artists?q=${tag}`)).body)).toEqual(everyone);
  });

  it('handles genres with spaces and ampersands, combined with country', async () => {
    const tag = token();
    const rnb = await approvedArtist({ name: `RnB ${tag}`, countryCode: 'BZ' });
    const steel = await approvedArtist({ name: `Pan ${tag}`, countryCode: 'TT' });
    await track(rnb.id, 'R&B', 'approved');
    await track(steel.id, 'Steel Drum', 'approved');
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('R&B')}`)).body)).toEqual([rnb.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('Steel Drum')}`)).body)).toEqual([steel.id]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('Steel Drum')}&country=BZ`)).body)).toEqual([]);
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=${encodeURIComponent('R&B')}&country=BZ`)).body)).toEqual([rnb.id]);
  });

  it('never leaks a pending artist to a visitor through the genre filter', async () => {
    const tag = token();
    const pending = await createArtist({ name: `Hidden ${tag}` });
    await track(pending.id, 'Gospel', 'approved');
    expect(ids((await visitorGet(`/api/artists?q=${tag}&genre=Gospel`)).body)).toEqual([]);
    expect(ids((await adminGet(`/api/artists?q=${tag}&genre=Gospel`)).body)).toEqual([pending.id]);
  });

});
