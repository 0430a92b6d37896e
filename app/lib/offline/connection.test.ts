// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { watchConnection } from './connection';

describe('watchConnection', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('hears a connection lost before the query client mounts (nothing else subscribed yet)', () => {
    watchConnection(true);
    expect(onlineManager.isOnline()).toBe(true);
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('keeps hearing it after the query client subscribes and lets go (a remount)', () => {
    watchConnection(true);
    onlineManager.subscribe(() => undefined)();
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('starts offline on a page opened offline', () => {
    watchConnection(false);
    expect(onlineManager.isOnline()).toBe(false);
  });
});
