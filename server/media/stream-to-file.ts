import fs from 'node:fs';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `source` (through `through`, if given) into a new file at `filePath`, and settles only
 * once that file is closed. Node's pipeline rejects as soon as the source breaks, even while the
 * write stream is still opening its file; the file would then be created after the caller
 * deleted it (docs/uploads.md "Nothing leaks").
 */
export async function streamToFile(filePath: string, source: Readable, through?: Transform): Promise<void> {
  const file = fs.createWriteStream(filePath);
  const closed = new Promise<void>((resolve) => file.once('close', () => resolve()));
  try {
    await (through ? pipeline(source, through, file) : pipeline(source, file));
  } finally {
    await closed;
  }
}
