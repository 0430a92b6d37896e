import { useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHAT_NAME_MAX, CHAT_TEXT_MAX, type ChatMessage, type NewChatMessage } from '../../../domain/chat';
import { roleMayUse } from '../../../domain/people';
import { useAdminAccess } from '../../lib/admin-access';
import { newIdempotencyKey, type OutboxVariables } from '../../lib/offline/outbox';
import {
  chatKeys,
  chatMessagesQuery,
  chatName,
  hideChatMessage,
  isHeld,
  keepChatName,
  muteChatSender,
  pinChatMessage,
  reportChatMessage,
  unpinChatMessage,
  useChatEvents,
  useSendChat,
} from './api';
import './chat.css';

/**
 * Our live chat (docs/product.md "Live chat"). In Low Data Mode it stays closed behind
 * 'Open chat' until the listener opens it: no list, no event stream before that.
 */
export default function ChatRoom({ lowData }: { lowData: boolean }) {
  const [opened, setOpened] = useState(false);
  if (lowData && !opened) {
    return (
      <button type="button" className="outline chat-open" onClick={() => setOpened(true)}>
        Open chat
      </button>
    );
  }
  return <Room />;
}

function Room() {
  const messages = useQuery(chatMessagesQuery());
  useChatEvents(true);
  const access = useAdminAccess();
  const moderator = !!access && roleMayUse(access.role, 'moderation');
  const sending = useMutationState<{ message: NewChatMessage; at: number }>({
    filters: { mutationKey: chatKeys.send, status: 'pending' },
    select: (m) => ({ message: (m.state.variables as OutboxVariables<NewChatMessage> | undefined)?.payload as NewChatMessage, at: m.state.submittedAt }),
  });
  const list = messages.data ?? [];
  // The stream can bring our own message before its send has answered: it is then delivered,
  // not waiting, and shows once. (The same text from one sender twice within a minute is
  // refused, so a match in that minute is this message.)
  const pending = sending
    .filter(({ message, at }) => message && !list.some((m) => m.name === message.name.trim() && m.text === message.text.trim() && Date.parse(m.at) >= at - 60_000))
    .map(({ message }) => message);
  const pinned = list.find((m) => m.pinned);
  const logRef = useRef<HTMLDivElement>(null);

  // New messages scroll into view unless the listener scrolled up to read.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (log.scrollHeight - log.scrollTop - log.clientHeight < 120) log.scrollTop = log.scrollHeight;
  }, [list.length, pending.length]);

  return (
    <div className="chat-room">
      {/* A box of fixed height (--chat-body-height): the messages' arrival scrolls inside it
          and never pushes the form or what follows (docs/performance.md, layout shift). */}
      <div className="chat-body">
        {pinned && (
          <div className="chat-pinned" aria-label="Pinned message">
            <MessageLine message={pinned} moderator={moderator} />
          </div>
        )}
        {messages.isLoadingError ? (
          <p className="muted" role="alert">
            {messages.error.message}
          </p>
        ) : messages.isPending ? (
          <p className="muted chat-status" aria-busy="true">
            Loading…
          </p>
        ) : list.length === 0 && pending.length === 0 ? (
          <p className="muted chat-empty chat-status">No messages yet — say hello!</p>
        ) : null}
        {/* The log is the scrolling box, the list inside it: a list item's parent must be a list. */}
        <div className="chat-scroll" role="log" aria-label="Chat messages" ref={logRef}>
          <ol className="chat-log">
            {list
              .filter((m) => !m.pinned)
              .map((m) => (
                <li key={m.id}>
                  <MessageLine message={m} moderator={moderator} />
                </li>
              ))}
            {pending.map((p, i) => (
              <li key={`pending-${i}`} className="chat-pending">
                <span className="chat-name">{p?.name}</span> <span className="chat-text">{p?.text}</span> <small className="muted">Sending…</small>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <ChatForm />
    </div>
  );
}

function MessageLine({ message, moderator }: { message: ChatMessage; moderator: boolean }) {
  const queryClient = useQueryClient();
  const [reported, setReported] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = (work: () => Promise<unknown>) => () =>
    work().then(
      () => setProblem(null),
      (err: unknown) => setProblem((err as Error).message),
    );
  const hide = act(() => hideChatMessage(queryClient, message.id));
  return (
    <div className="chat-message">
      <MessageText name={message.name} text={message.text} host={message.host} />
      <div className="chat-actions">
        <button type="button" className="chat-action" disabled={reported} onClick={act(async () => (await reportChatMessage(message.id), setReported(true)))}>
          Report
        </button>
        {moderator && (
          <>
            <button type="button" className="chat-action" onClick={hide}>
              Hide
            </button>
            <button type="button" className="chat-action" onClick={act(() => muteChatSender(message.id))}>
              Mute for 24 hours
            </button>
            <button type="button" className="chat-action" onClick={act(() => (message.pinned ? unpinChatMessage() : pinChatMessage(message.id)))}>
              {message.pinned ? 'Unpin' : 'Pin'}
            </button>
          </>
        )}
      </div>
      <ChatProblem problem={problem} />
    </div>
  );
}

function ChatForm() {
  const send = useSendChat();
  const [name, setName] = useState(chatName);
  const [picked, setPicked] = useState(() => chatName() !== '');
  const [text, setText] = useState('');
  const [heldNote, setHeldNote] = useState(false);
  const ids = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload = { name: name.trim(), text: text.trim() };
    if (!payload.name || !payload.text) return;
    keepChatName(payload.name);
    setPicked(true);
    setText('');
    setHeldNote(false);
    send.mutate(
      { payload, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (answer) => setHeldNote(isHeld(answer)),
        // Refused (a link, too fast): the text comes back to be changed, with the server's reason.
        onError: () => setText((now) => now || payload.text),
      },
    );
  };

  return (
    <form className="chat-form" onSubmit={onSubmit}>
      {picked ? (
        <small className="muted">
          Chatting as <strong>{name}</strong>{' '}
          <button type="button" className="chat-action" onClick={() => setPicked(false)}>
            Change
          </button>
        </small>
      ) : (
        <label htmlFor={`${ids}-name`}>
          Your name
          <input id={`${ids}-name`} value={name} maxLength={CHAT_NAME_MAX} autoComplete="nickname" required onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      <div className="chat-compose">
        <label htmlFor={`${ids}-text`} className="chat-text-label">
          Message
          <input id={`${ids}-text`} value={text} maxLength={CHAT_TEXT_MAX} autoComplete="off" required onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit">Send</button>
      </div>
      <ChatProblem problem={send.isError ? send.error.message : null} />
      {heldNote && <small className="muted">Your message waits for a moderator.</small>}
    </form>
  );
}

/**
 * Who wrote a chat message and what it says, as the room and the moderators' review both show
 * it (the review takes it from here: a file of its own would be one more chunk to fetch and
 * precache, docs/performance.md).
 */
export function MessageText({ name, text, host = false }: { name: string; text: string; host?: boolean }) {
  return (
    <p>
      <span className="chat-name">{name}</span>
      {host && <span className="chat-host">Host</span>} <span className="chat-text">{text}</span>
    </p>
  );
}

/** Why a chat action failed, under the message or the form it belongs to. */
export function ChatProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <small className="chat-error" role="alert">
      {problem}
    </small>
  ) : null;
}
