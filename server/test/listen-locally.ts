import type http from 'node:http';

/** Starts `server` on a free port of 127.0.0.1 and answers its base URL (no trailing slash). */
export async function listenLocally(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
