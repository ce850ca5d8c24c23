import { describe, expect, it } from 'vitest';
import { checkPostalEntry, postalEntryInstructions, postalEntryRefusal } from './postal-entry.ts';

describe('checkPostalEntry', () => {
  it('keeps the details trimmed, the address on one line and the email as the repeat key', () => {
    expect(
      checkPostalEntry({
        name: ' Jo Citizen ',
        address: '1 George St\nSydney NSW 2000 ',
        email: ' Jo@Example.com',
      }),
    ).toEqual({
      ok: true,
      values: {
        name: 'Jo Citizen',
        address: '1 George St, Sydney NSW 2000',
        email: 'Jo@Example.com',
        emailKey: 'jo@example.com',
      },
    });
  });

  it('names every wrong field', () => {
    const check = checkPostalEntry({ name: '<b>', address: ' ', email: 'jo@' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors).sort()).toEqual(['address', 'email', 'name']);
    expect(check.errors.email?.[0]?.message).toBe('Please enter a valid email address.');
    const long = checkPostalEntry({ name: 'Jo', address: 'x'.repeat(301), email: 'jo@example.com' });
    expect(long.ok ? null : long.errors.address?.[0]?.code).toBe('too_long');
  });
});

describe('postalEntryRefusal', () => {
  const now = new Date('2026-11-28T00:00:00Z');
  const open = { status: 'DRAW_OPEN', stopAt: new Date('2026-11-29T00:00:00Z') };
  it('takes an entry into an open draw of a raffle offering postal entry', () => {
    expect(postalEntryRefusal({ postalEntryAvailable: true }, open, now)).toBeNull();
  });
  it('refuses a raffle without postal entry and a draw that no longer takes entries', () => {
    expect(postalEntryRefusal({ postalEntryAvailable: false }, open, now)).toBe('not_offered');
    expect(postalEntryRefusal({ postalEntryAvailable: true }, { ...open, status: 'DRAW_CLOSED' }, now)).toBe(
      'draw_closed',
    );
    expect(postalEntryRefusal({ postalEntryAvailable: true }, { ...open, stopAt: now }, now)).toBe(
      'draw_closed',
    );
  });
});

describe('postalEntryInstructions', () => {
  it('names the raffle and draw first', () => {
    expect(postalEntryInstructions('Car Raffle', 17)[0]).toBe('The raffle and draw: Car Raffle, draw 17.');
  });
});
