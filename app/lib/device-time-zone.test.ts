// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The dates worker, as the page reaches it: the test decides when, and what, it answers.
const offThread = vi.hoisted(() => ({ answer: null as null | { resolve: (zone: string) => void; reject: (error: Error) => void }, asked: 0 }));
vi.mock('./intl-off-thread/format-dates', () => ({
  deviceTimeZoneOffThread: () => {
    offThread.asked += 1;
    return new Promise<string>((resolve, reject) => (offThread.answer = { resolve, reject }));
  },
}));

// The zone is read once per page (module state): each test starts on a fresh module.
const load = async () => {
  vi.resetModules();
  return import('./device-time-zone');
};

describe('deviceTimeZone', () => {
  const real = Intl.DateTimeFormat;
  // Counts the formatters made on the page, each a real one.
  const made = vi.fn(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    return real(...args);
  });

  beforeEach(() => {
    made.mockClear();
    offThread.answer = null;
    offThread.asked = 0;
    Intl.DateTimeFormat = made as unknown as typeof Intl.DateTimeFormat;
  });
  afterEach(() => {
    Intl.DateTimeFormat = real;
  });

  it('is read by the dates worker, once, and the page then has it without asking Intl', async () => {
    vi.useFakeTimers();
    try {
      const { deviceTimeZone, warmUpDeviceTimeZone, WORKER_PATIENCE_MS } = await load();
      warmUpDeviceTimeZone();
      warmUpDeviceTimeZone();
      expect(offThread.asked).toBe(1);
      offThread.answer!.resolve('America/Guyana');
      await Promise.resolve();
      vi.advanceTimersByTime(WORKER_PATIENCE_MS);
      expect(deviceTimeZone()).toBe('America/Guyana');
      expect(made).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is read on the page when the worker cannot answer', async () => {
    const { deviceTimeZone, warmUpDeviceTimeZone } = await load();
    warmUpDeviceTimeZone();
    offThread.answer!.reject(new Error('no worker'));
    await new Promise((resolve) => setTimeout(resolve));
    expect(made).toHaveBeenCalledTimes(1);
    expect(deviceTimeZone()).toBe(real().resolvedOptions().timeZone || 'UTC');
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('is read on the page when the worker has not answered in time, and a late answer changes nothing', async () => {
    vi.useFakeTimers();
    try {
      const { deviceTimeZone, warmUpDeviceTimeZone, WORKER_PATIENCE_MS } = await load();
      warmUpDeviceTimeZone();
      vi.advanceTimersByTime(WORKER_PATIENCE_MS - 1);
      expect(made).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(made).toHaveBeenCalledTimes(1);
      const zone = real().resolvedOptions().timeZone || 'UTC';
      offThread.answer!.resolve('Pacific/Kiritimati');
      await Promise.resolve();
      expect(deviceTimeZone()).toBe(zone);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks Intl once and keeps the answer when the page needs it before the worker answered', async () => {
    const { deviceTimeZone } = await load();
    const zone = deviceTimeZone();
    expect(zone).toBe(real().resolvedOptions().timeZone || 'UTC');
    made.mockClear();
    expect(deviceTimeZone()).toBe(zone);
    expect(made).not.toHaveBeenCalled();
  });
});

describe('useDeviceTimeZone', () => {
  it('is null until the dates worker has read the zone, which it asks for itself, then the zone', async () => {
    const { useDeviceTimeZone } = await load();
    const { result } = renderHook(() => useDeviceTimeZone());
    expect(result.current).toBeNull();
    expect(offThread.asked).toBe(1);
    await act(async () => offThread.answer!.resolve('Europe/London'));
    expect(result.current).toBe('Europe/London');
  });
});
