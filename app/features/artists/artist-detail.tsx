import { ArrowLeft } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SOCIAL_KEYS } from '../../../domain/artists';
import type { Artist } from '../../../domain/artists';
import type { Track } from '../../../domain/tracks';
import { ErrorState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { useDeferredMount } from '../../lib/use-deferred-mount';
import { currentTrack, isActive, player, usePlayer, type QueueItem } from '../../lib/player/player';
import { ArtistPhoto, CountryBadge, FeaturedBadge, SocialLinks } from './artist-card';
import { approvedTracks } from './artist-filters';
import { artistQuery } from './api';
import { artistTracksQuery } from '../tracks/api';
import './artists.css';

export function ArtistDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const artist = useQuery(artistQuery(id, queryClient));
  const tracks = useQuery(artistTracksQuery(id, queryClient));
  // The server renders the profile (docs/server-render.md); the tracks' Play buttons come with
  // the app, so none is painted before it can play (issue 29: a page that looks ready is ready).
  const tracksReady = useDeferredMount({ clientOnly: true });

  if (artist.isLoadingError) {
    if (artist.error instanceof ApiError && artist.error.status === 404) return <ArtistNotFound />;
    return <ErrorState error={artist.error} onRetry={() => void artist.refetch()} />;
  }
  if (artist.isPending) {
    return (
      <div className="artists-page artist-detail" aria-busy="true" aria-label="Loading artist">
        <div className="profile">
          <div className="placeholder artist-photo-profile" style={{ aspectRatio: '1 / 1' }} />
          <div>
            <div className="placeholder" style={{ height: '2.5rem', width: '60%' }} />
            <div className="placeholder" style={{ height: '6rem', marginTop: '1rem' }} />
          </div>
        </div>
      </div>
    );
  }

  const a = artist.data;
  return (
    <div className="artists-page artist-detail">
      <nav aria-label="Breadcrumb">
        <Link to="/artists/directory" className="back-link">
          <ArrowLeft size={18} /> Artist Directory
        </Link>
      </nav>
      <article className="profile" aria-labelledby="artist-name">
        <ArtistPhoto artist={a} size="profile" />
        <div>
          <div className="badges">
            <CountryBadge code={a.countryCode} />
            {a.featured && <FeaturedBadge />}
          </div>
          <h1 id="artist-name">{a.name}</h1>
          <p className="profile-bio">{a.bio}</p>
          <SocialLinks artist={a} keys={SOCIAL_KEYS} />
        </div>
      </article>

      <section aria-labelledby="tracks-title">
        {tracks.isLoadingError ? (
          <>
            <h2 id="tracks-title">Approved Tracks</h2>
            <ErrorState error={tracks.error} onRetry={() => void tracks.refetch()} />
          </>
        ) : tracks.isPending || !tracksReady ? (
          <>
            <h2 id="tracks-title">Approved Tracks</h2>
            <p aria-busy="true">Loading tracks…</p>
          </>
        ) : (
          <TrackList tracks={approvedTracks(tracks.data)} artist={a} />
        )}
      </section>
    </div>
  );
}

/** The artist's approved tracks as the player's queue, so next and previous walk through them. */
const toQueue = (tracks: Track[], artist: Artist): QueueItem[] =>
  tracks.map((t) => ({
    id: t.id,
    title: t.title,
    artist: artist.name,
    src: t.fileUrl,
    lowDataSrc: t.lowDataUrl ?? null,
    artwork: t.coverUrl ?? artist.photoUrl ?? null,
    explicit: t.explicit,
  }));

function TrackList({ tracks, artist }: { tracks: Track[]; artist: Artist }) {
  const state = usePlayer();
  const playingId = currentTrack(state)?.id;
  const play = (index: number) => {
    const t = tracks[index]!;
    if (t.id === playingId) player.toggle('');
    else player.playQueue(toQueue(tracks, artist), index);
  };
  return (
    <>
      <h2 id="tracks-title">Approved Tracks ({tracks.length})</h2>
      {tracks.length === 0 ? (
        <p className="muted">No approved tracks yet</p>
      ) : (
        <ul className="track-list" aria-labelledby="tracks-title">
          {tracks.map((t) => (
            <li key={t.id} data-testid="track" aria-current={t.id === playingId ? 'true' : undefined}>
              <button type="button" className="track-play" aria-label={`${t.id === playingId && isActive(state.status) ? 'Pause' : 'Play'} ${t.title}`} onClick={() => play(tracks.indexOf(t))}>
                {t.id === playingId && isActive(state.status) ? '❚❚ Pause' : '▶ Play'}
              </button>
              <strong>{t.title}</strong>
              <span className="badge">{t.genre}</span>
              {t.explicit && (
                <span className="badge explicit-badge" title="Explicit">
                  E<span className="visually-hidden">xplicit</span>
                </span>
              )}
              {(t.bpm !== null || t.songKey) && (
                <span className="track-meta">{[t.bpm !== null ? `${t.bpm} BPM` : null, t.songKey].filter(Boolean).join(' · ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ArtistNotFound() {
  return (
    <section className="not-found">
      <h1>Artist Not Found</h1>
      <p>The artist you're looking for doesn't exist.</p>
      <Link to="/artists">Back to Artists</Link>
    </section>
  );
}
