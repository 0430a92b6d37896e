// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../domain/chat';
import { jsonResponse, mockFetchEachTest } from '../../test/mock-fetch';
import { applyChatEvent, chatKeys, chatMessagesQuery, hideChatMessage } from './api';

const fetchMock = mockFetchEachTest({ admin: true });

const message = (id: string, at: string): ChatMessage => ({ id, name: 'Ann', text: `hello ${id}`, at, host: false, pinned: false });
const m1 = message('m1', '2026-12-05T10:00:00.000Z');
const m2 = message('m2', '2026-12-05T10:00:01.000Z');
const m3 = message('m3', '2026-12-05T10:00:02.000Z');

/** The room's read of the list, held until `answer` is called with what the server read. */
async function heldRead(client: QueryClient) {
  let answer!: (list: ChatMessage[]) => void;
  const held = new Promise<Response>((resolve) => (answer = (list) => resolve(jsonResponse(list))));
  // The moderator's DELETE is answered at once.
  fetchMock.mockImplementation(async (_input, init) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : held));
  // As the stream's reconnect does (invalidateQueries): the list is read again though not stale.
  const read = client.fetchQuery({ ...chatMessagesQuery(), staleTime: 0 });
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  return { read, answer: (list: ChatMessage[]) => answer(list) };
}

describe('the room while a read of its list is on its way (a stream reconnecting)', () => {
  it('a message hidden meanwhile by our own Hide does not come back with the read', async () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.messages(), [m1, m2]);
    const { read, answer } = await heldRead(client);
    await hideChatMessage(client, 'm1');
    expect(client.getQueryData(chatKeys.messages())).toEqual([m2]);
    answer([m1, m2]);
    await read;
    expect(client.getQueryData(chatKeys.messages())).toEqual([m2]);
  });

  it("the stream's hidden, message and pinned events of the meantime are kept, in their order", async () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.messages(), [m1, m2]);
    const { read, answer } = await heldRead(client);
    applyChatEvent(client, 'hidden', { id: 'm2' });
    applyChatEvent(client, 'message', m3);
    applyChatEvent(client, 'pinned', { id: 'm3' });
    applyChatEvent(client, 'pinned', { id: 'm1' });
    answer([m1, m2]);
    await read;
    expect(client.getQueryData(chatKeys.messages())).toEqual([{ ...m1, pinned: true }, m3]);
  });

  it('what came before the read began is not replayed onto it: the server had it', async () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.messages(), []);
    applyChatEvent(client, 'message', m1);
    // m1 was hidden while this page's stream was away: the new read does not have it.
    const { read, answer } = await heldRead(client);
    answer([m2]);
    await read;
    expect(client.getQueryData(chatKeys.messages())).toEqual([m2]);
  });
});
