import { queryOptions, useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEVICE_ID_HEADER, type ChatHeld, type ChatMessage, type ChatMute, type ChatReviewItem, type NewChatMessage } from '../../../domain/chat';
import { ADMIN_SESSION_HEADER } from '../../../domain/admin-session';
import { getSignedIn } from '../../lib/admin-access';
import { adminApi, adminKeyRoot, ADMIN_FRESH } from '../../lib/admin-api';
import { apiErrorOf, apiUrl } from '../../lib/api-client';
import { newIdempotencyKey, outboxMutationOptions, type OutboxVariables } from '../../lib/offline/outbox';
import { currentTenant } from '../../lib/tenant';

export const chatPaths = {
  messages: '/api/chat/messages',
  message: (id: string) => `/api/chat/messages/${encodeURIComponent(id)}`,
  report: (id: string) => `/api/chat/messages/${encodeURIComponent(id)}/report`,
  events: '/api/chat/events',
  mutes: '/api/chat/mutes',
  pin: '/api/chat/pin',
  review: '/api/chat/review',
} as const;

const DEVICE_KEY = 'chatDeviceId';
const NAME_KEY = 'chatName';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: kept for this page only.
  }
}

let memoryDeviceId: string | null = null;
/** An anonymous id made once per install and kept on the device: the server's limits, mutes and reports count by it. */
export function chatDeviceId(): string {
  const kept = stored(DEVICE_KEY) ?? memoryDeviceId;
  if (kept) return kept;
  const made = newIdempotencyKey();
  memoryDeviceId = made;
  store(DEVICE_KEY, made);
  return made;
}

/** The display name picked once, kept on the device. */
export const chatName = (): string => stored(NAME_KEY) ?? '';
export const keepChatName = (name: string): void => store(NAME_KEY, name.trim());

/** A chat call: the device id always; a signed-in person's session too, so staff post as 'Host'. */
async function chatFetch<T>(path: string, init: { method?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [DEVICE_ID_HEADER]: chatDeviceId() };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  if (getSignedIn()?.via === 'passkey') headers[ADMIN_SESSION_HEADER] = '1';
  const res = await fetch(apiUrl(path), {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = res.status === 204 ? '' : await res.text();
  if (!res.ok) throw apiErrorOf(res, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const chatKeys = {
  all: ['chat'] as const,
  messages: (tenant = currentTenant()) => ['chat', tenant, 'messages'] as const,
  review: () => [...adminKeyRoot(), 'chat', 'review'] as const,
  /** The outbox finds a queued message's sender by this after a restart. */
  send: ['chat', 'send'] as const,
};

type RoomChange = (list: ChatMessage[] | undefined) => ChatMessage[] | undefined;
/**
 * The room's changes of the last minute, in the order they came. A read of the list answers
 * the room as the server saw it when the read began: a change that came meanwhile (the stream's
 * events, our own hide or send) is applied to its answer again, or a read begun just before a
 * moderator's Hide brings the message back (CI saw it: the stream's reconnect read the list while
 * the Hide was on its way). Each change is idempotent and they are replayed in order, so one
 * the answer already holds changes nothing.
 */
const recentChanges: { seq: number; at: number; change: RoomChange }[] = [];
const CHANGES_KEPT_MS = 60_000;
/** Counts the changes: two in one millisecond still have an order. */
let nextChange = 0;

function changeRoom(queryClient: QueryClient, change: RoomChange): void {
  const at = performance.now();
  recentChanges.push({ seq: nextChange++, at, change });
  while (recentChanges.length > 0 && recentChanges[0]!.at < at - CHANGES_KEPT_MS) recentChanges.shift();
  queryClient.setQueryData<ChatMessage[]>(chatKeys.messages(), change);
}

const changedSince = (list: ChatMessage[], from: number): ChatMessage[] =>
  recentChanges.filter((c) => c.seq >= from).reduce<ChatMessage[] | undefined>((l, c) => c.change(l), list) ?? list;

/** The room: the last 50 shown messages; the event stream keeps it current, so it is never stale by time. */
export const chatMessagesQuery = () =>
  queryOptions({
    queryKey: chatKeys.messages(),
    queryFn: async () => {
      const from = nextChange;
      return changedSince(await chatFetch<ChatMessage[]>(chatPaths.messages), from);
    },
    staleTime: Infinity,
  });

const byTime = (a: ChatMessage, b: ChatMessage) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
/** Keeps this many messages in memory however long the page stays open. */
const KEEP = 100;

/** A message that arrived (the stream, or our own send's answer): once, in time order. */
export function withMessage(list: ChatMessage[] | undefined, message: ChatMessage): ChatMessage[] {
  const rest = (list ?? []).filter((m) => m.id !== message.id);
  return [...rest, message].sort(byTime).slice(-KEEP);
}

export type SendAnswer = ChatMessage | ChatHeld;
export const isHeld = (answer: SendAnswer): answer is ChatHeld => 'held' in answer && answer.held === true;

/**
 * Through the outbox: typed offline, a message waits ('Sending…') and is sent once when the
 * connection returns (its Idempotency-Key), in the order typed (one scope: one at a time).
 */
export function sendChatOptions(queryClient: QueryClient): MutationOptions<SendAnswer, Error, OutboxVariables<NewChatMessage>> {
  return {
    ...outboxMutationOptions<SendAnswer, NewChatMessage>(chatKeys.send, (payload, idempotencyKey) => chatFetch<SendAnswer>(chatPaths.messages, { method: 'POST', body: payload, idempotencyKey }), 'chat message'),
    scope: { id: 'chat-send' },
    onSuccess: (answer) => {
      if (!isHeld(answer)) changeRoom(queryClient, (list) => withMessage(list, answer));
    },
  };
}

export const useSendChat = () => useMutation(sendChatOptions(useQueryClient()));

export function registerChatOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(chatKeys.send, sendChatOptions(queryClient));
}

export const reportChatMessage = (id: string) => chatFetch<void>(chatPaths.report(id), { method: 'POST' });

/** A message gone from the room: hidden by us, or by a moderator elsewhere (the stream's `hidden`). */
const withoutMessage =
  (id: string): RoomChange =>
  (list) =>
    list?.filter((m) => m.id !== id);

/** Moderators (the moderator role and up): the message leaves this page's room as soon as the server has hidden it. */
export async function hideChatMessage(queryClient: QueryClient, id: string): Promise<void> {
  await adminApi<void>(chatPaths.message(id), { method: 'DELETE' });
  changeRoom(queryClient, withoutMessage(id));
}
export const muteChatSender = (messageId: string) => adminApi<ChatMute>(chatPaths.mutes, { method: 'POST', body: { messageId } });
export const pinChatMessage = (messageId: string) => adminApi<ChatMessage>(chatPaths.pin, { method: 'PUT', body: { messageId } });
export const unpinChatMessage = () => adminApi<void>(chatPaths.pin, { method: 'DELETE' });
export const approveChatMessage = (id: string) => adminApi<ChatMessage>(chatPaths.message(id), { method: 'PATCH', body: { held: false } });

export const chatReviewQuery = (enabled = true) =>
  queryOptions({ queryKey: chatKeys.review(), queryFn: () => adminApi<ChatReviewItem[]>(chatPaths.review), enabled, ...ADMIN_FRESH });

/**
 * The room live: GET /api/chat/events while mounted. Each (re)connect reads the list again,
 * since nothing sent meanwhile is replayed; then events change the cached list in place.
 */
export function useChatEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(chatPaths.events));
    const parse = (e: Event) => JSON.parse((e as MessageEvent<string>).data) as unknown;
    source.onopen = () => void queryClient.invalidateQueries({ queryKey: chatKeys.messages(), exact: true });
    for (const name of ['message', 'hidden', 'pinned'] as const) source.addEventListener(name, (e) => applyChatEvent(queryClient, name, parse(e)));
    return () => source.close();
  }, [enabled, queryClient]);
}

/** One event of GET /api/chat/events applied to the room. */
export function applyChatEvent(queryClient: QueryClient, name: 'message' | 'hidden' | 'pinned', data: unknown): void {
  if (name === 'message') return changeRoom(queryClient, (list) => withMessage(list, data as ChatMessage));
  if (name === 'hidden') return changeRoom(queryClient, withoutMessage((data as { id: string }).id));
  const pinned = data as { id: string } | null;
  const list = queryClient.getQueryData<ChatMessage[]>(chatKeys.messages());
  // A message older than the list: read it again, the server puts the pinned one first.
  if (pinned && !list?.some((m) => m.id === pinned.id)) void queryClient.invalidateQueries({ queryKey: chatKeys.messages(), exact: true });
  else changeRoom(queryClient, (l) => l?.map((m) => ({ ...m, pinned: m.id === pinned?.id })));
}
