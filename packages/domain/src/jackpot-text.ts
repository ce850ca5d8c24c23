/**
 * The jackpot headline of a draw.
 *
 * | prize pool                          | text                 |
 * |-------------------------------------|----------------------|
 * | unknown (isUnknown, null, negative) | Announced soon       |
 * | $1,000,000 or more                  | $20 million, $1.5 million, $1.65 million (millions rounded DOWN to two decimals, trailing zeros dropped), then the suffix |
 * | $1,000 to $999,999 with a suffix    | Win $999k*  (whole thousands, rounded down, then the suffix) |
 * | under $1,000 with a suffix          | Win $500*   (whole dollars, then the suffix) |
 * | under $1,000,000 without a suffix   | $999,999    (whole dollars, no decimals) |
 *
 * Decisions:
 * - the suffix (the draw's prizePoolSuffix, such as "*" or "+") is appended to the millions form too:
 *   it marks the amount itself, whatever its size;
 * - `footnote` is true exactly when the text ends with "*": the page then shows the asterisk note.
 *   The text carries the "*" itself; the page adds the note.
 * - two decimals, not one: $1,650,000 is "$1.65 million", never the smaller "$1.6 million"; the
 *   word is lower case, as in running text ("Jackpots $20 million and over");
 * - stray cents never round an amount up.
 */

import { formatJackpot } from './money.ts';
import { formatCount } from './number-format.ts';

export type JackpotTextInput = {
  /** The prize pool in cents; null or undefined when the draw has none yet. */
  amountCents: number | null | undefined;
  /** The draw's prizePoolSuffix ("" when none). */
  suffix?: string | null;
  /** The draw's isPrizePoolUnknown. */
  isUnknown?: boolean;
};

export type JackpotText = { text: string; footnote: boolean };

export const JACKPOT_UNKNOWN_TEXT = 'Announced soon';

const CENTS_PER_MILLION = 100_000_000;
const CENTS_PER_HUNDREDTH_OF_MILLION = 1_000_000;
const CENTS_PER_THOUSAND = 100_000;

function withFootnote(text: string): JackpotText {
  return { text, footnote: text.endsWith('*') };
}

export function jackpotText({ amountCents, suffix, isUnknown }: JackpotTextInput): JackpotText {
  if (isUnknown || amountCents == null || !Number.isFinite(amountCents) || amountCents < 0) {
    return { text: JACKPOT_UNKNOWN_TEXT, footnote: false };
  }
  const cents = Math.floor(amountCents);
  const tail = suffix ?? '';
  if (cents >= CENTS_PER_MILLION) {
    const hundredths = Math.floor(cents / CENTS_PER_HUNDREDTH_OF_MILLION);
    const whole = Math.floor(hundredths / 100);
    const decimals = String(hundredths % 100)
      .padStart(2, '0')
      .replace(/0+$/, '');
    const millions = decimals === '' ? formatCount(whole) : `${formatCount(whole)}.${decimals}`;
    return withFootnote(`$${millions} million${tail}`);
  }
  if (tail !== '') {
    if (cents >= CENTS_PER_THOUSAND)
      return withFootnote(`Win $${Math.floor(cents / CENTS_PER_THOUSAND)}k${tail}`);
    return withFootnote(`Win ${formatJackpot(cents)}${tail}`);
  }
  return withFootnote(formatJackpot(cents));
}
