import { describe, expect, it } from 'vitest';
import { closeText, entryStatusText, giveawayTypesText, prizeText } from './giveaway-text';

describe('the words of a giveaway', () => {
  it('names the entry status, a pending unlock saying what resolves it', () => {
    expect(entryStatusText(null)).toBe('Not entered');
    expect(entryStatusText({ entryStatus: null, unlock: null })).toBe('Not entered');
    expect(entryStatusText({ entryStatus: 'guaranteed', unlock: null })).toBe('Guaranteed entry');
    expect(entryStatusText({ entryStatus: 'unlocked', unlock: null })).toBe('Entered');
    expect(entryStatusText({ entryStatus: 'unlocked', unlock: 'resolved' })).toBe(
      'Unlocked: you are in the draw',
    );
    expect(entryStatusText({ entryStatus: 'locked', unlock: null })).toBe('Locked');
    expect(entryStatusText({ entryStatus: 'locked', unlock: 'pending' })).toBe(
      'Locked: unlock pending until you buy a ticket or deposit this month',
    );
  });

  it('says a prize as cash or ticket credit', () => {
    expect(prizeText({ title: 'First prize', amount: { amount: 5000, currency: 'AUD' }, kind: 'cash' })).toBe(
      'First prize: $5,000.00 cash',
    );
    expect(prizeText({ title: 'Runner-up', amount: { amount: 12.5, currency: 'AUD' }, kind: 'credit' })).toBe(
      'Runner-up: $12.50 ticket credit',
    );
  });

  it('says when it closes, or closed, in Sydney time', () => {
    expect(closeText({ close: '2026-11-28T10:00:00Z', state: 'open' })).toBe(
      'Closes Sat 28 Nov 2026, 9:00pm',
    );
    expect(closeText({ close: '2026-11-28T10:00:00Z', state: 'drawn' })).toBe(
      'Closed Sat 28 Nov 2026, 9:00pm',
    );
  });

  it("lists a tier's giveaway types as a sentence says them", () => {
    const types = [
      { name: 'Daily giveaway', tier: 'free' as const },
      { name: 'Major giveaway', tier: 'premium' as const },
      { name: 'Monthly giveaway', tier: 'premium' as const },
      { name: 'Preview giveaway', tier: 'free' as const },
    ];
    expect(giveawayTypesText(types, 'free')).toBe('daily giveaway and preview giveaway');
    expect(giveawayTypesText(types, 'premium')).toBe('major giveaway and monthly giveaway');
  });
});
