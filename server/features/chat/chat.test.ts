import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { CHAT_MESSAGES, ChatMessageSchema } from '../../../domain/chat';
import { describeWithPeople } from '../../test/admin-people';
import { ADMIN_KEY, freshAddress, type TestApp } from '../../test/test-app';
import { until } from '../../test/until';
import { openChatEvents } from '../../test/chat-events';

describeWithPeople(
  'live chat',
  (t, { asMember, member }) => {
    const device = () => randomUUID();
    const send = (body: object, opts: { device?: string; address?: string; key?: string } = {}) => {
      const req = t()
        .http()
        .post('/api/chat/messages')
        .set('X-Forwarded-For', opts.address ?? freshAddress())
        .set('X-Device-Id', opts.device ?? device());
      if (opts.key) req.set('Idempotency-Key', opts.key);
      return req.send(body);
    };
    const list = async () => (await t().http().get('/api/chat/messages')).body as { id: string; text: string; pinned: boolean; host: boolean }[];
    const asKey = <R extends { set(k: string, v: string): R }>(req: R) => req.set('x-admin-key', ADMIN_KEY).set('X-Forwarded-For', freshAddress());

    async function setSettings(app: TestApp, patch: Record<string, unknown>) {
      const current = (await asKey(app.http().get('/api/settings'))).body as Record<string, unknown>;
      delete current.tenant;
      const res = await asKey(app.http().put('/api/settings')).send({ ...current, streamUrl: 'https://stream.example.com/live', radioHtmlEmbed: '<p>on air</p>', ...patch });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const chatOn = () => setSettings(t(), { enableChat: true, chatSlowModeSeconds: 0, chatWordList: '' });

    it('is off until enableChat: 404 with the reason', async () => {
      await setSettings(t(), { enableChat: false });
      const res = await t().http().get('/api/chat/messages');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(CHAT_MESSAGES.disabled);
      expect((await send({ name: 'Ann', text: 'Hello' })).status).toBe(404);
      await chatOn();
      expect((await t().http().get('/api/chat/messages')).status).toBe(200);
    });

    it('sends a message (201) that lists oldest first, without device or address anywhere', async () => {
      await chatOn();
      const me = device();
      const first = await send({ name: '  Ann from Linden ', text: ' Good morning Guyana! ' }, { device: me });
      expect(first.status).toBe(201);
      expect(v.is(v.strictObject(ChatMessageSchema.entries), first.body)).toBe(true);
      expect(first.body).toMatchObject({ name: 'Ann from Linden', text: 'Good morning Guyana!', host: false, pinned: false });
      t().clock.advance(4_000);
      const second = await send({ name: 'Ann from Linden', text: 'Blessings' }, { device: me });
      expect(second.status).toBe(201);
      const shown = await list();
      const ids = shown.map((m) => m.id);
      expect(ids.indexOf(first.body.id)).toBeLessThan(ids.indexOf(second.body.id));
      const raw = JSON.stringify(shown);
      expect(raw).not.toContain(me);
      expect(raw).not.toMatch(/device|address|10\.\d+\.\d+\.\d+/i);
    });

    it('shows the last 50 only', async () => {
      await chatOn();
      for (let i = 0; i < 55; i++) {
        t().clock.advance(10);
        expect((await send({ name: 'Bulk', text: `number ${i}` })).status).toBe(201);
      }
      const shown = await list();
      expect(shown).toHaveLength(50);
      expect(shown[49]!.text).toBe('number 54');
      expect(shown[0]!.text).toBe('number 5');
    });

    it('refuses blank, too long, a link (with the reason) and no device id', async () => {
      await chatOn();
      const blank = await send({ name: 'Ann', text: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.issues).toEqual([{ path: 'text', message: CHAT_MESSAGES.text }]);
      expect((await send({ name: 'Ann', text: 'x'.repeat(281) })).body.issues).toEqual([{ path: 'text', message: CHAT_MESSAGES.textTooLong }]);
      expect((await send({ name: 'Ann', text: 'x'.repeat(280) })).status).toBe(201);
      expect((await send({ name: 'n'.repeat(31), text: 'hi' })).body.issues).toEqual([{ path: 'name', message: CHAT_MESSAGES.nameTooLong }]);
      for (const text of ['see https://spam.example', 'go to www.cheap.biz now', 'bit.ly/abc', 'visit spam.com']) {
        const link = await send({ name: 'Ann', text });
        expect(link.status, text).toBe(400);
        expect(link.body.error).toBe(CHAT_MESSAGES.link);
      }
      expect((await send({ name: 'Mr.Jones', text: 'Service at 9.30, e.g. tomorrow' })).status).toBe(201);
      const noDevice = await t().http().post('/api/chat/messages').set('X-Forwarded-For', freshAddress()).send({ name: 'Ann', text: 'hi' });
      expect(noDevice.status).toBe(400);
      expect(noDevice.body.error).toBe(CHAT_MESSAGES.device);
    });

    it('holds a message with a word of the word list (202) for the moderation tab, never shown', async () => {
      await setSettings(t(), { enableChat: true, chatWordList: 'badword\nrude phrase' });
      const held = await send({ name: 'Sam', text: 'you BADWORD you' });
      expect(held.status).toBe(202);
      expect(held.body).toEqual({ id: held.body.id, held: true });
      expect((await send({ name: 'Sam', text: 'a rude phrase here' })).status).toBe(202);
      expect((await send({ name: 'Sam', text: 'badwordy is not the word' })).status).toBe(201);
      expect((await list()).map((m) => m.id)).not.toContain(held.body.id);
      const visitorSettings = await t().http().get('/api/settings');
      expect(visitorSettings.body).not.toHaveProperty('chatWordList');
      const review = await asKey(t().http().get('/api/chat/review'));
      expect(review.status).toBe(200);
      expect(review.body.find((m: { id: string }) => m.id === held.body.id)).toMatchObject({ held: true, reports: 0 });
      // Approved by a moderator: shown after all.
      const approved = await asKey(t().http().patch(`/api/chat/messages/${held.body.id}`)).send({ held: false });
      expect(approved.status).toBe(200);
      expect((await list()).map((m) => m.id)).toContain(held.body.id);
      await chatOn();
    });

    it('limits a sender to one message every 3 s with a burst of 5 (429, Retry-After)', async () => {
      await chatOn();
      const me = device();
      const address = freshAddress();
      for (let i = 0; i < 5; i++) expect((await send({ name: 'Fast', text: `m${i}` }, { device: me, address })).status).toBe(201);
      const refused = await send({ name: 'Fast', text: 'm5' }, { device: me, address });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('3');
      t().clock.advance(3_000);
      expect((await send({ name: 'Fast', text: 'm6' }, { device: me, address })).status).toBe(201);
      expect((await send({ name: 'Fast', text: 'm7' }, { device: me, address })).status).toBe(429);
    });

    it('limits an address ten times as generously (carrier NAT): 50 at once from many phones, then 429', async () => {
      await chatOn();
      const address = freshAddress();
      for (let i = 0; i < 50; i++) expect((await send({ name: 'NAT', text: `phone ${i}` }, { address })).status).toBe(201);
      const refused = await send({ name: 'NAT', text: 'one more phone' }, { address });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });

    it('slow mode: one message per N seconds per sender', async () => {
      await setSettings(t(), { enableChat: true, chatSlowModeSeconds: 30 });
      const me = device();
      expect((await send({ name: 'Slow', text: 'first' }, { device: me })).status).toBe(201);
      t().clock.advance(10_000);
      const refused = await send({ name: 'Slow', text: 'second' }, { device: me });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('20');
      expect(refused.body.error).toBe(CHAT_MESSAGES.slowMode);
      expect((await send({ name: 'Other', text: 'second' })).status).toBe(201);
      t().clock.advance(20_000);
      expect((await send({ name: 'Slow', text: 'second' }, { device: me })).status).toBe(201);
      await chatOn();
    });

    it('refuses the same text twice in a minute', async () => {
      await chatOn();
      const me = device();
      expect((await send({ name: 'Rep', text: 'Amen' }, { device: me })).status).toBe(201);
      t().clock.advance(5_000);
      const again = await send({ name: 'Rep', text: 'Amen' }, { device: me });
      expect(again.status).toBe(400);
      expect(again.body.error).toBe(CHAT_MESSAGES.duplicate);
      t().clock.advance(60_000);
      expect((await send({ name: 'Rep', text: 'Amen' }, { device: me })).status).toBe(201);
    });

    it('sends once per Idempotency-Key', async () => {
      await chatOn();
      const me = device();
      const key = randomUUID();
      const a = await send({ name: 'Offline', text: 'queued while away' }, { device: me, key });
      const b = await send({ name: 'Offline', text: 'queued while away' }, { device: me, key });
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.body.id).toBe(a.body.id);
      expect((await list()).filter((m) => m.text === 'queued while away')).toHaveLength(1);
    });

    it('mutes a sender 24 h (device and address: 403), moderators only, logged', async () => {
      await chatOn();
      const me = device();
      const address = freshAddress();
      const sent = await send({ name: 'Troll', text: 'annoying' }, { device: me, address });
      expect((await t().http().post('/api/chat/mutes').set('X-Forwarded-For', freshAddress()).send({ messageId: sent.body.id })).status).toBe(401);
      const muted = await asKey(t().http().post('/api/chat/mutes')).send({ messageId: sent.body.id });
      expect(muted.status).toBe(201);
      expect(muted.body).toMatchObject({ messageId: sent.body.id });
      t().clock.advance(4_000);
      const again = await send({ name: 'Troll', text: 'still here' }, { device: me });
      expect(again.status).toBe(403);
      expect(again.body).toEqual({ error: 'You are muted' });
      expect((await send({ name: 'New name', text: 'other phone same address' }, { address })).status).toBe(403);
      expect((await send({ name: 'Someone', text: 'not muted' })).status).toBe(201);
      t().clock.advance(24 * 60 * 60 * 1000);
      expect((await send({ name: 'Troll', text: 'back tomorrow' }, { device: me })).status).toBe(201);
      const log = await asKey(t().http().get('/api/admin/activity'));
      expect(JSON.stringify(log.body)).toContain('chat.mute');
    });

    it('a third report from a third device holds it for review and hides it live', async () => {
      await chatOn();
      const sent = await send({ name: 'Spam', text: 'reported text' });
      const stream = await openChatEvents(t().url);
      try {
        const report = (dev: string) => t().http().post(`/api/chat/messages/${sent.body.id}/report`).set('X-Forwarded-For', freshAddress()).set('X-Device-Id', dev);
        const one = device();
        expect((await report(one)).status).toBe(204);
        expect((await report(one)).status).toBe(204);
        expect((await report(device())).status).toBe(204);
        expect((await list()).map((m) => m.id)).toContain(sent.body.id);
        expect((await report(device())).status).toBe(204);
        expect((await list()).map((m) => m.id)).not.toContain(sent.body.id);
        await until('the hidden event', async () => stream.events.some((e) => e.event === 'hidden' && (e.data as { id: string }).id === sent.body.id), 2_000, 20);
        const review = await asKey(t().http().get('/api/chat/review'));
        expect(review.body.find((m: { id: string }) => m.id === sent.body.id)).toMatchObject({ held: true, reports: 3 });
        expect((await t().http().post(`/api/chat/messages/${randomUUID()}/report`).set('X-Forwarded-For', freshAddress()).set('X-Device-Id', device())).status).toBe(404);
      } finally {
        stream.close();
      }
    });

    it('delivers a message live, and a moderator hides it from every listener (logged)', async () => {
      await chatOn();
      const stream = await openChatEvents(t().url);
      try {
        const sent = await send({ name: 'Live', text: 'Hello everyone' });
        const got = await until('the message event', async () => stream.events.find((e) => e.event === 'message' && (e.data as { id: string }).id === sent.body.id), 2_000, 20);
        expect(got.data).toEqual(sent.body);
        // Unnamed, as EventSource dispatches it to 'message' anyway: 15 B a message fewer (9 KB an hour at 10 a minute, docs/performance.md).
        expect(stream.raw()).toContain(`\n\ndata: ${JSON.stringify(sent.body)}\n\n`);
        expect((await t().http().delete(`/api/chat/messages/${sent.body.id}`).set('X-Forwarded-For', freshAddress())).status).toBe(401);
        expect((await asKey(t().http().delete(`/api/chat/messages/${sent.body.id}`))).status).toBe(204);
        await until('the hidden event', async () => stream.events.some((e) => e.event === 'hidden' && (e.data as { id: string }).id === sent.body.id), 2_000, 20);
        expect((await list()).map((m) => m.id)).not.toContain(sent.body.id);
        const log = await asKey(t().http().get('/api/admin/activity'));
        expect(JSON.stringify(log.body)).toContain('chat.hide');
        expect(stream.raw()).toMatch(/^retry: \d+\n\n/);
      } finally {
        stream.close();
      }
    });

    it('pins one message above the chat and unpins it (events `pinned`)', async () => {
      await chatOn();
      const sent = await send({ name: 'Host', text: 'Welcome to the show' });
      const stream = await openChatEvents(t().url);
      try {
        const pinned = await asKey(t().http().put('/api/chat/pin')).send({ messageId: sent.body.id });
        expect(pinned.status).toBe(200);
        expect(pinned.body).toMatchObject({ id: sent.body.id, pinned: true });
        expect((await list()).find((m) => m.id === sent.body.id)?.pinned).toBe(true);
        // Older than the last 50: still first in the list.
        for (let i = 0; i < 50; i++) {
          t().clock.advance(10);
          await send({ name: 'Bulk', text: `after pin ${i}` });
        }
        expect((await list())[0]).toMatchObject({ id: sent.body.id, pinned: true });
        expect((await asKey(t().http().delete('/api/chat/pin'))).status).toBe(204);
        expect((await list()).some((m) => m.pinned)).toBe(false);
        await until('pinned events', async () => stream.events.filter((e) => e.event === 'pinned').length === 2, 2_000, 20);
        expect(stream.events.filter((e) => e.event === 'pinned').map((e) => e.data)).toEqual([{ id: sent.body.id }, null]);
        expect(stream.raw()).toContain('event: pinned\ndata: null\n\n');
      } finally {
        stream.close();
      }
    });

    it("staff signed in with a passkey post as 'Host'; moderators may moderate, editors may not", async () => {
      await chatOn();
      const moderator = await member('Mod Mary', 'moderator');
      const hosted = await asMember(t().http().post('/api/chat/messages'), moderator.cookie).set('X-Device-Id', device()).send({ name: 'Mary', text: 'On air now' });
      expect(hosted.status).toBe(201);
      expect(hosted.body.host).toBe(true);
      const listener = await send({ name: 'Mary', text: 'Not a host' });
      expect(listener.body.host).toBe(false);
      expect((await asMember(t().http().delete(`/api/chat/messages/${listener.body.id}`), moderator.cookie)).status).toBe(204);
      const editor = await member('Ed', 'editor');
      const other = await send({ name: 'X', text: 'editor cannot hide' });
      expect((await asMember(t().http().delete(`/api/chat/messages/${other.body.id}`), editor.cookie)).status).toBe(403);
    });

    it('deletes messages after 7 days', async () => {
      await chatOn();
      const old = await send({ name: 'Old', text: 'a week ago' });
      t().clock.advance(7 * 24 * 60 * 60 * 1000 + 120_000);
      expect((await send({ name: 'New', text: 'today' })).status).toBe(201);
      expect(await t().db('chat_messages').where({ id: old.body.id }).first()).toBeUndefined();
      expect((await list()).map((m) => m.id)).not.toContain(old.body.id);
    });
  },
);
