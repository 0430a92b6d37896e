import { describe, expect, it } from 'vitest';
import { connectDatesWorker, type DatesWorker } from './format-dates';
import { formatDates, type DatesAnswer, type DatesRequest } from './format-dates-protocol';

const OPTIONS = { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/Guyana' } as const;
const ISOS = ['2026-01-11T00:00:00.000Z', '2026-01-12T18:30:00.000Z'];

/** A worker that answers as dates.worker.ts does, a task later, and counts what it was asked. */
function workingWorker(): DatesWorker & { asked: DatesRequest[] } {
  const w: DatesWorker & { asked: DatesRequest[] } = {
    asked: [],
    onmessage: null,
    onerror: null,
    postMessage(request) {
      w.asked.push(request);
      setTimeout(() => w.onmessage?.({ data: { id: request.id, ...formatDates(request) } satisfies DatesAnswer } as MessageEvent<DatesAnswer>));
    },
    terminate() {},
  };
  return w;
}

describe('connectDatesWorker', () => {
  it('has the worker write the dates, each list answered by its own id', async () => {
    const worker = workingWorker();
    const format = connectDatesWorker(() => worker);
    const [{ texts: a }, { texts: b }] = await Promise.all([format({ isos: ISOS, options: OPTIONS, locale: 'en-US' }), format({ isos: ISOS.slice(1), options: OPTIONS, locale: 'en-US' })]);
    expect(a).toEqual([expect.stringMatching(/^Sat,? 8:00\sPM GMT-4$/), expect.stringMatching(/^Mon,? 2:30\sPM GMT-4$/)]);
    expect(b).toEqual([a[1]]);
    expect(worker.asked.map((r) => r.id)).toEqual([1, 2]);
  });

  it('writes them on the page when the worker cannot start, those already asked included', async () => {
    let terminated = false;
    const worker: DatesWorker = { onmessage: null, onerror: null, postMessage() {}, terminate: () => (terminated = true) };
    const format = connectDatesWorker(() => worker);
    const waiting = format({ isos: ISOS, options: OPTIONS, locale: 'en-US' });
    const event = new Event('error', { cancelable: true });
    worker.onerror?.(event);
    expect(event.defaultPrevented).toBe(true);
    expect(terminated).toBe(true);
    expect(await waiting).toEqual(formatDates({ isos: ISOS, options: OPTIONS, locale: 'en-US' }));
    expect((await format({ isos: ISOS.slice(0, 1), options: OPTIONS, locale: 'en-US' })).texts).toHaveLength(1);
  });

  it('writes them on the page without module workers, and reports what Intl refuses', async () => {
    const format = connectDatesWorker(() => null);
    expect(await format({ isos: ISOS, options: OPTIONS, locale: 'en-US' })).toEqual(formatDates({ isos: ISOS, options: OPTIONS, locale: 'en-US' }));
    await expect(format({ isos: ISOS, options: { timeZone: 'Nowhere/Nothing' } })).rejects.toThrow(RangeError);
  });

  it("passes the worker's refusal on", async () => {
    const worker: DatesWorker = {
      onmessage: null,
      onerror: null,
      postMessage(request) {
        setTimeout(() => worker.onmessage?.({ data: { id: request.id, error: 'Invalid time zone specified: Nowhere/Nothing' } } as MessageEvent<DatesAnswer>));
      },
      terminate() {},
    };
    await expect(connectDatesWorker(() => worker)({ isos: ISOS, options: { timeZone: 'Nowhere/Nothing' } })).rejects.toThrow('Invalid time zone');
  });

  it("answers the device's zone with every list, and with no dates to write makes no formatter of them", async () => {
    const worker = workingWorker();
    const format = connectDatesWorker(() => worker);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    expect(await format({ isos: [], options: { timeZone: 'Nowhere/Nothing' } })).toEqual({ texts: [], zone });
    expect((await format({ isos: ISOS, options: OPTIONS, locale: 'en-US' })).zone).toBe(zone);
  });
});
