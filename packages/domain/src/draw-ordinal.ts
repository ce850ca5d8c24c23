/**
 * Forward draw ordinals: when a customer picks which upcoming draw
 * an entry starts from, 0 is the next available draw, then 1st, 2nd, 3rd, then #th.
 *
 * Decision: numbers from 21 on follow English ("21st", "22nd", "23rd", "111th") rather than a blind
 * "#th"; for 0 to 20, the range a customer can pick from, the two readings agree.
 * Throws RangeError for a negative or non-integer n.
 */
export const NEXT_DRAW_TEXT = 'Next draw';

export function forwardDrawOrdinal(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`a draw offset must be a non-negative integer, got ${n}`);
  }
  if (n === 0) return NEXT_DRAW_TEXT;
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/**
 * A draw's place in a list of upcoming draws, from 0: "Next draw", then "2nd draw", "3rd draw" ...
 * (the second draw is the 2nd, unlike forwardDrawOrdinal's offsets, where it is 1st after the next).
 */
export function drawPositionText(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`a draw position must be a non-negative integer, got ${index}`);
  }
  return index === 0 ? NEXT_DRAW_TEXT : `${forwardDrawOrdinal(index + 1)} draw`;
}
