/** What the Network Information API tells about the connection, where the browser has it. */
export interface ConnectionLike {
  effectiveType?: string;
  saveData?: boolean;
}

/**
 * hls.js startLevel: 0 (the lowest rendition) on a slow or data-saving connection, so the
 * first seconds of video neither stall nor burn a prepaid bundle; -1 (hls.js measures and
 * picks) otherwise.
 */
export function hlsStartLevel(connection: ConnectionLike | undefined): number {
  if (!connection) return -1;
  if (connection.saveData) return 0;
  return ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '') ? 0 : -1;
}
