/**
 * A Daily Winners giveaway as the back office's form describes it, checked whole: each wrong field
 * gets its own message, or the giveaway's stored values come out (prize amounts in cents). A new
 * giveaway, or an edit of one that has not opened yet, closes after it opens and in the future; it
 * has a title and 1 to 50 prizes, each worth more than nothing and at most the cap.
 */
import { parseAmountInput } from './amount-input.ts';
import type { GiveawayType } from './membership.ts';
import type { Cents } from './money.ts';
import type { FieldError } from './validation-messages.ts';

export const GIVEAWAY_MAX_PRIZES = 50;
/** The most one giveaway prize may be worth: $1,000,000. */
export const GIVEAWAY_MAX_PRIZE_CENTS = 1_000_000_00;
export const GIVEAWAY_PRIZE_KINDS = ['cash', 'credit'] as const;
export type GiveawayPrizeKind = (typeof GIVEAWAY_PRIZE_KINDS)[number];

export type GiveawayDraft = {
  type: GiveawayType;
  title: string;
  description: string;
  pill: string | null;
  permits: string | null;
  /** ISO 8601 instants. */
  open: string;
  close: string;
  /** Amounts in major units (dollars), as the form and the wire carry them. */
  prizes: readonly { title: string; amount: number; kind: GiveawayPrizeKind }[];
  images: readonly { url: string; alt: string }[];
};

export type GiveawayValues = {
  type: GiveawayType;
  title: string;
  description: string;
  pill: string | null;
  permits: string | null;
  opensAt: Date;
  closesAt: Date;
  prizes: { title: string; amountCents: Cents; kind: GiveawayPrizeKind }[];
  images: { url: string; alt: string }[];
};

export type GiveawayDraftCheck =
  | { ok: true; values: GiveawayValues }
  | { ok: false; errors: Record<string, FieldError[]> };

/** The draft's stored values or its field errors (`now`: a giveaway closes after it). */
export function giveawayDraftErrors(draft: GiveawayDraft, now: Date): GiveawayDraftCheck {
  const errors: Record<string, FieldError[]> = {};
  const fail = (field: string, code: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), { code, message }];
  };
  const title = draft.title.trim();
  if (title.length === 0 || title.length > 120)
    fail('title', 'invalid_title', 'A title is 1 to 120 characters.');
  const opensAt = new Date(draft.open);
  const closesAt = new Date(draft.close);
  const openValid = !Number.isNaN(opensAt.getTime());
  const closeValid = !Number.isNaN(closesAt.getTime());
  if (!openValid) fail('open', 'invalid_date', 'Enter a valid open date and time.');
  if (!closeValid) fail('close', 'invalid_date', 'Enter a valid close date and time.');
  else if (closesAt <= now) fail('close', 'close_in_past', 'A giveaway closes in the future.');
  else if (openValid && closesAt <= opensAt)
    fail('close', 'close_before_open', 'A giveaway closes after it opens.');
  if (draft.prizes.length === 0) fail('prizes', 'prizes_required', 'Add at least one prize.');
  if (draft.prizes.length > GIVEAWAY_MAX_PRIZES) {
    fail('prizes', 'too_many_prizes', `A giveaway has at most ${GIVEAWAY_MAX_PRIZES} prizes.`);
  }
  const prizes: GiveawayValues['prizes'] = [];
  for (const [i, prize] of draft.prizes.slice(0, GIVEAWAY_MAX_PRIZES).entries()) {
    const prizeTitle = prize.title.trim();
    const amountCents = parseAmountInput(prize.amount);
    if (prizeTitle.length === 0 || prizeTitle.length > 120) {
      fail('prizes', 'invalid_prize_title', `Prize ${i + 1}: a title is 1 to 120 characters.`);
    } else if (amountCents === null || amountCents < 1 || amountCents > GIVEAWAY_MAX_PRIZE_CENTS) {
      fail(
        'prizes',
        'invalid_prize_amount',
        `Prize ${i + 1}: enter an amount from 0.01 to ${GIVEAWAY_MAX_PRIZE_CENTS / 100}, e.g. 50 or 12.50.`,
      );
    } else if (!(GIVEAWAY_PRIZE_KINDS as readonly string[]).includes(prize.kind)) {
      fail('prizes', 'invalid_prize_kind', `Prize ${i + 1}: choose cash or credit.`);
    } else prizes.push({ title: prizeTitle, amountCents, kind: prize.kind });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      type: draft.type,
      title,
      description: draft.description.trim(),
      pill: draft.pill?.trim() || null,
      permits: draft.permits?.trim() || null,
      opensAt,
      closesAt,
      prizes,
      images: draft.images.map((i) => ({ url: i.url, alt: i.alt })),
    },
  };
}

/** A giveaway's reference (`DW-DAILY-12`): its type and its number among giveaways of the type. */
export function giveawayExternalId(type: GiveawayType, number: number): string {
  return `DW-${type.toUpperCase()}-${number}`;
}

/** The key a giveaway's draw hashes (with its number): `giveaway-{type}`. */
export function giveawayDrawKey(type: GiveawayType): string {
  return `giveaway-${type}`;
}

/** The shop's page of a giveaway. */
export function giveawayPath(type: GiveawayType, number: number): string {
  return `/daily-winners/giveaways/${type}/${number}`;
}
