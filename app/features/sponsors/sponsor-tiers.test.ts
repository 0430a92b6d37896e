import { describe, expect, it } from 'vitest';
import { applicationFieldOf, groupSponsors, TIER_OFFERS } from './sponsor-tiers';

const s = (name: string, tier: string, active = true) => ({ name, tier, active });

describe('groupSponsors', () => {
  it('groups premium, standard and supporting under the spec titles, best first', () => {
    const groups = groupSponsors([s('C', 'supporting'), s('A', 'premium'), s('B', 'standard')]);
    expect(groups.map((g) => [g.title, g.sponsors.map((x) => x.name)])).toEqual([
      ['Premium Partners', ['A']],
      ['Supporting Partners', ['B']],
      ['Community Supporters', ['C']],
    ]);
  });

  it('treats any other tier as supporting', () => {
    const groups = groupSponsors([s('Gold', 'gold'), s('Blank', ''), s('C', 'supporting')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.title).toBe('Community Supporters');
    expect(groups[0]!.sponsors.map((x) => x.name)).toEqual(['Gold', 'Blank', 'C']);
  });

  it('leaves out empty groups and inactive sponsors', () => {
    expect(groupSponsors([s('Off', 'premium', false)])).toEqual([]);
    expect(groupSponsors([]).length).toBe(0);
  });
});

describe('applicationFieldOf', () => {
  it('maps the payload names back to the form fields', () => {
    expect(['name', 'targetUrl', 'tier', 'notes'].map(applicationFieldOf)).toEqual(['companyName', 'website', 'tier', 'goals']);
  });

  it('keeps form names as they are and leaves unknown paths to the form', () => {
    expect(applicationFieldOf('email')).toBe('email');
    expect(applicationFieldOf('zzz')).toBeUndefined();
  });
});

describe('TIER_OFFERS', () => {
  it('holds the three cards of docs/product.md with premium highlighted', () => {
    expect(TIER_OFFERS.map((t) => [t.name, t.price])).toEqual([
      ['Community Supporter', '$100 - $500'],
      ['Supporting Partner', '$500 - $2000'],
      ['Premium Partner', '$2000+'],
    ]);
    expect(TIER_OFFERS.filter((t) => t.highlighted).map((t) => t.tier)).toEqual(['premium']);
  });
});
