/** What the offer cards and offer pages show, computed on the server (texts already formatted). */
import type { DisplayCategory, NumberSet, ProductOfferType } from '@drawhouse/contract';

export type JackpotView = { text: string; footnote: boolean };

export type OfferCardView = {
  key: string;
  name: string;
  description: string | null;
  type: ProductOfferType;
  category: DisplayCategory;
  href: string;
  logo: string | null;
  highlighted: boolean;
  jackpot: JackpotView | null;
  /** Tonight, Tomorrow, This Saturday ... of the next draw, or its long date with the time. */
  drawLabel: string | null;
  /** The full date beside a relative label; null when the label already names the date. */
  drawDate: string | null;
  /** ISO stop time of the next draw (or raffle close): the countdown's target. */
  stop: string | null;
  /** The stop time as text, shown until the browser's countdown takes over. */
  stopText: string | null;
  purchaseStatus: string | null;
  raffle: { ticketsLeft: number; totalTickets: number } | null;
  syndicate: { sharesLeft: number; totalShares: number; costPerShare: string | null } | null;
  /** Membership cards: the price from, what members get and how it bills. */
  membership: { priceFrom: string; summary: string | null; billing: string } | null;
  /** The Lotto Party card: what group play is and the lowest share price a group may set. */
  lottoParty: { summary: string; sharesFrom: string; priceNote: string } | null;
};

export type DrawRowView = {
  drawNo: number;
  /** "Next draw", "2nd draw", "3rd draw" ... */
  ordinal: string;
  /** The draw's date and time, the same form on every row: "Thu 26 Nov 2026, 8:30pm". */
  label: string;
  /** A near draw's day in words ("Tomorrow", "This Thursday", "Next Thursday"); null for a far one. */
  dateNote: string | null;
  drawDate: string;
  stopDate: string;
  jackpot: JackpotView;
  purchaseStatus: string;
};

export type GameTypeTabView = { key: string; name: string; href: string; current: boolean };

export type GameOfferView = {
  key: string;
  name: string;
  minGames: number;
  maxGames: number;
  defaultGames: number;
  prices: { games: number; price: string }[];
  /** The whole price table in cents (per draw), for the play panel's live price. */
  priceTable: { games: number; priceCents: number }[];
  currency: string;
  /** The locale the live price is written in (the site's; en-AU when absent). */
  locale?: string;
  numberSets: NumberSet[];
};

export type OfferPageView = {
  card: OfferCardView;
  facts: { label: string; value: string }[];
  draws: DrawRowView[];
  gameTypes: GameTypeTabView[];
  gameType: {
    key: string;
    name: string;
    defaultGameOffer: string;
    /** Autoplay (recurring purchase) of the game type: `always`, `optional`, `never`; null without one. */
    autoplay: string | null;
    gameOffers: GameOfferView[];
  } | null;
  /** What the play panel needs besides the game type; null when the offer is not played here yet. */
  play: { lotteryKey: string | null; maxDraws: number } | null;
  raffle: {
    books: { numTickets: number; price: string }[];
    prizes: { rank: number; name: string; value: string | null }[];
    ticketsLeft: number;
    totalTickets: number;
    closesAt: string;
    /** False once the raffle has closed (its close time has passed). */
    open: boolean;
  } | null;
  syndicate: {
    totalShares: number;
    sharesLeft: number;
    costPerShare: string | null;
    /** Cost per share in cents, for the buy panel's live cost; null when unknown. */
    costPerShareCents: number | null;
    currency: string;
    ticketsName: string | null;
    numGames: number | null;
    /** The syndicate's entry counted in standard games (a System 10 of Powerball counts 120). */
    numStandardGames: number | null;
    lotteryKey: string;
  } | null;
  /** Membership offers: the billing periods a customer chooses between; null for other offers. */
  membership: { periods: { key: string; name: string; price: string }[] } | null;
  causes: { key: string; name: string; urlSlug: string }[];
  available: boolean;
};
