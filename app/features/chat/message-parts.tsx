/** Who wrote a chat message and what it says, as the room and the moderators' review both show it. */
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
