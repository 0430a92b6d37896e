// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { builtInLogoUrl } from '../../../domain/tenants';
import { MediaSession } from './media-session';

// The lock screen's metadata as the phone's browser receives it.
let metadata: MediaMetadataInit | null = null;
beforeEach(() => {
  vi.stubGlobal(
    'MediaMetadata',
    class {
      constructor(init: MediaMetadataInit) {
        metadata = init;
      }
    },
  );
  Object.defineProperty(navigator, 'mediaSession', {
    configurable: true,
    value: { setActionHandler: () => {}, setPositionState: () => {}, playbackState: 'none', metadata: null },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaSession');
  metadata = null;
});

const song = (art: string | null) => ({ title: 'Smile Jamaica', artist: 'Chronixx', art });

it("gives the lock screen the station's built-in logo as its PNG icon, never the SVG the page would draw as a document on its main thread", () => {
  render(<MediaSession song={song(builtInLogoUrl('watzhott'))} stationName="Watzhott" streamUrl="/demo/stream" />);
  expect(metadata?.title).toBe('Smile Jamaica');
  expect(metadata?.artwork).toEqual([{ src: `${window.location.origin}/icons/watzhott-192.png`, sizes: '192x192', type: 'image/png' }]);
});

it("gives a song's own artwork as it is", () => {
  render(<MediaSession song={song('/uploads/art/cover.webp')} stationName="Watzhott" streamUrl="/demo/stream" />);
  expect(metadata?.artwork).toEqual([{ src: `${window.location.origin}/uploads/art/cover.webp`, sizes: '512x512' }]);
});
