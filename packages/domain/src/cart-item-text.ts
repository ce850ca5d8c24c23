import { countOf, formatCount } from './number-format.ts';

/**
 * How a cart item is described to the customer (the item's description), from catalogue
 * names: the offer name, then the game offer when it says more than
 * "Standard" (System 8, PowerHit, Boxed), the chosen day, and the count that was bought.
 */
export type CartItemTextInput =
  | {
      kind: 'lottery';
      offerName: string;
      gameOfferName: string;
      numGames: number;
      day?: string | null | undefined;
    }
  | { kind: 'raffle'; offerName: string; numTickets: number }
  | {
      kind: 'syndicate';
      offerName: string;
      numShares: number;
      /** The syndicate's shares in all, and its entry's name ("4 × System 10"), when known. */
      totalShares?: number | null;
      entryName?: string | null;
    }
  | { kind: 'membership'; offerName: string; gameOfferName: string }
  | { kind: 'lotto_party'; groupName: string; numShares: number };

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function cartItemDescription(input: CartItemTextInput): string {
  switch (input.kind) {
    case 'lottery': {
      const variant = input.gameOfferName.trim();
      const showVariant =
        variant !== '' && variant.toLowerCase() !== 'standard' && variant !== input.offerName;
      const name = showVariant ? `${input.offerName} ${variant}` : input.offerName;
      const day = input.day ? ` (${capitalised(input.day)})` : '';
      return `${name}${day}: ${countOf(input.numGames, 'game')}`;
    }
    case 'raffle':
      return `${input.offerName}: book of ${countOf(input.numTickets, 'ticket')}`;
    case 'syndicate': {
      const entry = input.entryName?.trim() ? ` (${input.entryName.trim()})` : '';
      const shares = input.totalShares
        ? `${formatCount(input.numShares)} of ${countOf(input.totalShares, 'share')}`
        : countOf(input.numShares, 'share');
      return `${input.offerName}${entry}: ${shares}`;
    }
    case 'membership':
      return `${input.offerName}: ${input.gameOfferName} membership`;
    case 'lotto_party':
      return `Lotto Party: ${input.groupName} - ${countOf(input.numShares, 'share')}`;
  }
}

/**
 * A cart item's description with its number of draws when it is bought for more than one:
 * "Powerball: 1 game × 3 draws". One draw (and autoplay, bought a draw at a time) adds nothing.
 */
export function withDrawCount(description: string, numDraws: number | null | undefined): string {
  if (!numDraws || !Number.isSafeInteger(numDraws) || numDraws <= 1) return description;
  return `${description} × ${countOf(numDraws, 'draw')}`;
}
