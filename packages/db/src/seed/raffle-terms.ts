/**
 * The demo raffles' terms in the CMS (collection `offer_terms`): the raffle's own (`{key}`) and each
 * of its draws' (`{key}.{drawNo}`), written from the domain's `raffleDrawTerms` with the draw's times,
 * the raffle's prizes and its trade promotion permits. A draw made later (a rollover) has no CMS entry;
 * the shop generates its terms from the draw's data.
 */
import { offerTerms, raffleDrawTerms } from '@drawhouse/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { cmsItems, draws } from '../schema/index.ts';
import type { RaffleDef } from './offers.ts';

/** Made-up permit numbers of the demo raffles, by state. */
const PERMITS: Record<string, string[]> = {
  'coastal-prize-home': ['NSW permit LTPS/26/04417', 'ACT permit TP 26/01552', 'SA licence T26/0318'],
  'bush-rescue-car-raffle': ['NSW permit LTPS/26/05120', 'VIC permit 10/2026/117'],
};

export async function seedRaffleTerms(
  tx: DbOrTx,
  raffle: RaffleDef,
  causeName: string | null,
): Promise<void> {
  const rows = await tx
    .select({ drawNo: draws.drawNo, stopAt: draws.stopAt, drawAt: draws.drawAt })
    .from(draws)
    .where(eq(draws.productOfferKey, raffle.key));
  const whole = offerTerms({ name: raffle.name, type: 'raffle_ticket' });
  const items: (typeof cmsItems.$inferInsert)[] = [
    {
      collection: 'offer_terms',
      id: raffle.key,
      slug: raffle.key,
      data: { offerKey: raffle.key, drawNo: null, ...whole },
    },
    ...rows.map((d) => {
      const id = `${raffle.key}.${d.drawNo}`;
      const terms = raffleDrawTerms({
        raffleName: raffle.name,
        offerKey: raffle.key,
        drawNo: d.drawNo,
        causeName,
        closesAt: d.stopAt,
        drawAt: d.drawAt ?? d.stopAt,
        prizes: raffle.prizes,
        postalEntryAvailable: raffle.postalEntryAvailable,
        permits: PERMITS[raffle.key] ?? [],
      });
      return {
        collection: 'offer_terms',
        id,
        slug: id,
        data: { offerKey: raffle.key, drawNo: d.drawNo, ...terms },
      };
    }),
  ];
  await tx.insert(cmsItems).values(items).onConflictDoNothing();
}
