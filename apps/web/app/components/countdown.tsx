import { formatCountdown } from '@drawhouse/domain';
import { useSyncExternalStore } from 'react';

/** One shared one-second clock for every countdown on the page. */
const listeners = new Set<() => void>();
let clockNow = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    clockNow = Date.now();
    timer = setInterval(() => {
      clockNow = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * Time left until entries close. The server renders it at the loader's time (`serverNow`) and the
 * browser hydrates with that same time before it starts ticking, so the two always agree.
 */
export function Countdown({ stop, serverNow, testId }: { stop: string; serverNow: number; testId?: string }) {
  const now = useSyncExternalStore(
    subscribe,
    () => clockNow,
    () => serverNow,
  );
  const stopMs = Date.parse(stop);
  if (Number.isNaN(stopMs)) return null;
  const left = stopMs - now;
  return (
    <span data-testid={testId} className="tabular-nums">
      {left > 0 ? `Entries close in ${formatCountdown(left)}` : 'Entries closed'}
    </span>
  );
}
