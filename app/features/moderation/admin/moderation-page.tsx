import { Link } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery, useQueryClient, useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactElement } from 'react';
import { EVENTS_UNAVAILABLE_MESSAGE, tenantHasEvents } from '../../../../domain/tenants';
import { EmptyState, Placeholders } from '../../../components/states';
import { adminEventsQuery } from '../../events/api';
import { currentTenant } from '../../../lib/tenant';
import { tenantQueues, type ModerationQueue } from '../../../../domain/moderation';
import { moderationQueueQuery, queueKeys } from '../api';
import { pendingTotal } from './moderation-format';
import { selectedTab, tabAfterKey, tabLabel, visibleTabs, type ModerationTab } from './moderation-tabs';
import { pendingCount, PagedQueue } from './paged-queue';
import { useTappedTab } from './use-tapped-tab';
import { artistQueue, EventList, PRAYER_QUEUE, SHOUTOUT_QUEUE, TRACK_QUEUE } from './queue-views';
import './moderation.css';
import { chatReviewQuery } from '../../chat/api';

// The chat's held and reported messages (docs/product.md "Live chat"), fetched when the tab opens.
const ChatReview = lazy(() => import('../../chat/admin/chat-review'));

interface ModerationPageProps {
  /** From the URL, so a reload or a shared link keeps the queue the admin was on. */
  tab: string | undefined;
  onTabChange: (tab: ModerationTab) => void;
}

/** 'Content Moderation' (docs/product.md#screens): the pending badge, five tabs, a queue per tab. */
export function ModerationPage({ tab, onTabChange }: ModerationPageProps) {
  const tenant = currentTenant();
  const queryClient = useQueryClient();
  const tabs = visibleTabs(tenant);
  // A tap's tab shows in the tap's frame; the URL follows when idle (use-tapped-tab.ts).
  const [tapped, chooseTab] = useTappedTab(tab, onTabChange);
  const current = tapped ?? selectedTab(tab, tabs);
  const tabRefs = useRef(new Map<ModerationTab, HTMLButtonElement>());
  const queues = tenantQueues(tenant);
  // The queue tabs opened on this visit, drawn once each and kept. The panels are made once
  // per tenant, so the page drawing again (a tab switch, a count) leaves each one alone.
  const [opened, setOpened] = useState<readonly ModerationTab[]>([current]);
  if (!opened.includes(current)) setOpened([...opened, current]);
  const panels: Record<ModerationQueue, ReactElement> = useMemo(
    () => ({
      artists: <PagedQueue kind="artists" view={artistQueue(tenant)} />,
      tracks: <PagedQueue kind="tracks" view={TRACK_QUEUE} />,
      prayers: <PagedQueue kind="prayers" view={PRAYER_QUEUE} />,
      shoutouts: <PagedQueue kind="shoutouts" view={SHOUTOUT_QUEUE} />,
    }),
    [tenant],
  );

  // The same queries as the panels', read here for the tabs' counts only.
  const artists = useInfiniteQuery(moderationQueueQuery('artists'));
  const tracks = useInfiniteQuery(moderationQueueQuery('tracks'));
  // Caribbean only: elsewhere /api/prayers* answers 404, so it is never asked.
  const prayers = useInfiniteQuery(moderationQueueQuery('prayers', queues.includes('prayers')));
  const shoutouts = useInfiniteQuery(moderationQueueQuery('shoutouts'));
  const events = useQuery(adminEventsQuery());
  const chat = useQuery(chatReviewQuery());
  const refreshing = useIsFetching({ queryKey: queueKeys.all() }) > 0 || events.isFetching;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queueKeys.all() }),
      queryClient.invalidateQueries({ queryKey: adminEventsQuery().queryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: chatReviewQuery().queryKey, exact: true }),
    ]);

  // The true pending counts: the server counts the whole queue (X-Total-Count), however few rows are loaded.
  const counts: Record<ModerationTab, number | undefined> = {
    artists: pendingCount(artists),
    tracks: pendingCount(tracks),
    prayers: queues.includes('prayers') ? pendingCount(prayers) : undefined,
    shoutouts: pendingCount(shoutouts),
    chat: chat.data?.length,
    events: undefined,
  };
  const total = pendingTotal([counts.artists, counts.tracks, counts.prayers, counts.shoutouts, counts.chat]);

  const select = (next: ModerationTab, focus = false) => {
    chooseTab(next);
    if (focus) tabRefs.current.get(next)?.focus();
  };
  const onTabKey = (e: KeyboardEvent) => {
    const next = tabAfterKey(e.key, current, tabs);
    if (!next) return;
    e.preventDefault();
    select(next, true);
  };

  return (
    <section className="admin-moderation" aria-labelledby="moderation-heading">
      <header className="mod-header">
        <h1 id="moderation-heading">Content Moderation</h1>
        <span className="mod-pending-badge" data-testid="pending-badge">
          {total} pending
        </span>
        <button
          type="button"
          className="outline secondary mod-refresh"
          aria-busy={refreshing}
          disabled={refreshing}
          onClick={() => void refresh()}
        >
          Refresh
        </button>
      </header>

      <div className="mod-tabs" role="tablist" aria-label="Moderation queues" style={{ '--mod-tab-count': tabs.length } as CSSProperties}>
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              if (el) tabRefs.current.set(t, el);
              else tabRefs.current.delete(t);
            }}
            type="button"
            role="tab"
            id={`mod-tab-${t}`}
            aria-selected={t === current}
            aria-controls={`mod-panel-${t}`}
            tabIndex={t === current ? 0 : -1}
            className={t === current ? 'mod-tab' : 'mod-tab outline secondary'}
            onClick={() => select(t)}
            onKeyDown={onTabKey}
          >
            {tabLabel(t, counts[t])}
          </button>
        ))}
      </div>

      {queues
        .filter((q) => opened.includes(q))
        .map((q) => (
          // A queue's tab left keeps its rows, skipped (moderation.css): coming back is a class
          // and two attributes, not 25 rows drawn and laid out again (bench/moderation.mjs).
          <div
            key={q}
            className={q === current ? 'mod-panel' : 'mod-panel mod-panel-away'}
            role="tabpanel"
            id={`mod-panel-${q}`}
            aria-labelledby={`mod-tab-${q}`}
            aria-hidden={q === current ? undefined : true}
            inert={q !== current}
          >
            {panels[q]}
          </div>
        ))}
      {(current === 'chat' || current === 'events') && (
        <div className="mod-panel" role="tabpanel" id={`mod-panel-${current}`} aria-labelledby={`mod-tab-${current}`}>
          {current === 'chat' && (
            <Suspense fallback={<Placeholders count={3} className="mod-placeholder" />}>
              <ChatReview />
            </Suspense>
          )}
          {current === 'events' &&
            (tenantHasEvents(tenant) ? (
              <>
                <p className="mod-note">
                  Events need no review. Add, edit or remove them on the <Link to="/admin/events">Events page</Link>.
                </p>
                <EventList query={events} tenant={tenant} />
              </>
            ) : (
              <EmptyState title="No events found">
                <p>{EVENTS_UNAVAILABLE_MESSAGE}</p>
              </EmptyState>
            ))}
        </div>
      )}
    </section>
  );
}
