import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SongRequest } from '../../../../domain/requests';
import { EmptyState, ErrorState, Placeholders } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { adminRequestsQuery, markRequest, requestKeys } from '../api';
import '../requests.css';

/**
 * 'Requests' (docs/product.md "Requests"): our own queue of song requests, oldest first so the
 * newest is last, each with its dedication and 'Played' / 'Skip'. Kept live by asking again
 * every few seconds (features/requests/api.ts says why).
 */
export function RequestsPage() {
  const requests = useQuery(adminRequestsQuery());
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const mark = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'played' | 'skipped' }) => markRequest(id, status),
    onSuccess: (_done, { id }) => {
      queryClient.setQueryData<SongRequest[]>(requestKeys.admin(), (list) => list?.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: requestKeys.admin() });
    },
    onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
  });

  return (
    <section aria-labelledby="requests-heading">
      <h1 id="requests-heading">Requests</h1>
      {requests.isPending ? (
        <Placeholders count={3} />
      ) : requests.isLoadingError ? (
        <ErrorState error={requests.error} />
      ) : requests.data.length === 0 ? (
        <EmptyState title="No requests waiting" />
      ) : (
        <ol className="request-queue">
          {requests.data.map((r) => (
            <li key={r.id} data-testid="request-row">
              <strong>{r.title}</strong> <span className="muted">{r.artist}</span>
              <div>
                {r.name || 'A listener'}
                {r.for ? ` for ${r.for}` : ''} · <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}</time>
              </div>
              {r.message && <blockquote>{r.message}</blockquote>}
              <div className="request-actions">
                <button type="button" onClick={() => mark.mutate({ id: r.id, status: 'played' })} disabled={mark.isPending}>
                  Played
                </button>
                <button type="button" className="secondary" onClick={() => mark.mutate({ id: r.id, status: 'skipped' })} disabled={mark.isPending}>
                  Skip
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
