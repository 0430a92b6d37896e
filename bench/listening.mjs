// Issue 7, the Listening figure of `npm run bench` (bench/run.mjs): what an hour on the radio
// page costs in now-playing bytes, counted on the socket.
import http from 'node:http';
import { kb } from './first-visit-size.mjs';
import { BENCH_ADMIN_KEY } from './lib/compiled-server.mjs';
import { openStream, rawRequest } from './lib/raw-http.mjs';

export async function listening(base, { row, notes }) {
  // Issue 7: an hour on the radio page costs at most 15 KB of now-playing updates. The app
  // loads GET /api/np once, then holds GET /api/np/events open (changes pushed, a comment
  // heartbeat every 25 s). The bench points watzhott at a local AzuraCast-style upstream on
  // 127.0.0.1 with a full 20-song history (the largest answer), changes its song, and counts
  // the bytes each part costs on the socket. The server's own intervals apply (heartbeat 25 s,
  // upstream asked every 10 s, a new answer pushed at once), so this step takes about 30 s;
  // NP_EVENTS_HEARTBEAT_MS / NP_EVENTS_CHECK_MS in the bench's environment reach the server
  // and shorten it.
  const admin = { 'x-admin-key': BENCH_ADMIN_KEY };
  const heartbeatMs = Number(process.env.NP_EVENTS_HEARTBEAT_MS || 25_000);

  const SONGS = [
    ['Machel Montano', 'Like Ah Boss'], ['Bunji Garlin', 'Differentology'], ['Destra Garcia', 'Lucy'], ['Kes', 'Hello'],
    ['Patrice Roberts', 'Big Bad Soca'], ['Skinny Fabulous', 'Famalay'], ['Voice', 'Far From Finished'], ['Nailah Blackman', 'Baddish'],
    ['Lyrikal', 'Freedom'], ['Olatunji', 'Ola'], ['Sherwin Gardner', 'Excess Love'], ['Jason Nelson', 'Shifting the Atmosphere'],
    ['Papa San', 'Step Pon Di Devil'], ['Chronixx', 'Smile Jamaica'], ['Alison Hinds', 'Roll It Gal'], ['Iwer George', 'Carnival Come Back Again'],
    ['Farmer Nappy', 'Backyard Jam'], ['Mical Teja', 'DNA'], ['Erphaan Alves', 'Trust Me'], ['Nadia Batson', 'Advantage'],
    ['Shal Marshall', 'Po Po Po'], ['Ricardo Drue', 'Vagabond'], ['Kerwin Du Bois', 'Bacchanalist'],
  ];
  let playing = 0;
  const started = Math.floor(Date.now() / 1000);
  const entry = (i, playedAt) => {
    const [artist, title] = SONGS[i % SONGS.length];
    return { played_at: playedAt, song: { id: `song${i}`, text: `${artist} - ${title}`, artist, title, art: `https://radio.example.org/api/station/watzhott/art/song${i}-1767600000.jpg` } };
  };
  const doc = () => ({
    station: { id: 1, name: 'Watzhott', shortcode: 'watzhott' },
    listeners: { total: 52, unique: 50, current: 50 },
    now_playing: entry(playing + 20, started + playing * 240),
    song_history: Array.from({ length: 20 }, (_, k) => entry(playing + 19 - k, started + (playing - k - 1) * 240)),
  });
  const upstream = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(doc())));
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const npJsonUrl = `http://127.0.0.1:${upstream.address().port}/api/nowplaying/watzhott`;

  const settings = await (await fetch(`${base}/api/settings`, { headers: admin })).json();
  delete settings.tenant;
  const put = (data) => fetch(`${base}/api/settings`, { method: 'PUT', headers: { ...admin, 'Content-Type': 'application/json' }, body: JSON.stringify(data) });
  if (!(await put({ ...settings, npJsonUrl })).ok) throw new Error('could not set npJsonUrl');
  const streams = [];
  try {
    const full = await rawRequest(base, '/api/np', { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    const head = full.subarray(0, full.indexOf('\r\n\r\n')).toString('latin1');
    const etag = /\r\netag: *(.+)/i.exec(head)?.[1]?.trim();
    if (!etag || !full.includes(Buffer.from('\r\n\r\n'))) throw new Error('/api/np sent no ETag');

    // As the app opens it: with the ETag of the answer it already has, so nothing is resent.
    const live = await openStream(base, `/api/np/events?lastEventId=${encodeURIComponent(etag)}`);
    streams.push(live);
    if (live.headers['content-type'] !== 'text/event-stream') throw new Error(`stream type ${live.headers['content-type']}`);
    const opening = await live.next((t) => t.startsWith('retry:'), 5_000, 'the stream to open');
    // The stream's first change is the whole answer (its gzip window is still empty); every
    // later one mostly points back at the answer before it.
    const isEvent = (t) => /^data: /m.test(t);
    playing += 1;
    const first = await live.next(isEvent, 30_000, 'a song change event');
    if (!first.text.includes(SONGS[(playing + 20) % SONGS.length][1])) throw new Error('the change event is not the new song');
    playing += 1;
    const change = await live.next(isEvent, 30_000, 'a second song change event');
    if (!change.text.includes(SONGS[(playing + 20) % SONGS.length][1])) throw new Error('the change event is not the new song');
    const heartbeat = live.blocks.find((b) => b.text === ':\n\n') ?? (await live.next((t) => t === ':\n\n', heartbeatMs + 10_000, 'a heartbeat'));
    const changeId = /^id: (.*)$/m.exec(change.text)?.[1];
    const unexpected = live.blocks.filter((b) => b !== opening && b !== first && b !== change && b.text !== ':\n\n');
    if (unexpected.length) throw new Error(`unexpected events: ${unexpected.map((b) => b.text.slice(0, 40)).join(' | ')}`);

    // One reconnect, counted at its worst: the song changed while it was away, so the answer
    // comes whole in a fresh gzip stream. (With nothing missed it is headers and retry only.)
    const missed = await openStream(base, '/api/np/events', { 'Last-Event-ID': 'W/"stale"' });
    streams.push(missed);
    const reconnect = await missed.next((t) => t.includes('data: '), 5_000, 'the reconnect event');
    const caughtUp = await openStream(base, '/api/np/events', { 'Last-Event-ID': changeId });
    streams.push(caughtUp);
    const quiet = await caughtUp.next((t) => t.startsWith('retry:'), 5_000, 'the quiet reconnect');
    const reconnectBytes = missed.blocks[0].bytes + reconnect.bytes;

    // A reconnect that missed nothing costs its opening, and then its first change is whole
    // again: about what the reconnect counted here costs, so one term covers both.
    const hour = full.length + opening.bytes + 144 * heartbeat.bytes + first.bytes + 14 * change.bytes + reconnectBytes;
    row(
      'Listening: now-playing bytes per hour',
      '≤ 15 KB',
      `${kb(hour)} (${full.length} B first GET /api/np + ${opening.bytes} B stream opening + 144 × ${heartbeat.bytes} B heartbeat + ${first.bytes} B first song change + 14 × ${change.bytes} B song change + 1 × ${reconnectBytes} B reconnect)`,
      hour <= 15 * 1024,
    );
    notes.push(
      `Listening: bytes as received on the socket (status line, headers, chunk framing, body); request bytes and TLS are not counted. ` +
        `Upstream: AzuraCast-style with a 20-song history (answer ${JSON.parse(change.text.slice(change.text.indexOf('data: ') + 6)).history.length} entries, ` +
        `${change.text.length} B per event before gzip). The stream is gzipped per connection with a sync flush after each event, so a change costs what differs from the previous one. ` +
        `Stream headers: ${Object.keys(live.headers).join(', ')}. A reconnect that missed nothing: ${quiet.bytes} B. ` +
        `A change of the listener count alone waits at least 60 s after the last event (≤ 60 an hour, each smaller than a song change).`,
    );
  } finally {
    for (const s of streams) s.close();
    await put(settings);
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
}
