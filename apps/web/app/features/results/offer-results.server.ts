import type { DrawDetails } from '@drawhouse/contract';
import { RESULTS_PAGE_SIZE } from '@drawhouse/contract';
import { data } from 'react-router';
import { pageNow } from '../../lib/clock';
import { pageNumber } from '../../lib/paging';
import type { Visitor } from '../../lib/visitor.server';
import { type ArchiveMonth, archiveMonthLinks } from './archive-month';
import { type DrawPage, requirePage, resultKeys } from './draws.server';
import type { DrawCardView, MonthLink, PagerView } from './results-view';
import { drawCardView, pagerView } from './results-view.server';

/** The `?page=` of a results or winners page; a page that is not a page number is 404. */
export function pageOfQuery(request: Request): number {
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  if (page === 0) throw data(null, { status: 404 });
  return page;
}

/** `base` for page 1, `base?page=n` for the others. */
export function pageHref(base: string): (page: number) => string {
  return (page) => (page === 1 ? base : `${base}?page=${page}`);
}

/** The month links of an offer's results: from its first result's month to now's. */
export async function offerMonthLinks(
  visitor: Visitor,
  offerKey: string,
  current: ArchiveMonth | null = null,
): Promise<{ months: MonthLink[]; firstResult: Date | null }> {
  const key = (await resultKeys(visitor)).find((k) => k.productOfferKey === offerKey);
  const firstResult = key ? new Date(key.firstResultDate) : null;
  if (!firstResult || Number.isNaN(firstResult.getTime())) return { months: [], firstResult: null };
  return { months: archiveMonthLinks(offerKey, firstResult, pageNow(), current), firstResult };
}

/** A page of draws as cards with its pager; a page past the last is 404. */
export function drawPageView(
  list: DrawPage<DrawDetails>,
  page: number,
  hrefOf: (page: number) => string,
): { draws: DrawCardView[]; pager: PagerView } {
  requirePage(page, list.total);
  return {
    draws: list.items.map(drawCardView),
    pager: pagerView(page, list.total, RESULTS_PAGE_SIZE, hrefOf),
  };
}
