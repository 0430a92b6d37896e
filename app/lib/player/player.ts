import { useSyncExternalStore } from 'react';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

export interface PlayerState {
  status: PlayerStatus;
  src: string;
  volume: number;
  muted: boolean;
}

/**
 * The app's one audio engine (product.md "One player"): a single audio element, created on
 * first play, that keeps playing across page changes because it lives outside React.
 */
class Player {
  private audio: HTMLAudioElement | null = null;
  private listeners = new Set<() => void>();
  state: PlayerState = { status: 'idle', src: '', volume: 1, muted: false };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<PlayerState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  private element(): HTMLAudioElement {
    if (this.audio) return this.audio;
    const audio = new Audio();
    audio.preload = 'none';
    audio.addEventListener('playing', () => this.set({ status: 'playing' }));
    audio.addEventListener('pause', () => this.set({ status: 'paused' }));
    audio.addEventListener('waiting', () => this.set({ status: 'loading' }));
    audio.addEventListener('error', () => this.set({ status: 'error' }));
    this.audio = audio;
    return audio;
  }

  play(src: string) {
    if (!src) return;
    const audio = this.element();
    if (this.state.src !== src) {
      audio.src = src;
      this.set({ src });
    }
    this.set({ status: 'loading' });
    audio.play().catch(() => this.set({ status: 'error' }));
  }

  pause() {
    this.audio?.pause();
    this.set({ status: 'paused' });
  }

  toggle(src: string) {
    if (this.state.status === 'playing' || this.state.status === 'loading') this.pause();
    else this.play(src);
  }

  setVolume(volume: number) {
    const v = Math.min(1, Math.max(0, volume));
    if (this.audio) this.audio.volume = v;
    this.set({ volume: v, muted: v === 0 });
  }

  toggleMute() {
    const muted = !this.state.muted;
    if (this.audio) this.audio.muted = muted;
    this.set({ muted });
  }
}

export const player = new Player();

export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, () => player.state, () => player.state);
}
