/**
 * What the creation modal reads: the page size of groups, the creation steps, the bounds of a share
 * price and count, and the lottery draws a session may be opened on with one game's price.
 * `/config/{key}` is the same for one lottery offer (its play screen); a key that is not a lottery
 * sold this way is 404.
 */
import type { LottoPartyConfig } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import {
  CREATION_STEPS,
  centsToMoney,
  cleanIdentifier,
  entryPriceCents,
  GROUP_NAME_MAX,
  MAX_SHARE_PRICE_CENTS,
  MAX_TOTAL_SHARES,
  MIN_SHARE_PRICE_CENTS,
  MIN_TOTAL_SHARES,
  purchasableDraws,
} from '@drawhouse/domain';
import { configNotFound } from './lotto-party.errors.ts';
import { GROUPS_PAGE_SIZE } from './lotto-party.schemas.ts';
import { sessionDrawsRepository } from './session-draws.repository.ts';

export function createConfigService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function drawOptions(offerKeys?: readonly string[]) {
    const repo = sessionDrawsRepository(db);
    const offers = (await repo.sessionOffers(offerKeys)).filter((o) => o.prices.length > 0);
    const at = now();
    const open = await repo.openDraws(
      offers.map((o) => o.offerKey),
      at,
    );
    return {
      offers,
      draws: offers.flatMap((offer) =>
        purchasableDraws(
          open.filter((d) => d.productOfferKey === offer.offerKey),
          at,
        ).map(({ draw }) => ({
          drawId: draw.id,
          drawNo: draw.drawNo,
          productOfferKey: offer.offerKey,
          offerName: offer.offerName,
          stopDate: draw.stopAt.toISOString(),
          drawDate: draw.drawAt.toISOString(),
          gamePrice: centsToMoney(entryPriceCents(offer.prices, 1, 1)),
        })),
      ),
    };
  }

  function config(draws: LottoPartyConfig['draws']): LottoPartyConfig {
    return {
      groupsPageSize: GROUPS_PAGE_SIZE,
      creationSteps: [...CREATION_STEPS],
      minSharePrice: centsToMoney(MIN_SHARE_PRICE_CENTS),
      maxSharePrice: centsToMoney(MAX_SHARE_PRICE_CENTS),
      minShares: MIN_TOTAL_SHARES,
      maxShares: MAX_TOTAL_SHARES,
      groupNameMaxLength: GROUP_NAME_MAX,
      draws,
    };
  }

  return {
    async all(): Promise<LottoPartyConfig> {
      return config((await drawOptions()).draws);
    },

    async forOffer(asked: string): Promise<LottoPartyConfig> {
      // A key that is no identifier (a NUL, spaces, markup) names no offer, and never reaches the query.
      const key = cleanIdentifier(asked);
      if (key === undefined) throw configNotFound();
      const { offers, draws } = await drawOptions([key]);
      if (offers.length === 0) throw configNotFound();
      return config(draws);
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
