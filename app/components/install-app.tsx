import { Share, X } from 'lucide-react';
import { useState } from 'react';
import { isIosBrowser, promptInstall, useInstallOffer } from '../lib/pwa/install';

const DISMISSED_KEY = 'installHintDismissed';

/** 'Install App' where the browser offers it; short Add to Home Screen steps on iOS. */
export function InstallApp() {
  const offered = useInstallOffer();
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  const standalone =
    typeof window !== 'undefined' &&
    (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true);
  const ios = typeof navigator !== 'undefined' && isIosBrowser(navigator.userAgent, Boolean(standalone));

  if (offered) {
    return (
      <button type="button" className="outline install-app" onClick={() => void promptInstall()}>
        Install App
      </button>
    );
  }
  if (!ios || dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // the hint comes back next visit
    }
  };
  return (
    <aside className="install-hint" aria-label="Install this app">
      <p>
        Install this radio: tap <strong>Share</strong> <Share size={18} />, then <strong>Add to Home Screen</strong>.
      </p>
      <button type="button" className="icon-button" onClick={dismiss} aria-label="Dismiss install instructions">
        <X />
      </button>
    </aside>
  );
}
