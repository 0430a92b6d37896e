// The audio rates server and app share (docs/renditions.md, docs/product.md's guidelines). No
// imports: the player and the bar are on every first visit, and a schema file would bring
// valibot into it (2.6 KB brotli more on `/`).

/** docs/product.md guidelines: an artist's audio is at least this; the player assumes it for a track that does not say. */
export const MIN_AUDIO_KBPS = 128;
/** The low-bitrate rendition of a track that Low Data Mode plays, about a third of a 128 kbps original. */
export const TRACK_LOW_DATA_KBPS = 48;
