import { FaqSchema } from '@drawhouse/contract';
import { type SupportChannel, supportChannels } from '@drawhouse/domain';
import { z } from 'zod';
import { api } from '../../lib/api.server';
import { orPageError, type Site, siteHas } from '../../lib/site.server';
import { publicCallerOf, type Visitor } from '../../lib/visitor.server';

export type SupportView = {
  channels: SupportChannel[];
  openingHours: string | null;
  openingHoursList: string[];
  /** The FAQ's questions and answers (support_faq). */
  faq: { id: string; question: string; answer: string }[];
};

const FaqListSchema = z.object({ items: z.array(FaqSchema) });

/** The support page: how to reach support, when, and the FAQ's questions when the site has support_faq. */
export async function supportView(site: Site, visitor: Visitor): Promise<SupportView> {
  const { support } = site.config;
  const faq = siteHas(site, 'support_faq')
    ? (await orPageError(api.get(FaqListSchema, 'cms', '/items/faq', { caller: publicCallerOf(visitor) })))
        .items
    : [];
  return {
    channels: supportChannels(support),
    openingHours: support.supportOpeningHours || null,
    openingHoursList: support.supportOpeningHoursList,
    faq: faq.map((f) => ({ id: f.id, question: f.question, answer: f.answer })),
  };
}
