import { describe, expect, it } from 'vitest';
import { offerTerms, raffleDrawTerms } from './offer-terms.ts';

const input = {
  raffleName: 'Car Raffle',
  offerKey: 'car-raffle',
  drawNo: 17,
  causeName: 'Bush Rescue',
  closesAt: new Date('2026-12-01T08:00:00Z'),
  drawAt: new Date('2026-12-02T08:00:00Z'),
  prizes: [
    { rank: 2, name: '$10,000 cash', valueCents: 1_000_000 },
    { rank: 1, name: 'Ford Ranger', valueCents: 9_500_000 },
  ],
  postalEntryAvailable: true,
  permits: ['NSW permit TP/01234'],
};

describe('raffle draw terms', () => {
  it('name the permits, close, prizes in order, draw place and time, how winners are told and the postal entry', () => {
    const terms = raffleDrawTerms(input);
    expect(terms.title).toBe('Car Raffle: terms and conditions of draw 17');
    expect(terms.sections.map((s) => s.heading)).toEqual([
      'Permits',
      'Entry',
      'Prizes',
      'The draw',
      'How winners are told',
      'Free entry by post',
    ]);
    expect(terms.sections[0]?.paragraphs).toEqual(['NSW permit TP/01234.']);
    expect(terms.sections[1]?.paragraphs[0]).toBe(
      'Entries to Car Raffle, draw 17, close Tue 1 Dec 2026, 7:00pm (Sydney time).',
    );
    expect(terms.sections[2]?.paragraphs[0]).toBe('Prize 1: Ford Ranger (valued at $95,000.00).');
    expect(terms.sections[5]?.paragraphs[0]).toContain('Reply Paid 86025');
  });

  it('leave out the postal entry when the raffle has none, and say when permits are not known', () => {
    const terms = raffleDrawTerms({ ...input, postalEntryAvailable: false, permits: [] });
    expect(terms.sections.map((s) => s.heading)).not.toContain('Free entry by post');
    expect(terms.sections[0]?.paragraphs[0]).toContain('on request');
  });
});

describe('offer terms', () => {
  it('say what they apply to', () => {
    expect(offerTerms({ name: 'Powerball', type: 'lottery_ticket' }).sections[0]?.paragraphs[0]).toContain(
      'lottery entries of Powerball',
    );
  });
});
