import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { NewShowSchema } from '../../../../domain/shows';
import { describeDays, emptyShowDraft, runsPastMidnight, showDraft, sortShows, stationZone, toggleDay } from './show-fields';

describe('show fields', () => {
  it('keeps ticked days in week order', () => {
    expect(toggleDay(['Friday'], 'Monday', true)).toEqual(['Monday', 'Friday']);
    expect(toggleDay(['Monday', 'Friday'], 'Monday', false)).toEqual(['Friday']);
    expect(toggleDay(['Monday'], 'Monday', true)).toEqual(['Monday']);
  });
  it('describes days briefly', () => {
    expect(describeDays(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])).toBe('Every day');
    expect(describeDays(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])).toBe('Weekdays');
    expect(describeDays(['Saturday', 'Sunday'])).toBe('Weekends');
    expect(describeDays(['Friday', 'Monday'])).toBe('Mon, Fri');
  });
  it('sorts by first day, then start time, then title', () => {
    const shows = [
      { title: 'Late', days: ['Monday'], startTime: '22:00' },
      { title: 'Sunday Praise', days: ['Sunday'], startTime: '09:00' },
      { title: 'B Morning', days: ['Monday', 'Tuesday'], startTime: '06:00' },
      { title: 'A Morning', days: ['Tuesday', 'Monday'], startTime: '06:00' },
    ] as const;
    expect(sortShows(shows as never).map((s: { title: string }) => s.title)).toEqual(['Sunday Praise', 'A Morning', 'B Morning', 'Late']);
  });
  it('knows a show that ends the next day', () => {
    expect(runsPastMidnight({ startTime: '22:00', endTime: '02:00' })).toBe(true);
    expect(runsPastMidnight({ startTime: '06:00', endTime: '09:00' })).toBe(false);
    expect(runsPastMidnight({ startTime: '', endTime: '02:00' })).toBe(false);
  });
  it("carries 'Record this show': off for a new show, the show's own mark when editing (an edit never clears it)", () => {
    expect(emptyShowDraft().record).toBe(false);
    const show = { id: 's', title: 'Sermon', description: '', startTime: '10:00', endTime: '11:00', days: ['Sunday' as const], record: true };
    expect(showDraft(show).record).toBe(true);
    expect(v.parse(NewShowSchema, showDraft(show)).record).toBe(true);
  });
  it('uses the station zone, or the default while unknown', () => {
    expect(stationZone({ timeZone: 'America/Jamaica' })).toBe('America/Jamaica');
    expect(stationZone(undefined)).toBe('America/Guyana');
  });
  it('an empty draft fails NewShowSchema with the messages shown beside the fields', () => {
    const result = v.safeParse(NewShowSchema, emptyShowDraft());
    expect(result.success).toBe(false);
    const messages = (result.issues ?? []).map((i) => i.message);
    expect(messages).toContain('Show title is required');
    expect(messages).toContain('Start time must be HH:MM');
    expect(messages).toContain('Pick at least one day');
  });
});
