/**
 * Publishing product offers (content role): an unpublished offer is listed nowhere in the shop and
 * its page is 404 until it is published; the content role previews it with a preview token
 * (preview.service.ts). An offer with tickets sold or entered stays published (the domain's
 * `offerPublicationChange`). Each change is written with its audit row in one transaction.
 */
import type { AdminOffer, AdminOfferBody, AdminOffers } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { offerPublicationChange } from '@drawhouse/domain';
import { AppError, notFound } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { offerPublishingRepository } from './offer-publishing.repository.ts';

export function createOfferPublishing(deps: { db: Database; changed: () => void }) {
  const { db, changed } = deps;
  return {
    async list(): Promise<AdminOffers> {
      return { offers: await offerPublishingRepository(db).list() };
    },

    async save(actor: Actor, key: string, body: AdminOfferBody): Promise<AdminOffer> {
      const saved = await db.transaction(async (tx) => {
        const repo = offerPublishingRepository(tx);
        const offer = await repo.locked(key);
        if (!offer) throw notFound('offer_not_found', 'There is no such product offer.');
        const change = offerPublicationChange(offer.published, body.published, await repo.entries(key));
        if (change.kind === 'refused') throw new AppError(409, 'offer_has_entries', change.reason);
        if (change.kind === 'unchanged') return offer;
        await repo.setPublished(key, body.published);
        await recordAudit(tx, actor, {
          action: body.published ? 'offer.published' : 'offer.unpublished',
          targetType: 'product_offer',
          targetId: key,
          before: { published: offer.published },
          after: { published: body.published },
        });
        return { ...offer, published: body.published };
      });
      changed();
      return saved;
    },
  };
}
