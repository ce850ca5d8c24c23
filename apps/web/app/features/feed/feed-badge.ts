/**
 * The header's notifications button: its name and badge. Apart from the feed's view models
 * (feed-view.ts), which only the feed's drawer and page need, so the layout every page loads does
 * not carry them.
 */

/** The header button's accessible name: "Notifications, 2 unread". */
export function feedButtonLabel(unviewed: number): string {
  return unviewed > 0 ? `Notifications, ${unviewed} unread` : 'Notifications';
}

/** The badge's text: the count, "99+" above 99; none at 0. */
export function badgeText(unviewed: number): string | null {
  if (unviewed <= 0) return null;
  return unviewed > 99 ? '99+' : String(unviewed);
}
