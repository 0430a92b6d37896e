import { useState } from 'react';
import type { SponsorTier } from '../../../domain/catalog';
import { useDeferredMount } from '../../lib/use-deferred-mount';
import { claimLaterTaps } from '../../lib/player/first-tap/taps-later';
import { SponsorApplicationForm } from './sponsor-application-form';
import { TIER_OFFERS } from './sponsor-tiers';
import './sponsors.css';

export function SponsorApplicationPage() {
  const [tier, setTier] = useState<SponsorTier>('supporting');
  // The form sits below the tiers: rendered just after the first screen (useDeferredMount).
  const formReady = useDeferredMount();

  function choose(next: SponsorTier) {
    setTier(next);
    document.getElementById('partnership-application')?.scrollIntoView({ block: 'start' });
  }

  return (
    <div className="sponsor-application">
      <header>
        <h1>Become a Sponsor</h1>
        <p className="muted">Put your business in front of listeners across the Caribbean and help keep the music playing.</p>
      </header>
      <section aria-label="Partnership tiers">
        <ul className="tier-cards">
          {TIER_OFFERS.map((t) => (
            <li key={t.tier}>
              <article className={`tier-card ${t.highlighted ? 'tier-card-highlighted' : ''} ${tier === t.tier ? 'tier-card-selected' : ''}`}>
                {t.highlighted && <span className="tier-badge">Most exposure</span>}
                <h2>{t.name}</h2>
                <p className="tier-price">{t.price}</p>
                <p>{t.benefits}</p>
                <button
                  type="button"
                  ref={claimLaterTaps}
                  data-after-start=""
                  className={t.highlighted ? '' : 'outline'}
                  aria-pressed={tier === t.tier}
                  onClick={() => choose(t.tier)}
                >
                  Choose {t.name}
                </button>
              </article>
            </li>
          ))}
        </ul>
      </section>
      {formReady && <SponsorApplicationForm tier={tier} onTierChange={setTier} />}
    </div>
  );
}
