import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { watchActivity } from '../../components/heartbeat';

const CHECK_MS = 60_000;
const LAST_ACTIVE_KEY = 'dh:last-active';

function readLastActive(fallback: number): number {
  try {
    const stored = Number(window.localStorage.getItem(LAST_ACTIVE_KEY));
    return Number.isFinite(stored) && stored > fallback ? stored : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Inactivity check on a sliding interval: when the customer has been idle longer than the session
 * timeout they are signed out; otherwise a session refresh runs (POST /session/keepalive slides the
 * cookie and swaps an access token about to expire). Activity in any tab of the site counts.
 */
export function SessionTimeout({ timeoutSeconds }: { timeoutSeconds: number }) {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  useEffect(() => {
    let lastActive = Date.now();
    let lastRefresh = Date.now();
    const markActive = () => {
      lastActive = Date.now();
      try {
        window.localStorage.setItem(LAST_ACTIVE_KEY, String(lastActive));
      } catch {
        // Private modes without storage: this tab's activity alone counts.
      }
    };
    const tick = () => {
      lastActive = readLastActive(lastActive);
      const now = Date.now();
      if (now - lastActive >= timeoutSeconds * 1000) {
        window.location.assign('/logout?reason=timeout');
        return;
      }
      if (lastActive > lastRefresh) {
        lastRefresh = now;
        fetch('/session/keepalive', { method: 'POST', credentials: 'same-origin' })
          .then((response) => (response.ok ? response.json() : undefined))
          .then((body: { signedIn?: boolean } | undefined) => {
            if (body && body.signedIn === false) revalidate();
          })
          .catch(() => undefined);
      }
    };
    return watchActivity(markActive, tick, CHECK_MS);
  }, [timeoutSeconds, revalidate]);
  return null;
}
