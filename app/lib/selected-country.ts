import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '../../domain/countries';
import { pageLocation } from './page-location';

export const COUNTRY_STORAGE_KEY = 'selectedCountry';

/** docs/product.md#states-and-transitions: the country parameter if valid, else the saved choice, else GY. */
export function pickCountry(param: string | null, saved: string | null): CountryCode {
  if (isCountryCode(param)) return param;
  if (isCountryCode(saved)) return saved;
  return DEFAULT_COUNTRY;
}

/** pickCountry, plus the console warning docs/product.md#messages asks for when the parameter is invalid. */
export function resolveCountry(param: string | null, saved: string | null): CountryCode {
  if (param && !isCountryCode(param)) console.warn(`Ignoring unknown country code "${param}"`);
  return pickCountry(param, saved);
}

function readSaved(): string | null {
  try {
    return localStorage.getItem(COUNTRY_STORAGE_KEY);
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  // Back/forward re-reads the parameter.
  window.addEventListener('popstate', onChange);
  window.addEventListener('country-change', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('country-change', onChange);
  };
}

const countryParam = () => new URLSearchParams(pageLocation().search).get('country');
const snapshot = (): CountryCode => pickCountry(countryParam(), readSaved());

/** What the server can know: the address's country, else the default. */
const serverSnapshot = (): CountryCode => pickCountry(countryParam(), null);

/** The selected country now, for code outside components (route loaders). */
export const selectedCountryNow = snapshot;

/** Selecting saves the choice and updates the parameter (a new history entry). */
export function useSelectedCountry(): [CountryCode, (code: string) => void] {
  // The server renders the country the address names (docs/server-render.md); it cannot read
  // the listener's saved choice, so without a valid parameter it renders the default. The
  // browser hydrates with the same answer, then reads its saved choice.
  const country = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const param = countryParam();
  useEffect(() => {
    if (param && !isCountryCode(param)) console.warn(`Ignoring unknown country code "${param}"`);
  }, [param]);
  const select = useCallback((code: string) => {
    if (!isCountryCode(code)) {
      console.warn(`Ignoring unknown country code "${code}"`);
      return;
    }
    try {
      localStorage.setItem(COUNTRY_STORAGE_KEY, code);
    } catch {
      // storage full or blocked: the parameter still carries the choice
    }
    const url = new URL(window.location.href);
    // The country the address already names makes no new history entry (a choice the page
    // adopted when the app started, then the same choice's change event: issue 29).
    if (url.searchParams.get('country') === code) return;
    url.searchParams.set('country', code);
    window.history.pushState(window.history.state, '', url);
    window.dispatchEvent(new Event('country-change'));
  }, []);
  return [country, select];
}
