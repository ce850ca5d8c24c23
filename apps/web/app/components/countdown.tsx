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

const getNow = () => clockNow;
const getServerNow = () => null;

/**
 * Time left until entries close, ticking every second in the browser. The server (and the first
 * render in the browser, so that hydration matches) shows the closing time itself: a page is then
 * the same for every request within a minute, and works without JavaScript.
 */
export function Countdown({ stop, stopText, testId }: { stop: string; stopText: string; testId?: string }) {
  const now = useSyncExternalStore(subscribe, getNow, getServerNow);
  const stopMs = Date.parse(stop);
  let text = `Entries close ${stopText}`;
  if (now !== null && !Number.isNaN(stopMs)) {
    const left = stopMs - now;
    text = left > 0 ? `Entries close in ${formatCountdown(left)}` : 'Entries closed';
  }
  return (
    <span data-testid={testId} className="tabular-nums">
      {text}
    </span>
  );
}
