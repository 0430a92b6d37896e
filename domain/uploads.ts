// docs/uploads.md and docs/api.md "Uploads": the largest file of each kind the server takes.
// The server's limits start from these (server/config.ts) and the app checks the same before
// sending, so a phone never spends its data on a file that will be refused.

const MB = 1024 * 1024;

export const UPLOAD_MAX_BYTES = {
  /** An artist's track (and any audio without a purpose). */
  audio: 20 * MB,
  image: 5 * MB,
  /** A voice shoutout. */
  shoutout: 10 * MB,
} as const;

/** Whole megabytes, as the limits' messages say them ('20 MB'). */
export const megabytes = (bytes: number): number => Math.round(bytes / MB);
