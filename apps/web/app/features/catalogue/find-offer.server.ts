import type { ProductOffer } from '@drawhouse/contract';
import { type Site, siteHas } from '../../lib/site.server';

/**
 * The offer a page path names: its key, or, on a site with the `sub_variants` capability, a url
 * alias of the visitor's sub-variant (`/{alias}` shows the aliased offer). Without the capability
 * the `sv` link parameter changes nothing.
 */
export function offerOfPath(
  site: Pick<Site, 'offers' | 'capabilities'>,
  key: string,
  subVariant: string | null | undefined,
): ProductOffer | undefined {
  const path = `/${key}`;
  const aliased = siteHas(site, 'sub_variants') ? subVariant : undefined;
  return (
    site.offers.find((o) => o.key === key) ??
    (aliased
      ? site.offers.find((o) => o.urlAliases.some((a) => a.url === path && a.subvariant === aliased))
      : undefined)
  );
}
