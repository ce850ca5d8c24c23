/**
 * The time a page is rendered at, to the whole minute. Texts that depend on "now" on the server
 * (draw day labels: Tonight, Tomorrow, This Saturday) change at most at midnight and at 18:00, so a
 * minute is precise enough; and every request within one minute gets the same page, which lets
 * identical pages be rendered once (see entry.server.tsx). Live countdowns run in the browser.
 */
export const PAGE_CLOCK_STEP_MS = 60_000;

export function pageNow(nowMs: number = Date.now()): Date {
  return new Date(Math.floor(nowMs / PAGE_CLOCK_STEP_MS) * PAGE_CLOCK_STEP_MS);
}
