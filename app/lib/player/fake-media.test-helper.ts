import type { MediaLike } from './engine';

/** A media element whose events the test fires by hand. */
export class FakeMedia implements MediaLike {
  src = '';
  volume = 1;
  muted = false;
  paused = true;
  currentTime = 0;
  duration = NaN;
  loads = 0;
  playCalls = 0;
  nextPlay: 'resolve' | 'notAllowed' | 'networkError' = 'resolve';
  private handlers = new Map<string, (() => void)[]>();
  addEventListener(type: string, fn: () => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  fire(type: string) {
    if (type === 'playing') this.paused = false;
    for (const fn of this.handlers.get(type) ?? []) fn();
  }
  play() {
    this.playCalls += 1;
    this.paused = false;
    if (this.nextPlay === 'notAllowed') return Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    if (this.nextPlay === 'networkError') return Promise.reject(Object.assign(new Error('net'), { name: 'NotSupportedError' }));
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  load() {
    this.loads += 1;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
}

export const flush = () => new Promise((r) => setTimeout(r, 0));
export const STREAM = 'https://radio.example/live';
