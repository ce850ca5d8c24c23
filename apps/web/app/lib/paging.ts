/** Paged account lists: the page number in the address and the number of pages. */

/** The page asked for: none is page 1; anything but 1..999999 is no page (0, the 404 page). */
export function pageNumber(param: string | null | undefined): number {
  if (param === undefined || param === null) return 1;
  return /^[1-9]\d{0,5}$/.test(param) ? Number(param) : 0;
}

/** How many pages a list of `total` takes (at least one, the empty list's). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
