import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompiledServer, type CompiledServer } from '../../test/compiled-server';
import { wav, wavOfSize } from '../../test/media-fixtures';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { PG_URL } from '../../test/test-app';
import { useBuildAndDatabase } from '../../test/two-processes';

// docs/uploads.md "Storage that outgrows one disk": two compiled server processes, each with
// its own data directory, on one PostgreSQL database and one S3 bucket (s3rver). A file
// uploaded through one is served by the other; a resumable upload started on one is finished
// on the other. Skipped (reported) without TEST_DATABASE_URL.

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL and one bucket', () => {
  const made = useBuildAndDatabase('radio-two-', 'uploads');
  const servers: CompiledServer[] = [];
  let s3: TestS3;

  beforeAll(async () => {
    s3 = await startTestS3();
    // One after the other: the first migrates, the second finds the schema made.
    for (const name of ['a', 'b']) servers.push(await start(name, made().database.url));
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.child.exitCode !== null ? resolve(null) : s.child.once('exit', resolve)))));
    await s3?.close();
  }, 60_000);

  /** What both processes printed lately: an unexpected status says why in their log. */
  const logs = () => servers.map((s, i) => `server ${'ab'[i]}:\n${s.output().slice(-3000)}`).join('\n');

  function start(name: string, databaseUrl: string): Promise<CompiledServer> {
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'off',
      ADMIN_KEY: 'two-process-admin-key-0123',
      UPLOAD_DIR: path.join(made().dir, `data-${name}`, 'uploads'),
      ...s3.env,
    };
    return startCompiledServer(made().entry, env, { name, timeoutMs: 30_000 });
  }

  it('a file uploaded through one process is served by the other', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const data = wav(44100, 2, 16, 0.2);
    const form = new FormData();
    form.append('file', new Blob([data], { type: 'audio/wav' }), 'song.wav');
    const res = await fetch(a.url + '/api/uploads', { method: 'POST', body: form });
    expect(res.status, logs()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const served = await fetch(b.url + url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    const part = await fetch(b.url + url, { headers: { Range: 'bytes=0-43' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(0, 44))).toBe(true);
  });

  it('a resumable upload started on one process is finished on the other', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const data = wavOfSize(400_004);
    const tus = { 'Tus-Resumable': '1.0.0' };
    const meta = `filename ${Buffer.from('song.wav').toString('base64')},purpose ${Buffer.from('track').toString('base64')}`;
    const created = await fetch(a.url + '/api/uploads/resumable', {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(data.length), 'Upload-Metadata': meta },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    // The token one process handed out holds on the other (docs/uploads.md "Ownership").
    const owned = { ...tus, 'Upload-Token': created.headers.get('upload-token')! };
    const first = await fetch(a.url + location, {
      method: 'PATCH',
      headers: { ...owned, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: data.subarray(0, 150_000),
    });
    expect(first.status, logs()).toBe(204);

    expect((await fetch(b.url + location, { method: 'HEAD', headers: tus })).status).toBe(404);
    const head = await fetch(b.url + location, { method: 'HEAD', headers: owned });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('150000');
    const last = await fetch(b.url + location, {
      method: 'PATCH',
      headers: { ...owned, 'Upload-Offset': '150000', 'Content-Type': 'application/offset+octet-stream' },
      body: data.subarray(150_000),
    });
    expect(last.status, logs()).toBe(204);
    const url = last.headers.get('upload-url')!;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.wav$/);
    const served = await fetch(a.url + url);
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
    // Either process answers a late HEAD with the finished URL (the database knows it).
    const late = await fetch(a.url + location, { method: 'HEAD', headers: owned });
    expect(late.headers.get('upload-url')).toBe(url);
  });
});
