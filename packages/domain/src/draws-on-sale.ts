/**
 * Which draws of an offer are on sale, with what purchase status, and which of them an entry starts
 * with. The catalogue lists exactly the draws `listedDraws` gives and the cart takes an entry's first
 * draw only among them, so what a customer is shown and what the cart accepts are one rule.
 */
import type { PurchaseStatus } from '@drawhouse/contract';
import { WEEKDAY_NAMES } from './draw-choice.ts';
import { SYDNEY_TIME_ZONE, zonedParts } from './draw-schedule.ts';

/** How many upcoming draws an offer lists and sells, soonest first. */
export const UPCOMING_DRAWS = 5;

/** A draw's purchase status is the one the catalogue answers. */
export type { PurchaseStatus };
/** The statuses an entry can be bought with: the next draw, or a later one on pre-order. */
export type PurchasableStatus = Extract<PurchaseStatus, 'open' | 'pre_order'>;

/** The status of a draw that takes entries (until its stop time). */
export const DRAW_OPEN = 'DRAW_OPEN';

/** What the sale rules read of a draw. */
export type SaleDraw = {
  status: string;
  stopAt: Date;
  /** When pre-orders start; null: on sale as soon as it takes entries. */
  preOrderStartAt: Date | null;
  /** As stored: only `sold_out` outlives the clock (livePurchaseStatus). */
  purchaseStatus: PurchaseStatus;
};

/** A draw takes entries while its status is DRAW_OPEN and its stop time is still ahead. */
export function takesEntries(draw: Pick<SaleDraw, 'status' | 'stopAt'>, now: Date): boolean {
  return draw.status === DRAW_OPEN && draw.stopAt > now;
}

/**
 * A draw that rides others (a syndicate's draw rides its lottery's draw, a Lotto Strike draw the
 * linked Lotto draw) takes entries only while it does and every draw it rides does: a lottery draw
 * closed early stops the sale of everything riding it at the same instant.
 */
export function takesEntriesRiding(
  draw: Pick<SaleDraw, 'status' | 'stopAt'>,
  ridden: readonly Pick<SaleDraw, 'status' | 'stopAt'>[],
  now: Date,
): boolean {
  return takesEntries(draw, now) && ridden.every((r) => takesEntries(r, now));
}

/**
 * The purchase status of the draw at `index` among an offer's draws on sale, soonest first: the
 * soonest is `open`, later ones `pre_order`; a draw stored as `sold_out` stays sold out.
 */
export function livePurchaseStatus(index: number, stored: PurchaseStatus): PurchaseStatus {
  if (stored === 'sold_out') return 'sold_out';
  return index === 0 ? 'open' : 'pre_order';
}

export type ListedDraw<D> = { draw: D; purchaseStatus: PurchaseStatus };
export type PurchasableDraw<D> = { draw: D; purchaseStatus: PurchasableStatus };

/**
 * The draws an offer lists, from its draws soonest first: those taking entries, of which the soonest
 * always and a later one once its pre-order window has started, at most UPCOMING_DRAWS. Each carries
 * livePurchaseStatus by its place in the list; with `soldOut` (a raffle with every ticket sold)
 * every one is `sold_out`.
 */
export function listedDraws<D extends SaleDraw>(
  draws: readonly D[],
  now: Date,
  soldOut = false,
): ListedDraw<D>[] {
  return draws
    .filter((d) => takesEntries(d, now))
    .filter((d, i) => i === 0 || d.preOrderStartAt === null || d.preOrderStartAt <= now)
    .slice(0, UPCOMING_DRAWS)
    .map((draw, i) => ({
      draw,
      purchaseStatus: soldOut ? 'sold_out' : livePurchaseStatus(i, draw.purchaseStatus),
    }));
}

export function isPurchasable<D>(listed: ListedDraw<D>): listed is PurchasableDraw<D> {
  return listed.purchaseStatus === 'open' || listed.purchaseStatus === 'pre_order';
}

/** The listed draws an entry may start with: those listed as `open` or `pre_order`. */
export function purchasableDraws<D extends SaleDraw>(
  draws: readonly D[],
  now: Date,
  soldOut = false,
): PurchasableDraw<D>[] {
  return listedDraws(draws, now, soldOut).filter(isPurchasable);
}

/** The lower-case English weekday of an instant on a clock in `timeZone`. */
export function weekdayNameAt(at: Date, timeZone: string): string {
  return WEEKDAY_NAMES[zonedParts(at, timeZone).weekday] ?? '';
}

export type FirstDrawChoice = {
  /** The draw asked for; absent: the next purchasable one. */
  firstDrawNo?: number | undefined;
  /** A chosen draw day: only purchasable draws on that weekday count. */
  day?: string | null | undefined;
  /** The lottery's time zone, in which a draw's weekday is read (Sydney unless told). */
  timeZone?: string | undefined;
};

export type FirstDrawResult<D> =
  | ({ ok: true } & PurchasableDraw<D>)
  /** `not_on_sale`: the draw asked for is not purchasable (it may still exist); `none_on_sale`: nothing is. */
  | { ok: false; reason: 'not_on_sale' | 'none_on_sale' };

/**
 * The first draw of an entry among the purchasable draws: the one numbered `firstDrawNo` or, when
 * none is asked for, the soonest; with a day, only draws on that weekday are candidates.
 */
export function firstDrawOf<D extends { drawNo: number; drawAt: Date }>(
  purchasable: readonly PurchasableDraw<D>[],
  choice: FirstDrawChoice,
): FirstDrawResult<D> {
  const candidates = purchasable.filter(
    (d) =>
      choice.day == null || weekdayNameAt(d.draw.drawAt, choice.timeZone ?? SYDNEY_TIME_ZONE) === choice.day,
  );
  const found =
    choice.firstDrawNo === undefined
      ? candidates[0]
      : candidates.find((d) => d.draw.drawNo === choice.firstDrawNo);
  if (found) return { ok: true, ...found };
  return { ok: false, reason: choice.firstDrawNo === undefined ? 'none_on_sale' : 'not_on_sale' };
}
