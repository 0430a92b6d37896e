import { describe, expect, it } from 'vitest';
import { composeSponsorNotes } from '../../../../domain/sponsors';
import { parseApplicationNotes, splitSponsors } from './sponsor-review';

describe('parseApplicationNotes', () => {
  it('reads back what the application form composed', () => {
    const notes = composeSponsorNotes({ email: 'ads@co.example', budget: '$500 - $1,000', goals: 'Reach listeners across Guyana', message: 'Call after 5' });
    expect(parseApplicationNotes(notes)).toEqual({
      email: 'ads@co.example',
      budget: '$500 - $1,000',
      goals: 'Reach listeners across Guyana',
      message: 'Call after 5',
      other: [],
    });
  });
  it('keeps multi-line goals together and hand-written lines aside', () => {
    const parsed = parseApplicationNotes('Met at the expo\nEmail: a@b.example\nGoals: line one\nline two');
    expect(parsed.goals).toBe('line one\nline two');
    expect(parsed.other).toEqual(['Met at the expo']);
    expect(parsed.message).toBeNull();
  });
  it('copes with no notes', () => {
    expect(parseApplicationNotes(undefined)).toEqual({ email: null, budget: null, goals: null, message: null, other: [] });
  });
});

describe('splitSponsors', () => {
  it('puts applications first, newest first, then active sponsors by tier and name', () => {
    const s = (name: string, active: boolean, tier: string, createdAt: string) => ({ name, active, tier, createdAt }) as never;
    const { applications, active } = splitSponsors([
      s('Zed', true, 'supporting', '2026-01-01'),
      s('Old app', false, 'premium', '2026-01-01'),
      s('Beta', true, 'premium', '2026-01-02'),
      s('New app', false, 'supporting', '2026-03-01'),
      s('Alpha', true, 'premium', '2026-01-03'),
      s('Mid', true, 'standard', '2026-01-04'),
    ]);
    expect(applications.map((x: { name: string }) => x.name)).toEqual(['New app', 'Old app']);
    expect(active.map((x: { name: string }) => x.name)).toEqual(['Alpha', 'Beta', 'Mid', 'Zed']);
  });
});
