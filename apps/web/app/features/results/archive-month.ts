/**
 * The results archive by month: `/{offer}/results/{YYYY-MM}` (e.g. `/powerball/results/2026-10`),
 * the month of the draw date on the Sydney clock. A four-digit year and a two-digit month, nothing
 * else: `2026-1`, `2026-13` and `202610` name no month and answer the 404 page, as does a month
 * before the offer's first result or after the current one.
 */
import { MONTHS, sydneyParts } from '@drawhouse/domain';
import type { MonthLink } from './results-view';

export type ArchiveMonth = { year: number; month: number };

export function parseArchiveMonth(raw: string): ArchiveMonth | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(raw);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) };
}

export function archiveMonthPath({ year, month }: ArchiveMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function archiveMonthName({ year, month }: ArchiveMonth): string {
  return `${MONTHS[month - 1]} ${year}`;
}

function monthIndex({ year, month }: ArchiveMonth): number {
  return year * 12 + (month - 1);
}

/** The Sydney month an instant falls in. */
export function monthOf(date: Date): ArchiveMonth {
  const p = sydneyParts(date);
  return { year: p.year, month: p.month };
}

/** Whether a month lies between the first result's month and now's month, both included. */
export function isArchivedMonth(month: ArchiveMonth, firstResult: Date, now: Date): boolean {
  const index = monthIndex(month);
  return index >= monthIndex(monthOf(firstResult)) && index <= monthIndex(monthOf(now));
}

/** Links to every month from now's back to the first result's, newest first. */
export function archiveMonthLinks(
  offerKey: string,
  firstResult: Date,
  now: Date,
  current: ArchiveMonth | null = null,
): MonthLink[] {
  const from = monthIndex(monthOf(firstResult));
  const links: MonthLink[] = [];
  for (let index = monthIndex(monthOf(now)); index >= from; index--) {
    const month = { year: Math.floor(index / 12), month: (index % 12) + 1 };
    links.push({
      label: archiveMonthName(month),
      href: `/${offerKey}/results/${archiveMonthPath(month)}`,
      current: current !== null && monthIndex(current) === index,
    });
  }
  return links;
}
