// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../../domain/now-playing';
import { defaultSettings, type SettingsResponse } from '../../../domain/settings';
import { ToastProvider } from '../../components/toasts';
import { nowPlayingKeys } from '../radio/api';
import { settingsKeys } from '../settings/api';
import { setLowData } from '../../lib/low-data';
import { WatchPage } from './watch-page';

function renderWatch(settings: Partial<SettingsResponse>, listeners: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(settingsKeys.tenant('watzhott'), { ...defaultSettings('watzhott'), streamUrl: 'https://stream.example/live', ...settings, tenant: 'watzhott' });
  const np: NowPlaying = { nowPlaying: { title: 'Song', artist: 'Artist', art: null }, history: [], listeners, show: null };
  client.setQueryData(nowPlayingKeys.tenant('watzhott'), np);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <WatchPage />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('WatchPage', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('shows the real listener count when the source gives one', () => {
    renderWatch({}, 1532);
    expect(screen.getByTestId('viewer-count').textContent).toMatch(/1,?532 listening now/);
  });

  it('hides the count when there is none (never a made-up number)', () => {
    renderWatch({}, null);
    expect(screen.queryByTestId('viewer-count')).toBeNull();
    expect(screen.queryByText(/1247/)).toBeNull();
  });

  it('shows zero listeners as a count', () => {
    renderWatch({}, 0);
    expect(screen.getByTestId('viewer-count').textContent).toContain('0 listening now');
  });

  it('frames a panel on another origin with its own origin', () => {
    renderWatch({ vdoPanelIframe: 'https://panel.vdo.example/live' }, null);
    const frame = screen.getByTitle('Live video');
    expect(frame.getAttribute('src')).toBe('https://panel.vdo.example/live');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(frame.getAttribute('allow')).toBe('autoplay; fullscreen');
  });

  it('plays the HLS URL in a native video element instead of the panel when both are set', () => {
    renderWatch({ vdoPanelIframe: 'https://panel.vdo.example/live', vdoPanelHls: 'https://video.example/live/index.m3u8' }, null);
    expect(screen.getByTestId('hls-video').tagName).toBe('VIDEO');
    expect(screen.queryByTitle('Live video')).toBeNull();
  });

  it('keeps video off in Low Data Mode even with an HLS URL', () => {
    setLowData(true);
    try {
      renderWatch({ vdoPanelHls: 'https://video.example/live/index.m3u8' }, null);
      expect(screen.getByTestId('video-off')).toBeTruthy();
      expect(screen.queryByTestId('hls-video')).toBeNull();
    } finally {
      setLowData(false);
    }
  });

  it('says the video is being set up when there is no panel', () => {
    renderWatch({ vdoPanelIframe: '' }, null);
    expect(screen.getByText('The live video is being set up.')).toBeTruthy();
    expect(screen.queryByTitle('Live video')).toBeNull();
  });

  it('has no reaction buttons when reactions are off', () => {
    renderWatch({ enableReactions: false }, null);
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('disables Audio only until there is a stream', () => {
    renderWatch({ streamUrl: '' }, null);
    expect((screen.getByRole('button', { name: 'Audio only' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The stream is being set up.')).toBeTruthy();
  });
});
