import { describe, expect, it } from 'vitest';
import { checkRaffleEdit, type RaffleEdit, type RaffleNow, raffleEditRules } from './raffle-edit.ts';

const now = new Date('2026-11-27T00:00:00Z');
const closesAt = new Date('2026-12-24T10:00:00Z');
const unsold: RaffleNow = {
  key: 'surf-club-ute-raffle',
  name: 'Surf Club Ute Raffle',
  description: 'Win a ute.',
  causeKey: 'surf-club',
  totalTickets: 5000,
  closesAt,
  books: [
    { numTickets: 1, priceCents: 500 },
    { numTickets: 3, priceCents: 1000 },
  ],
  prizes: [
    { rank: 1, name: 'Ford Ranger', valueCents: 6_500_000 },
    { rank: 2, name: '$49.95 voucher', valueCents: 4995 },
  ],
  postalEntryAvailable: false,
  open: true,
  ticketsSold: 0,
  ticketsBinding: 0,
};
const sold: RaffleNow = { ...unsold, ticketsSold: 120, ticketsBinding: 120 };
const causes = ['surf-club', 'coastal-kids'];
const check = (raffle: RaffleNow, edit: RaffleEdit) => checkRaffleEdit(raffle, edit, causes, now);
const refusal = (raffle: RaffleNow, edit: RaffleEdit) => {
  const checked = check(raffle, edit);
  return checked.ok ? undefined : { refusal: checked.refusal, codes: codesOf(checked.errors) };
};
const codesOf = (errors: Record<string, { code: string }[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((e) => e.code)]));
const later = new Date(closesAt.getTime() + 7 * 86_400_000);
const earlier = new Date(closesAt.getTime() - 86_400_000);

describe('a raffle edited before any ticket is sold', () => {
  it('may change everything the form sets but its key, and says which fields changed', () => {
    const checked = check(unsold, {
      name: 'surf club UTE raffle!',
      description: ' A new ute. ',
      causeKey: 'coastal-kids',
      totalTickets: 4000,
      closesAt: earlier.toISOString(),
      books: [{ numTickets: 5, price: 20 }],
      prizes: [{ name: 'Toyota HiLux', value: 55_000 }],
      postalEntryAvailable: true,
    });
    expect(checked).toEqual({
      ok: true,
      values: {
        key: 'surf-club-ute-raffle',
        name: 'surf club UTE raffle!',
        description: 'A new ute.',
        causeKey: 'coastal-kids',
        totalTickets: 4000,
        closesAt: earlier,
        books: [{ numTickets: 5, priceCents: 2000 }],
        prizes: [{ rank: 1, name: 'Toyota HiLux', valueCents: 5_500_000 }],
        postalEntryAvailable: true,
      },
      changed: [
        'name',
        'description',
        'causeKey',
        'totalTickets',
        'postalEntryAvailable',
        'closesAt',
        'books',
        'prizes',
      ],
    });
  });

  it('keeps what the edit leaves out, and an edit repeating the raffle changes nothing', () => {
    expect(check(unsold, { description: 'Only this.' })).toMatchObject({
      ok: true,
      values: { name: unsold.name, books: unsold.books, prizes: unsold.prizes, closesAt },
      changed: ['description'],
    });
    expect(
      check(unsold, {
        prizes: [
          { name: 'Ford Ranger', value: 65_000 },
          { name: '$49.95 voucher', value: 49.95 },
        ],
        books: [
          { numTickets: 3, price: 10 },
          { numTickets: 1, price: 5 },
        ],
        closesAt: closesAt.toISOString(),
      }),
    ).toMatchObject({ ok: true, changed: [] });
  });

  it('refuses a name that would move its shop address, and wrong values field by field (400)', () => {
    expect(refusal(unsold, { name: 'Beach Club Ute Raffle' })).toEqual({
      refusal: 'invalid',
      codes: { name: ['key_fixed'] },
    });
    expect(
      refusal(unsold, { causeKey: 'nope', books: [], totalTickets: 0, closesAt: 'soon', prizes: [] }),
    ).toEqual({
      refusal: 'invalid',
      codes: {
        causeKey: ['unknown_cause'],
        totalTickets: ['invalid_tickets'],
        closesAt: ['invalid_date'],
        books: ['books_required'],
        prizes: ['prizes_required'],
      },
    });
  });

  it('brings the close forward to an hour from now at the soonest, and extends it within two years', () => {
    expect(refusal(unsold, { closesAt: '2026-11-27T00:30:00Z' })).toEqual({
      refusal: 'invalid',
      codes: { closesAt: ['close_out_of_range'] },
    });
    expect(check(unsold, { closesAt: '2026-11-27T01:00:00Z' }).ok).toBe(true);
    expect(refusal(unsold, { closesAt: '2028-12-01T00:00:00Z' })).toEqual({
      refusal: 'invalid',
      codes: { closesAt: ['close_out_of_range'] },
    });
  });
});

describe('a raffle edited once tickets are sold', () => {
  it('may change its description, extend its close and change its ticket count down to the tickets sold', () => {
    expect(
      check(sold, { description: 'Now with a trailer.', closesAt: later.toISOString(), totalTickets: 120 }),
    ).toMatchObject({
      ok: true,
      values: { description: 'Now with a trailer.', closesAt: later, totalTickets: 120 },
      changed: ['description', 'totalTickets', 'closesAt'],
    });
    expect(check(sold, { totalTickets: 9000 })).toMatchObject({ ok: true, changed: ['totalTickets'] });
  });

  it('never brings the close forward nor the ticket count below the tickets sold (409)', () => {
    expect(refusal(sold, { closesAt: earlier.toISOString(), totalTickets: 119 })).toEqual({
      refusal: 'frozen',
      codes: { closesAt: ['close_brought_forward'], totalTickets: ['below_tickets_sold'] },
    });
    const checked = check(sold, { totalTickets: 100 });
    expect(checked.ok ? [] : checked.errors.totalTickets?.[0]?.message).toBe(
      '120 tickets have been sold: the raffle needs at least as many.',
    );
  });

  it('freezes the name, cause, prices, prizes and free entry by post, each with its reason', () => {
    expect(
      refusal(sold, {
        name: 'Surf Club UTE Raffle',
        causeKey: 'coastal-kids',
        books: [{ numTickets: 1, price: 4 }],
        prizes: [{ name: 'Ford Ranger XL', value: 65_000 }],
        postalEntryAvailable: true,
      }),
    ).toEqual({
      refusal: 'frozen',
      codes: {
        name: ['frozen_by_sales'],
        causeKey: ['frozen_by_sales'],
        books: ['frozen_by_sales'],
        prizes: ['frozen_by_sales'],
        postalEntryAvailable: ['frozen_by_sales'],
      },
    });
    // Sending them unchanged is no change.
    expect(
      check(sold, {
        name: sold.name,
        prizes: [
          { name: 'Ford Ranger', value: 65_000 },
          { name: '$49.95 voucher', value: 49.95 },
        ],
      }),
    ).toMatchObject({ ok: true, changed: [] });
  });

  it('keeps the prizes of an earlier draw still to be drawn, though its open draw has none sold', () => {
    const rolled = { ...unsold, ticketsBinding: 40 };
    expect(refusal(rolled, { prizes: [{ name: 'A boat', value: 10_000 }] })).toEqual({
      refusal: 'frozen',
      codes: { prizes: ['frozen_by_sales'] },
    });
    expect(check(rolled, { totalTickets: 10 }).ok).toBe(true);
  });

  it('lists the frozen fields for the form', () => {
    expect(raffleEditRules(unsold)).toEqual({ closedReason: null, frozen: {} });
    expect(Object.keys(raffleEditRules(sold).frozen)).toEqual([
      'name',
      'causeKey',
      'books',
      'prizes',
      'postalEntryAvailable',
    ]);
  });
});

describe('a raffle whose draw has closed', () => {
  it('cannot be edited at all', () => {
    const closed = { ...unsold, open: false };
    expect(refusal(closed, { description: 'Too late.' })).toEqual({
      refusal: 'closed',
      codes: { closesAt: ['raffle_closed'] },
    });
    expect(raffleEditRules(closed).closedReason).toMatch(/closed/);
  });
});
