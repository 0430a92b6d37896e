import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { NewEventSchema } from '../../../../domain/events';
import { messagesByField } from '../../../components/form/messages-by-field';
import { emptyEventDraft, eventDraft, eventFieldOf, eventInput, splitUpcoming } from './event-fields';
import { imageFileProblem } from '../../../lib/admin-upload';

const ZONE = 'America/Guyana';

describe('event form ↔ API', () => {
  it('turns a filled form into a valid event with the start in UTC', () => {
    const input = eventInput(
      { title: ' Gospel Night ', imageUrl: '', startLocal: '2026-02-14T19:00', locationText: 'Georgetown', priceFrom: '25', ticketUrl: 'https://tickets.example/gn', isPublic: false },
      ZONE,
    );
    const parsed = v.parse(NewEventSchema, input);
    expect(parsed).toEqual({
      title: 'Gospel Night',
      imageUrl: null,
      startIso: '2026-02-14T23:00:00.000Z',
      locationText: 'Georgetown',
      priceFrom: 25,
      ticketUrl: 'https://tickets.example/gn',
      isPublic: false,
    });
  });
  it('lets the schema speak for empty and unreadable fields, beside the right inputs', () => {
    const errors = messagesByField(NewEventSchema, eventInput({ ...emptyEventDraft(), priceFrom: 'ten', ticketUrl: 'nope' }, ZONE), eventFieldOf);
    expect(errors).toEqual({
      title: 'Event title is required',
      startLocal: 'Start date and time are required',
      priceFrom: 'Price must be a number',
      ticketUrl: 'Valid ticket URL is required',
    });
  });
  it('opens a stored event in station time', () => {
    const draft = eventDraft(
      { id: 'e1', title: 'Fest', imageUrl: null, startIso: '2026-02-14T23:00:00.000Z', locationText: '', priceFrom: 0, ticketUrl: null, isPublic: true },
      ZONE,
    );
    expect(draft).toMatchObject({ startLocal: '2026-02-14T19:00', priceFrom: '0', imageUrl: '', ticketUrl: '' });
  });
  it('lists upcoming events soonest first and past ones last, latest first', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    const e = (id: string, startIso: string) => ({ id, startIso });
    const { upcoming, past } = splitUpcoming([e('later', '2026-06-01T00:00:00Z'), e('old', '2026-01-01T00:00:00Z'), e('soon', '2026-05-02T00:00:00Z'), e('older', '2025-01-01T00:00:00Z'), e('tonight-started', '2026-05-01T10:00:00Z')], now);
    expect(upcoming.map((x) => x.id)).toEqual(['tonight-started', 'soon', 'later']);
    expect(past.map((x) => x.id)).toEqual(['old', 'older']);
  });
  it('refuses files that are not images or too big before uploading', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'audio/mpeg', size: 1000 })).toMatch(/image file/);
    expect(imageFileProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('Images must be 5 MB or smaller');
  });
});
