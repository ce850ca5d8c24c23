import type { Visitor } from '../../lib/visitor.server';
import { drawWinners, requirePage, WINNERS_PAGE_SIZE } from './draws.server';
import type { PagerView, WinnerView } from './results-view';
import { pagerView, winnerView } from './results-view.server';

/** A page of a draw's winners with its pager; a page past the last is 404. */
export async function winnersPage(
  visitor: Visitor,
  offerKey: string,
  drawNo: number,
  page: number,
  hrefOf: (page: number) => string,
): Promise<{ winners: WinnerView[]; pager: PagerView }> {
  const list = await drawWinners(visitor, offerKey, drawNo, page);
  requirePage(page, list.total, WINNERS_PAGE_SIZE);
  return {
    winners: list.items.map(winnerView),
    pager: pagerView(page, list.total, WINNERS_PAGE_SIZE, hrefOf),
  };
}
