import zlib from 'node:zlib';
import type { Snapshot } from './now-playing.hub';

/**
 * gzip for thousands of event streams at the cost of one (docs/now-playing-push.md).
 *
 * A zlib stream per listener costs ~50 KB of memory and a compression per listener per event.
 * Instead each stream is a gzip member whose deflate blocks come from here: every chunk is
 * compressed on its own and sync-flushed (byte-aligned, never final), so chunks can follow
 * each other in any stream. An event is compressed with the text that precedes it in the
 * stream (the previous event and the heartbeats since) as deflate's preset dictionary, so a
 * song change still costs only what differs from the previous answer; and as every stream
 * that received the same previous event at the same broadcast holds the same text, the
 * compressed bytes are made once per group of streams and written to all of them.
 * Per stream only the CRC-32 and length of what it was sent are kept, for the trailer.
 */
export interface GzipState {
  /** The last event this stream was sent, or null (then nothing is referred back to). */
  previous: Snapshot | null;
  /** Heartbeats sent since it. */
  beats: number;
  crc: number;
  size: number;
}

/** A gzip member header: deflate, no name, no time, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** deflate's window: nothing further back can be referred to. */
const WINDOW = 32 * 1024;
const MAX_KEPT = 256;

/** A non-final stored deflate block (RFC 1951 3.2.4): we are byte-aligned after every chunk. */
function stored(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0x00;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}
const HEARTBEAT = stored(Buffer.from(':\n\n'));
const FLUSHED: zlib.ZlibOptions = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 6 };

export function sharedGzip(eventText: (s: Snapshot) => string) {
  const kept = new Map<string, Buffer>();
  const heartbeat = ':\n\n';

  const compressed = (text: Buffer | string, dictionary: Buffer | null): Buffer =>
    zlib.deflateRawSync(text, dictionary ? { ...FLUSHED, dictionary: dictionary.length > WINDOW ? dictionary.subarray(-WINDOW) : dictionary } : FLUSHED);

  const remember = (map: Map<string, Buffer>, key: string, make: () => Buffer): Buffer => {
    let bytes = map.get(key);
    if (!bytes) {
      if (map.size >= MAX_KEPT) map.clear();
      bytes = make();
      map.set(key, bytes);
    }
    return bytes;
  };

  // The text of an event once per snapshot, not once per stream at every broadcast.
  const texts = new Map<string, Buffer>();
  const textOf = (snapshot: Snapshot): Buffer => remember(texts, snapshot.id, () => Buffer.from(eventText(snapshot)));

  const account = (state: GzipState, bytes: Buffer | string) => {
    state.crc = zlib.crc32(bytes, state.crc);
    state.size = (state.size + (typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length)) >>> 0;
  };

  return {
    header: HEADER,

    state: (): GzipState => ({ previous: null, beats: 0, crc: 0, size: 0 }),

    /**
     * A short chunk that refers to nothing (the retry line, a heartbeat), as a stored block:
     * smaller than a compressed and flushed one at these sizes, and made without a zlib
     * engine (one per retry line, of which there are thousands, left its native memory behind).
     */
    text(state: GzipState, text: string): Buffer {
      account(state, text);
      if (text === heartbeat) state.beats += 1;
      else {
        // Anything else ends what the next event may refer to.
        state.previous = null;
        state.beats = 0;
      }
      return text === heartbeat ? HEARTBEAT : stored(Buffer.from(text));
    },

    /** An event, compressed against the previous one (shared by every stream that holds it). */
    event(state: GzipState, snapshot: Snapshot): Buffer {
      const bytes = textOf(snapshot);
      const previous = state.previous;
      const beats = state.beats;
      account(state, bytes);
      state.previous = snapshot;
      state.beats = 0;
      const key = `${previous?.id ?? ''} ${beats} ${snapshot.id}`;
      return remember(kept, key, () => compressed(bytes, previous ? Buffer.concat([textOf(previous), Buffer.from(heartbeat.repeat(beats))]) : null));
    },

    /** The end of the member: a final empty block, then CRC-32 and length. */
    trailer(state: GzipState): Buffer {
      const tail = Buffer.alloc(10);
      tail[0] = 0x03; // a final, empty block with fixed codes
      tail[1] = 0x00;
      tail.writeUInt32LE(state.crc >>> 0, 2);
      tail.writeUInt32LE(state.size >>> 0, 6);
      return tail;
    },
  };
}
