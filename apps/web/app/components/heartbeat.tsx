import { HEARTBEAT_MS, heartbeatDue, startsNewSession } from '@drawhouse/domain';
import { useEffect } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/**
 * Calls `onActive` when the visitor points, types, scrolls or touches, and `tick` every `everyMs`.
 * Returns the stop (an effect's cleanup).
 */
export function watchActivity(onActive: () => void, tick: () => void, everyMs: number): () => void {
  for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActive, { passive: true });
  const timer = setInterval(tick, everyMs);
  return () => {
    clearInterval(timer);
    for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActive);
  };
}

/**
 * Pings /blank.html every 60 seconds while the visitor has been active within the configured
 * timeout (heartbeatActiveTimeout, default 600 s). Activity after 30 minutes or more without any
 * starts a new session: /session/visit answers a new session id.
 */
export function Heartbeat({ activeTimeoutSeconds }: { activeTimeoutSeconds: number }) {
  useEffect(() => {
    let lastActive = Date.now();
    const markActive = () => {
      const now = Date.now();
      if (startsNewSession(lastActive, now)) {
        fetch('/session/visit', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
      }
      lastActive = now;
    };
    return watchActivity(
      markActive,
      () => {
        if (heartbeatDue(lastActive, Date.now(), activeTimeoutSeconds)) {
          fetch('/blank.html', { cache: 'no-store', credentials: 'same-origin' }).catch(() => undefined);
        }
      },
      HEARTBEAT_MS,
    );
  }, [activeTimeoutSeconds]);
  return null;
}
