import type { Page } from 'playwright-core';

export const TONE_BASE_HZ: number;
export const TONE_STEP_HZ: number;
export const TONE_PERIOD_S: number;
export interface LiveStation {
  url: string;
  stop(): Promise<void>;
  /** Stops the ffmpeg source (icecast drops its listeners; the mount answers 404); resolves once the mount is gone. */
  stopSource(): Promise<void>;
  /** Starts the source again; resolves once the mount answers. */
  restartSource(): Promise<void>;
}
/** icecast2 on 127.0.0.1 fed by ffmpeg with the position-telling tone at kbps (MP3); `bed`: over a quiet pink-noise bed. */
export function startLiveStation(kbps?: number, channels?: number, options?: { bed?: boolean }): Promise<LiveStation>;
/** Run in the page (addInitScript): window.__toneHz() answers the pitch heard now, or null. */
export function listenToPage(): void;
export function toneSecond(hz: number): number;
export function secondsAfter(a: number, b: number): number;
export function heardSecond(page: Pick<Page, 'evaluate' | 'waitForTimeout'>): Promise<number | null>;

declare global {
  interface Window {
    __toneHz: () => number | null;
  }
}
