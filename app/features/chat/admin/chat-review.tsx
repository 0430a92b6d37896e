import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatReviewItem } from '../../../../domain/chat';
import { AdminList } from '../../../components/admin-list-page';
import { approveChatMessage, chatKeys, chatReviewQuery, hideChatMessage, muteChatSender } from '../api';
import { ChatProblem, MessageText } from '../chat-room';
import '../chat.css';

/** The held and reported chat messages waiting for a moderator: a tab of /admin/moderation. */
export default function ChatReview() {
  const review = useQuery(chatReviewQuery());
  return (
    <AdminList query={review} placeholderClassName="mod-placeholder" emptyTitle="Nothing waiting" emptyText="Held and reported chat messages show here.">
      {(items) => (
        <ol className="chat-log chat-review" aria-label="Held and reported chat messages">
          {items.map((item) => (
            <li key={item.id}>
              <ReviewItem item={item} />
            </li>
          ))}
        </ol>
      )}
    </AdminList>
  );
}

function ReviewItem({ item }: { item: ChatReviewItem }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = (work: () => Promise<unknown>) => () => {
    setBusy(true);
    work().then(
      () => void queryClient.invalidateQueries({ queryKey: chatKeys.review() }),
      (err: unknown) => setProblem((err as Error).message),
    ).finally(() => setBusy(false));
  };
  const why = [item.held ? 'Held' : null, item.reports > 0 ? `${item.reports} report${item.reports === 1 ? '' : 's'}` : null].filter(Boolean).join(' · ');
  return (
    <div className="chat-message">
      <MessageText name={item.name} text={item.text} />
      <small className="muted">
        <time dateTime={item.at}>{new Date(item.at).toLocaleString()}</time> · {why}
      </small>
      <div className="chat-actions">
        <button type="button" className="chat-action" disabled={busy} onClick={act(() => approveChatMessage(item.id))}>
          Approve
        </button>
        <button type="button" className="chat-action" disabled={busy} onClick={act(() => hideChatMessage(queryClient, item.id))}>
          Hide
        </button>
        <button type="button" className="chat-action" disabled={busy} onClick={act(() => muteChatSender(item.id))}>
          Mute for 24 hours
        </button>
      </div>
      <ChatProblem problem={problem} />
    </div>
  );
}
