/**
 * The terms and conditions of an offer and of a raffle draw. The CMS holds them (collection
 * `offer_terms`, item `{offer}` or `{offer}.{drawNo}`); when it has none the shop shows these,
 * generated from the draw's own data, so every draw has terms. Generated raffle terms name no permit
 * numbers (only the CMS knows them) and say so.
 */
import { formatDrawDate } from './draw-day-label.ts';
import { formatMoney } from './money.ts';
import { POSTAL_ENTRY_ADDRESS } from './postal-entry.ts';

export type TermsSection = { heading: string; paragraphs: string[] };
export type OfferTerms = { title: string; sections: TermsSection[] };

/** Where raffles are drawn: the operator's office, witnessed, with the seed published (ADR on fair draws). */
export const RAFFLE_DRAW_PLACE = 'Drawhouse, Level 4, 1 George Street, Sydney NSW 2000';

export type RaffleDrawTermsInput = {
  raffleName: string;
  offerKey: string;
  drawNo: number;
  causeName: string | null;
  closesAt: Date;
  drawAt: Date;
  prizes: readonly { rank: number; name: string; valueCents: number }[];
  postalEntryAvailable: boolean;
  /** Trade promotion permit numbers, by state; empty when not known. */
  permits: readonly string[];
  currency?: string;
};

/** The terms of one raffle draw. */
export function raffleDrawTerms(input: RaffleDrawTermsInput): OfferTerms {
  const prizes = [...input.prizes]
    .sort((a, b) => a.rank - b.rank)
    .map((p) => `Prize ${p.rank}: ${p.name} (valued at ${formatMoney(p.valueCents, input.currency)}).`);
  const sections: TermsSection[] = [
    {
      heading: 'Permits',
      paragraphs:
        input.permits.length > 0
          ? input.permits.map((p) => `${p}.`)
          : ['Conducted under the permits of the states it is sold in; the permit numbers are on request.'],
    },
    {
      heading: 'Entry',
      paragraphs: [
        `Entries to ${input.raffleName}, draw ${input.drawNo}, close ${formatDrawDate(input.closesAt)} (Sydney time).`,
        input.causeName
          ? `Proceeds support ${input.causeName}. Entrants must be 18 or over and in Australia.`
          : 'Entrants must be 18 or over and in Australia.',
      ],
    },
    {
      heading: 'Prizes',
      paragraphs: prizes.length > 0 ? prizes : ['The prizes are listed on the raffle page.'],
    },
    {
      heading: 'The draw',
      paragraphs: [
        `Drawn ${formatDrawDate(input.drawAt)} at ${RAFFLE_DRAW_PLACE}, from every ticket number in the draw, with a seed committed before entries close and published after.`,
      ],
    },
    {
      heading: 'How winners are told',
      paragraphs: [
        'Winners are told by email and phone within two business days of the draw, and their ticket numbers are published on the raffle results page.',
      ],
    },
  ];
  if (input.postalEntryAvailable) {
    sections.push({
      heading: 'Free entry by post',
      paragraphs: [
        `To enter without buying, write your full name, postal address and email, and "${input.raffleName}, draw ${input.drawNo}", and post it to ${POSTAL_ENTRY_ADDRESS.join(', ')} to arrive before entries close. One free entry per person and draw.`,
      ],
    });
  }
  return { title: `${input.raffleName}: terms and conditions of draw ${input.drawNo}`, sections };
}

/** The terms of an offer as a whole. */
export function offerTerms(input: { name: string; type: string }): OfferTerms {
  const kind =
    input.type === 'raffle_ticket'
      ? 'raffle tickets'
      : input.type === 'syndicate_share'
        ? 'syndicate shares'
        : input.type === 'membership'
          ? 'memberships'
          : 'lottery entries';
  return {
    title: `${input.name}: terms and conditions`,
    sections: [
      {
        heading: 'About these terms',
        paragraphs: [
          `These terms apply to ${kind} of ${input.name} bought at Drawhouse, together with the Drawhouse terms and conditions.`,
        ],
      },
      {
        heading: 'Buying',
        paragraphs: [
          'You must be 18 or over and in Australia. An entry is yours once the purchase is confirmed and its receipt shown; prices include GST.',
        ],
      },
      {
        heading: 'Prizes',
        paragraphs: [
          'Prizes are paid to your Drawhouse account, or as the draw terms say for prizes that are not money.',
        ],
      },
    ],
  };
}
