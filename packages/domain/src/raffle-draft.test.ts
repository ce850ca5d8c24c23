import { describe, expect, it } from 'vitest';
import { checkRaffleDraft, type RaffleDraft, raffleKeyOf } from './raffle-draft.ts';

const now = new Date('2026-11-27T00:00:00Z');
const draft: RaffleDraft = {
  name: ' Surf Club Ute Raffle ',
  description: 'Win a ute.',
  causeKey: 'surf-club',
  totalTickets: 5000,
  closesAt: '2026-12-24T10:00:00Z',
  books: [
    { numTickets: 3, price: 10 },
    { numTickets: 1, price: 5 },
  ],
  prizes: [
    { name: 'Ford Ranger', value: 65_000 },
    { name: '$500 cash', value: 500 },
  ],
  postalEntryAvailable: false,
};
const errorsOf = (more: Partial<RaffleDraft>) => {
  const checked = checkRaffleDraft({ ...draft, ...more }, ['surf-club'], now);
  return checked.ok ? {} : checked.errors;
};

describe('a raffle drafted in the back office', () => {
  it('comes out as stored values: its key from its name, cents, books by size, prizes ranked in order', () => {
    expect(checkRaffleDraft(draft, ['surf-club'], now)).toEqual({
      ok: true,
      values: {
        key: 'surf-club-ute-raffle',
        name: 'Surf Club Ute Raffle',
        description: 'Win a ute.',
        causeKey: 'surf-club',
        totalTickets: 5000,
        closesAt: new Date('2026-12-24T10:00:00Z'),
        books: [
          { numTickets: 1, priceCents: 500 },
          { numTickets: 3, priceCents: 1000 },
        ],
        prizes: [
          { rank: 1, name: 'Ford Ranger', valueCents: 6_500_000 },
          { rank: 2, name: '$500 cash', valueCents: 50_000 },
        ],
        postalEntryAvailable: false,
      },
    });
    expect(raffleKeyOf("Kids' Hospital — Home Raffle #3")).toBe('kids-hospital-home-raffle-3');
  });

  it('names each wrong field', () => {
    expect(Object.keys(errorsOf({ name: '!!' }))).toEqual(['name']);
    expect(Object.keys(errorsOf({ causeKey: 'other' }))).toEqual(['causeKey']);
    expect(Object.keys(errorsOf({ totalTickets: 0 }))).toEqual(['totalTickets']);
    expect(errorsOf({ closesAt: '2026-11-27T00:30:00Z' }).closesAt?.[0]?.code).toBe('close_out_of_range');
    expect(errorsOf({ closesAt: 'soon' }).closesAt?.[0]?.code).toBe('invalid_date');
    expect(errorsOf({ books: [] }).books?.[0]?.code).toBe('books_required');
    expect(errorsOf({ books: [{ numTickets: 1, price: 0 }] }).books?.[0]?.code).toBe('invalid_price');
    expect(
      errorsOf({
        books: [
          { numTickets: 1, price: 5 },
          { numTickets: 1, price: 4 },
        ],
      }).books?.[0]?.code,
    ).toBe('duplicate_book');
    expect(errorsOf({ prizes: [] }).prizes?.[0]?.code).toBe('prizes_required');
    expect(errorsOf({ prizes: [{ name: 'Car', value: 0 }] }).prizes?.[0]?.message).toBe(
      'Prize 1: enter its value, e.g. 500 or 49.95.',
    );
  });
});
