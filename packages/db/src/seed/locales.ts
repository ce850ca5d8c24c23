/**
 * The shop's copy as translations (en-AU word for word, en-GB in British wording) and the British
 * storefront: the `uk` segment and pricing and the locale and currency it is shown in. Inserted when
 * missing, on every start; an edited row stays.
 */
import type { DbOrTx } from '../client.ts';
import { capabilitySegments, pricings, siteConfig, translations } from '../schema/index.ts';
import { PRICING_LOCALES, SHOP_COPY_EN_AU, SHOP_COPY_EN_GB, UK_CAPABILITIES, UK_PRICING } from './content.ts';

export async function seedLocales(tx: DbOrTx): Promise<void> {
  await tx
    .insert(capabilitySegments)
    .values({ segmentName: UK_PRICING.segmentName, capabilities: UK_CAPABILITIES })
    .onConflictDoNothing();
  await tx.insert(pricings).values(UK_PRICING).onConflictDoNothing();
  await tx
    .insert(siteConfig)
    .values({ key: 'pricing_locales', value: PRICING_LOCALES })
    .onConflictDoNothing();
  await tx
    .insert(translations)
    .values([
      ...SHOP_COPY_EN_AU.map((t) => ({ ...t, locale: 'en-AU' })),
      ...SHOP_COPY_EN_GB.map((t) => ({ ...t, locale: 'en-GB' })),
    ])
    .onConflictDoNothing();
}
