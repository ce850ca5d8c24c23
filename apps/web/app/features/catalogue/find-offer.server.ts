import type { ProductOffer } from '@drawhouse/contract';

/**
 * The offer a page path names: its key, or a url alias of the visitor's sub-variant
 * (`/{alias}` shows the aliased offer).
 */
export function offerOfPath(
  offers: readonly ProductOffer[],
  key: string,
  subVariant: string | null | undefined,
): ProductOffer | undefined {
  const path = `/${key}`;
  return (
    offers.find((o) => o.key === key) ??
    offers.find((o) => o.urlAliases.some((a) => a.url === path && a.subvariant === subVariant))
  );
}
