import type {
  DrawDetails,
  DrawWinner,
  PrizeDivision,
  RaffleProof,
  WinningNumberSet,
} from '@drawhouse/contract';
import { formatCount, formatDrawDate, formatJackpot, formatMoney } from '@drawhouse/domain';
import { centsOf, moneyText } from '../catalogue/offer-view.server';
import type {
  BallSetView,
  DivisionView,
  DrawCardView,
  FullResultView,
  PagerView,
  ProofView,
  RafflePrizeView,
  WinnerView,
} from './results-view';

/** The set the Powerball game draws apart from the main numbers. */
const POWERBALL_SET = 'powerball';

export function ballSets(result: DrawDetails['result']): BallSetView[] {
  if (!result) return [];
  const sets: BallSetView[] = result.numbers
    .filter((set: WinningNumberSet) => set.numbers.length > 0)
    .map((set) => ({
      label: set.name === 'Numbers' ? 'Winning numbers' : set.name,
      kind: set.name.toLowerCase() === POWERBALL_SET ? 'powerball' : 'main',
      numbers: set.numbers,
    }));
  if (result.supplementary.length > 0) {
    const name = result.supplementaryName ?? 'Supplementary';
    sets.push({
      label: result.supplementary.length > 1 ? `${name} numbers` : `${name} number`,
      kind: 'supplementary',
      numbers: result.supplementary,
    });
  }
  return sets;
}

function rafflePrizes(draw: DrawDetails): RafflePrizeView[] {
  return (draw.raffle?.prizes ?? []).map((p) => ({
    rank: p.rank,
    name: p.name,
    value: moneyText(p.value),
    winningTicket: p.winningTicket,
  }));
}

function jackpotOf(draw: DrawDetails): string | null {
  const cents = centsOf(draw.jackpot);
  return cents === null || cents === 0 || !draw.jackpot ? null : formatJackpot(cents, draw.jackpot.currency);
}

export function drawCardView(draw: DrawDetails): DrawCardView {
  const drawAt = new Date(draw.drawDate);
  return {
    offerKey: draw.productOfferKey,
    offerName: draw.offerName,
    kind: draw.drawType === 'raffle_ticket_draw' ? 'raffle' : 'lottery',
    drawNo: draw.drawNo,
    drawDate: Number.isNaN(drawAt.getTime()) ? draw.drawDate : formatDrawDate(drawAt),
    drawAt: draw.drawDate,
    jackpot: jackpotOf(draw),
    balls: ballSets(draw.result),
    prizes: rafflePrizes(draw),
    href:
      draw.displayCategory === 'lotto' || draw.displayCategory === 'raffle'
        ? `/${draw.productOfferKey}/results/draw/${draw.drawNo}`
        : null,
  };
}

export function divisionView(d: PrizeDivision): DivisionView {
  const cents = centsOf(d.prize);
  return {
    division: d.division,
    description: d.description,
    winners: formatCount(d.winners),
    prize: cents === null || !d.prize ? '–' : formatMoney(cents, d.prize.currency),
  };
}

export function proofView(proof: RaffleProof | null | undefined): ProofView | null {
  if (!proof) return null;
  const { seed, ticketsSold, winningTickets } = proof;
  return {
    algorithm: proof.algorithm,
    version: proof.version,
    commitment: proof.commitment,
    published:
      seed !== undefined && ticketsSold !== undefined && winningTickets !== undefined
        ? { seed, ticketsSold, winningTickets }
        : null,
  };
}

/** A draw's full result, or what the page says while its results are not published. */
export function fullResultView(draw: DrawDetails): FullResultView {
  const card = drawCardView(draw);
  const published = draw.result !== null;
  return {
    ...card,
    published,
    open: draw.status === 'DRAW_OPEN',
    pending: published
      ? null
      : `Draw ${formatCount(draw.drawNo)} is drawn ${card.drawDate}. Its results appear here once they are published.`,
    divisions: published ? draw.divisions.map(divisionView) : [],
    proof: proofView(draw.raffle?.proof),
  };
}

export function winnerView(w: DrawWinner): WinnerView {
  return {
    name: w.name,
    suburb: w.suburb,
    prizeName: w.prizeName,
    prize: moneyText(w.prize),
    ticketNumber: w.ticketNumber,
  };
}

/** Pages shown around the current one in the pager. */
const PAGER_SPAN = 2;

/**
 * The pager of a list of `total` items shown `pageSize` at a time, on page `page` (1-based); `hrefOf`
 * gives each page's address.
 */
export function pagerView(
  page: number,
  total: number,
  pageSize: number,
  hrefOf: (page: number) => string,
): PagerView {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = Math.max(1, Math.min(page - PAGER_SPAN, pages - 2 * PAGER_SPAN));
  const last = Math.min(pages, first + 2 * PAGER_SPAN);
  const links = [];
  for (let p = first; p <= last; p++) links.push({ page: p, href: hrefOf(p), current: p === page });
  return {
    page,
    pages,
    previous: page > 1 ? hrefOf(page - 1) : null,
    next: page < pages ? hrefOf(page + 1) : null,
    links,
  };
}

/** A draw number from a path segment, or null when it is not one. */
export function drawNumber(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}
