import { useEffect } from 'react';

const HEARTBEAT_MS = 60_000;

/**
 * Pings /blank.html every 60 seconds while the visitor has been active within the configured
 * timeout (spec shopping side section 4, "Session"; heartbeatActiveTimeout, default 600 s).
 */
export function Heartbeat({ activeTimeoutSeconds }: { activeTimeoutSeconds: number }) {
  useEffect(() => {
    let lastActive = Date.now();
    const markActive = () => {
      lastActive = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, markActive, { passive: true });
    const timer = setInterval(() => {
      if (Date.now() - lastActive <= activeTimeoutSeconds * 1000) {
        fetch('/blank.html', { cache: 'no-store', credentials: 'same-origin' }).catch(() => undefined);
      }
    }, HEARTBEAT_MS);
    return () => {
      clearInterval(timer);
      for (const e of events) window.removeEventListener(e, markActive);
    };
  }, [activeTimeoutSeconds]);
  return null;
}
