import { describe, expect, it } from 'vitest';
import { cartItemDescription, withDrawCount } from './cart-item-text.ts';

describe('cartItemDescription', () => {
  it('names a standard lottery entry by its offer and games', () => {
    expect(
      cartItemDescription({
        kind: 'lottery',
        offerName: 'Powerball',
        gameOfferName: 'Standard',
        numGames: 2,
      }),
    ).toBe('Powerball: 2 games');
    expect(
      cartItemDescription({ kind: 'lottery', offerName: 'Super 66', gameOfferName: 'Super 66', numGames: 1 }),
    ).toBe('Super 66: 1 game');
  });
  it('adds the game offer and the day when they say something', () => {
    expect(
      cartItemDescription({
        kind: 'lottery',
        offerName: 'Powerball',
        gameOfferName: 'System 8',
        numGames: 1,
      }),
    ).toBe('Powerball System 8: 1 game');
    expect(
      cartItemDescription({
        kind: 'lottery',
        offerName: 'Monday & Wednesday Lotto',
        gameOfferName: 'Standard',
        numGames: 4,
        day: 'wednesday',
      }),
    ).toBe('Monday & Wednesday Lotto (Wednesday): 4 games');
  });
  it('counts raffle tickets, syndicate shares and names a membership', () => {
    expect(cartItemDescription({ kind: 'raffle', offerName: 'Surf Club Raffle', numTickets: 1 })).toBe(
      'Surf Club Raffle: book of 1 ticket',
    );
    expect(cartItemDescription({ kind: 'syndicate', offerName: 'Powerball Syndicate', numShares: 3 })).toBe(
      'Powerball Syndicate: 3 shares',
    );
    expect(
      cartItemDescription({
        kind: 'syndicate',
        offerName: 'Powerball Syndicate',
        numShares: 3,
        totalShares: 1_200,
        entryName: '4 × System 10',
      }),
    ).toBe('Powerball Syndicate (4 × System 10): 3 of 1,200 shares');
    expect(
      cartItemDescription({
        kind: 'lottery',
        offerName: 'Saturday Lotto',
        gameOfferName: 'Standard',
        numGames: 1_000,
      }),
    ).toBe('Saturday Lotto: 1,000 games');
    expect(
      cartItemDescription({ kind: 'membership', offerName: 'Daily Winners Club', gameOfferName: 'Monthly' }),
    ).toBe('Daily Winners Club: Monthly membership');
  });

  it('names a lotto party item by its group and shares', () => {
    expect(cartItemDescription({ kind: 'lotto_party', groupName: 'Office Pool', numShares: 3 })).toBe(
      'Lotto Party: Office Pool - 3 shares',
    );
    expect(cartItemDescription({ kind: 'lotto_party', groupName: 'Office Pool', numShares: 1 })).toBe(
      'Lotto Party: Office Pool - 1 share',
    );
  });
});

describe('withDrawCount', () => {
  it('adds the draws of a multi-draw entry: "Powerball: 1 game × 3 draws"', () => {
    expect(withDrawCount('Powerball: 1 game', 3)).toBe('Powerball: 1 game × 3 draws');
    expect(withDrawCount('Oz Lotto: 12 games', 10)).toBe('Oz Lotto: 12 games × 10 draws');
  });

  it('leaves a one-draw entry as it is', () => {
    expect(withDrawCount('Powerball: 1 game', 1)).toBe('Powerball: 1 game');
    expect(withDrawCount('Powerball: 1 game', null)).toBe('Powerball: 1 game');
    expect(withDrawCount('Powerball: 1 game', undefined)).toBe('Powerball: 1 game');
  });
});
