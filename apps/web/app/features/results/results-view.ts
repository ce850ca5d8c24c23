/** What the results pages show, computed on the server (texts already formatted). */

/** One row of balls: the main numbers, the supplementary or bonus balls, or the Powerball. */
export type BallSetView = {
  label: string;
  kind: 'main' | 'supplementary' | 'powerball';
  numbers: number[];
};

export type RafflePrizeView = {
  rank: number;
  name: string;
  value: string | null;
  winningTicket: number | null;
};

export type DivisionView = {
  division: number;
  description: string;
  winners: string;
  prize: string;
};

/** A draw in a list of results: its balls (or a raffle's winning tickets) and where its full result is. */
export type DrawCardView = {
  offerKey: string;
  offerName: string;
  kind: 'lottery' | 'raffle';
  drawNo: number;
  /** "Thu 19 Nov 2026, 8:30pm". */
  drawDate: string;
  /** ISO draw time, for `<time dateTime>`. */
  drawAt: string;
  jackpot: string | null;
  balls: BallSetView[];
  prizes: RafflePrizeView[];
  /** The full result's address; null for an offer without results pages of its own (a syndicate). */
  href: string | null;
};

/** The published proof of a raffle draw, as the page shows it and the browser checks it. */
export type ProofView = {
  algorithm: string;
  version: number;
  commitment: string;
  /** Published after the draw: everything the check needs. */
  published: { seed: string; ticketsSold: number; winningTickets: number[] } | null;
};

/** A draw's full result; `pending` says when a draw whose results are not published is drawn. */
export type FullResultView = DrawCardView & {
  published: boolean;
  /** Still taking entries (DRAW_OPEN). */
  open: boolean;
  pending: string | null;
  divisions: DivisionView[];
  proof: ProofView | null;
};

export type PageLink = { page: number; href: string; current: boolean };

export type PagerView = {
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  links: PageLink[];
};

export type MonthLink = { label: string; href: string; current: boolean };

export type WinnerView = {
  name: string;
  suburb: string | null;
  prizeName: string;
  prize: string | null;
  ticketNumber: number | null;
};
