/**
 * A raffle made whole: its offer (listed with the charity lotteries' capability), cause, books,
 * prizes and open draw, and the draw's secret seed with its published commitment. The demo seed makes
 * its raffles with it, and the back office makes new ones the same way.
 */
import type { DbOrTx } from '../client.ts';
import { insertProductOffer } from '../factories.ts';
import { draws, raffleBooks, rafflePrizes, raffles } from '../schema/index.ts';
import type { Restriction } from '../schema/types.ts';
import { OFFER_CAPABILITY } from './content.ts';
import { raffleDraw } from './draws.ts';
import { insertRaffleSeeds } from './raffle-seeds.ts';

export type NewRaffle = {
  key: string;
  name: string;
  causeKey: string;
  /** Shown in the offer's facts ("Supports"). */
  causeName: string;
  description: string;
  color: string;
  logo: string;
  ranking: number;
  restrictions?: Restriction[];
  totalTickets: number;
  ticketsSold?: number;
  closesAt: Date;
  firstDrawNo: number;
  postalEntryAvailable: boolean;
  /** False for a raffle still being prepared: listed nowhere in the shop until published. */
  published?: boolean;
  books: readonly { numTickets: number; priceCents: number }[];
  prizes: readonly { rank: number; name: string; valueCents: number }[];
};

/** The facts the shop shows beside a raffle: its tickets, first prize and cause. */
export function raffleFacts(
  r: Pick<NewRaffle, 'totalTickets' | 'prizes' | 'causeName'>,
): { label: string; value: string }[] {
  return [
    { label: 'Tickets', value: `${r.totalTickets.toLocaleString('en-AU')} tickets only` },
    { label: 'First prize', value: r.prizes[0]?.name ?? '' },
    { label: 'Supports', value: r.causeName },
  ];
}

/** Inserts the raffle; answers its open draw's id. */
export async function insertRaffleOffer(tx: DbOrTx, r: NewRaffle): Promise<string | undefined> {
  const firstPrize = r.prizes[0];
  await insertProductOffer(
    tx,
    {
      key: r.key,
      type: 'raffle_ticket',
      name: r.name,
      url: `/${r.key}`,
      displayCategory: 'raffle',
      ranking: r.ranking,
      description: r.description,
      facts: raffleFacts(r),
      brand: { primaryColor: r.color, logo: r.logo },
      restrictions: r.restrictions ?? [],
      recurringPurchase: { type: 'subscription', availability: 'optional' },
      requiredCapabilities: [OFFER_CAPABILITY.raffle_ticket],
      published: r.published ?? true,
    },
    [],
    [r.causeKey],
  );
  await tx.insert(raffles).values({
    productOfferKey: r.key,
    causeKey: r.causeKey,
    totalTickets: r.totalTickets,
    ticketsSold: r.ticketsSold ?? 0,
    closesAt: r.closesAt,
    postalEntryAvailable: r.postalEntryAvailable,
  });
  await tx.insert(raffleBooks).values(r.books.map((b) => ({ productOfferKey: r.key, ...b })));
  await tx.insert(rafflePrizes).values(r.prizes.map((p) => ({ productOfferKey: r.key, ...p })));
  const [open] = await tx
    .insert(draws)
    .values(raffleDraw(r.key, r.firstDrawNo, r.closesAt, firstPrize?.valueCents ?? null))
    .returning({ id: draws.id });
  await insertRaffleSeeds(tx, open ? [open.id] : []);
  return open?.id;
}
