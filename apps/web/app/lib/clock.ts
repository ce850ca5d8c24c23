/**
 * The time a page is rendered at, to the whole second: every text that depends on "now" (draw day
 * labels, the countdown's first value) is the same for every request within one second, which lets
 * identical pages be rendered once (see entry.server.tsx).
 */
export function pageNow(nowMs: number = Date.now()): Date {
  return new Date(Math.floor(nowMs / 1000) * 1000);
}
