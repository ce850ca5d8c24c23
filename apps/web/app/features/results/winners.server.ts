import type { Visitor } from '../../lib/visitor.server';
import { drawWinners, requirePage, WINNERS_PAGE_SIZE } from './draws.server';
import type { PagerView, WinnerView } from './results-view';
import { pagerView, winnerView } from './results-view.server';

/** A page of a draw's winners (those a search finds, when given) with its pager; a page past the last is 404. */
export async function winnersPage(
  visitor: Visitor,
  offerKey: string,
  drawNo: number,
  page: number,
  hrefOf: (page: number) => string,
  search?: string,
): Promise<{ winners: WinnerView[]; pager: PagerView }> {
  const list = await drawWinners(visitor, offerKey, drawNo, page, search);
  requirePage(page, list.total, WINNERS_PAGE_SIZE);
  return {
    winners: list.items.map(winnerView),
    pager: pagerView(page, list.total, WINNERS_PAGE_SIZE, hrefOf),
  };
}
