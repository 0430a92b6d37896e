import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The zone is read once per page (module state): the warm-up runs first, on a fresh module.
const load = () => import('./device-time-zone');

describe('deviceTimeZone', () => {
  const real = Intl.DateTimeFormat;
  // Counts the formatters made, each a real one.
  const made = vi.fn(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    return real(...args);
  });

  beforeEach(() => {
    made.mockClear();
    Intl.DateTimeFormat = made as unknown as typeof Intl.DateTimeFormat;
  });
  afterEach(() => {
    Intl.DateTimeFormat = real;
    vi.useRealTimers();
  });

  it('is warmed up in a task of its own, not in the caller’s, and the render then finds it ready', async () => {
    const { deviceTimeZone, warmUpDeviceTimeZone } = await load();
    vi.useFakeTimers();
    warmUpDeviceTimeZone();
    expect(made).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
    deviceTimeZone();
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('asks Intl once and keeps the answer', async () => {
    const { deviceTimeZone } = await load();
    const zone = deviceTimeZone();
    expect(zone).toBe(real().resolvedOptions().timeZone || 'UTC');
    made.mockClear();
    expect(deviceTimeZone()).toBe(zone);
    expect(made).not.toHaveBeenCalled();
  });
});
