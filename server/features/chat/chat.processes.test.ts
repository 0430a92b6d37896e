import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CompiledServer } from '../../test/compiled-server';
import { putSettings } from '../../test/station-requests';
import { ADMIN_KEY, PG_URL } from '../../test/test-app';
import { useTwoProcesses } from '../../test/two-processes';
import { until } from '../../test/until';
import { openChatEvents } from '../../test/chat-events';

// Every process delivers every message: the change bus carries chat events by LISTEN/NOTIFY
// (docs/api.md "Live chat").
describe.skipIf(!PG_URL)('live chat: two server processes on one PostgreSQL [postgres]', () => {
  // A loaded machine (2 cores, parallel suites) can take more than the default 20 s to start one.
  const pair = useTwoProcesses('chat', {}, { startTimeoutMs: 90_000, setupTimeoutMs: 240_000 });

  it('a message posted on A reaches a listener on B, and its hiding too', async () => {
    const [a, b] = pair().servers as [CompiledServer, CompiledServer];
    const { put } = await putSettings(a.url, { streamUrl: 'https://stream.example.com/live', radioHtmlEmbed: '<p>on air</p>', enableChat: true });
    expect(put.status).toBe(200);

    const onB = await openChatEvents(b.url);
    const onA = await openChatEvents(a.url);
    try {
      const sent = await fetch(`${a.url}/api/chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-id': randomUUID(), 'x-forwarded-for': '10.9.9.9' },
        body: JSON.stringify({ name: 'Linden', text: 'Greetings from Linden' }),
      });
      expect(sent.status).toBe(201);
      const message = (await sent.json()) as { id: string };
      const seen = await until('the message on B', async () => onB.events.find((e) => e.event === 'message'), 5_000, 20);
      expect(seen.data).toEqual(message);
      // Once on A too: a process does not hear its own NOTIFY twice.
      await until('the message on A', async () => onA.events.some((e) => e.event === 'message'), 5_000, 20);
      expect(onA.events.filter((e) => e.event === 'message')).toHaveLength(1);

      const hidden = await fetch(`${b.url}/api/chat/messages/${message.id}`, { method: 'DELETE', headers: { 'x-admin-key': ADMIN_KEY } });
      expect(hidden.status).toBe(204);
      await until('the hiding on A', async () => onA.events.some((e) => e.event === 'hidden' && (e.data as { id: string }).id === message.id), 5_000, 20);
      expect(onB.events.filter((e) => e.event === 'message')).toHaveLength(1);
    } finally {
      onA.close();
      onB.close();
    }
  });
});
