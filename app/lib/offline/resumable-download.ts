// A download that survives a dropped connection (docs/product.md "Saved for offline"). No DOM
// here (fetch, Blob and AbortSignal are in every runtime), so server/test exercises it against
// a real HTTP server and bench/ measures it.

const MAX_QUIET_FAILURES = 40;

const pause = (attempt: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, Math.min(15_000, 1000 * 2 ** attempt));
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

/**
 * Downloads `url` whole, reporting progress; a dropped connection is resumed with an HTTP Range
 * request from the last byte that arrived (docs/product.md "survives a dropped connection").
 * A server that ignores Range (200) starts it over.
 */
export async function downloadResumable(
  url: string,
  expected: number,
  onProgress: (received: number, total: number, waiting: boolean) => void,
  signal: AbortSignal,
  options: { waitToRetry?: (attempt: number, signal: AbortSignal) => Promise<void>; fetcher?: typeof fetch } = {},
): Promise<{ blob: Blob; requests: number }> {
  const fetcher = options.fetcher ?? fetch;
  const wait = options.waitToRetry ?? pause;
  let chunks: Uint8Array[] = [];
  let received = 0;
  let total = expected;
  let type = 'application/octet-stream';
  let failures = 0;
  let requests = 0;
  for (;;) {
    try {
      requests += 1;
      const res = await fetcher(url, { headers: received > 0 ? { Range: `bytes=${received}-` } : {}, signal });
      if (received > 0 && res.status === 200) {
        chunks = [];
        received = 0;
      } else if (!res.ok || (received > 0 && res.status !== 206)) {
        throw new Error(`HTTP ${res.status}`);
      }
      type = res.headers.get('content-type') ?? type;
      const range = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
      const length = range ? Number(range[1]) : received + Number(res.headers.get('content-length') ?? 0);
      if (length > 0) total = length;
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        failures = 0;
        onProgress(received, total, false);
      }
      if (total === 0 || received >= total) break;
      throw new Error('connection closed early');
    } catch (err) {
      if (signal.aborted) throw err;
      failures += 1;
      if (failures > MAX_QUIET_FAILURES) throw err;
      onProgress(received, total, true);
      await wait(failures - 1, signal);
    }
  }
  return { blob: new Blob(chunks as unknown as ConstructorParameters<typeof Blob>[0], { type }), requests };
}

