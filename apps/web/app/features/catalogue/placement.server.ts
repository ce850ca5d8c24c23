/**
 * The placement service from the storefront (docs/api/placements.md): the feature placement the
 * home page shows, kept 5 minutes per visitor (segment user or device id) and pricing segment, and
 * the cart prime after an add, which drops the visitor's kept placement. 204 is an empty list; any
 * failure is an empty result, so a page never fails for want of a placement.
 */
import { CartPrimeSchema, type Placement, PlacementsSchema, type ProductOffer } from '@drawhouse/contract';
import { cleanIdentifier, isOfferShown } from '@drawhouse/domain';
import { api } from '../../lib/api.server';
import { type Site, siteHas } from '../../lib/site.server';
import { callerOf, type Visitor } from '../../lib/visitor.server';

/** Feature placement: 5 minutes. */
export const FEATURE_PLACEMENT_CACHE_MS = 5 * 60_000;
const MAX_KEPT = 10_000;

/** A 204 has no result: an empty list. */
const PlacementAnswerSchema = PlacementsSchema.optional();

/** Kept placements by visitor, with the pricing segment and pricing they were asked for. */
const kept = new Map<string, { placements: Placement[]; until: number; asked: string }>();

function segmentIds(visitor: Visitor): { segmentUserId?: string; segmentDeviceId: string } {
  return visitor.signedIn && visitor.customerId
    ? { segmentUserId: visitor.customerId, segmentDeviceId: visitor.deviceId }
    : { segmentDeviceId: visitor.deviceId };
}

function keyOf(visitor: Visitor): string {
  const ids = segmentIds(visitor);
  return `${ids.segmentUserId ?? ''} ${ids.segmentDeviceId}`;
}

/** The storefront's brand for the placement service. */
function brandingKey(site: Site): string {
  return cleanIdentifier(site.config.siteName.toLowerCase().replace(/\s+/g, '-')) ?? 'drawhouse';
}

async function askPlacements(site: Site, visitor: Visitor): Promise<Placement[]> {
  const ids = segmentIds(visitor);
  const answer = await api.get(PlacementAnswerSchema, 'main', '/placement', {
    query: {
      branding_key: brandingKey(site),
      keys: 'feature_placement',
      pricing_id: site.pricing,
      customer_key: ids.segmentUserId,
      segment_user_id: ids.segmentUserId,
      segment_device_id: ids.segmentDeviceId,
    },
    caller: callerOf(visitor),
    cacheMs: 0,
  });
  return answer?.placements ?? [];
}

/** The featured offer and why. */
export type Featured = { offer: ProductOffer; reason: Placement['reason'] };

/**
 * The offer the feature placement names and why, when the site has placements and the offer is
 * shown; null otherwise, and whenever the call fails.
 */
export async function featuredOffer(site: Site, visitor: Visitor): Promise<Featured | null> {
  if (!siteHas(site, 'placements')) return null;
  const key = keyOf(visitor);
  const asked = `${site.segmentName} ${site.pricing}`;
  const now = Date.now();
  let entry = kept.get(key);
  if (!entry || entry.until <= now || entry.asked !== asked) {
    try {
      entry = {
        placements: await askPlacements(site, visitor),
        until: now + FEATURE_PLACEMENT_CACHE_MS,
        asked,
      };
    } catch {
      // Any failure is an empty result: the page renders without the placement (not kept, so the
      // next page asks again).
      return null;
    }
    kept.delete(key);
    kept.set(key, entry);
    while (kept.size > MAX_KEPT) {
      const oldest = kept.keys().next().value;
      if (oldest === undefined) break;
      kept.delete(oldest);
    }
  }
  const featured = entry.placements.find((p) => p.key === 'feature_placement');
  const offer = featured ? site.offers.find((o) => o.key === featured.productOfferKey) : undefined;
  return featured && offer && isOfferShown(offer) ? { offer, reason: featured.reason } : null;
}

/**
 * Tells the placement service what the visitor's cart holds now (after an add), and forgets the
 * placement kept for them, so the next page features something the cart lacks. A failure (a site
 * without placements answers 404) only leaves the placement as it was.
 */
export async function primePlacements(visitor: Visitor, cartToken: string | undefined): Promise<void> {
  kept.delete(keyOf(visitor));
  const ids = segmentIds(visitor);
  const signedIn = ids.segmentUserId !== undefined;
  if (!signedIn && !cartToken) return;
  try {
    await api.request(CartPrimeSchema, 'main', '/placement/cart/prime', {
      method: 'POST',
      body: {
        segmentUserId: ids.segmentUserId,
        segmentDeviceId: ids.segmentDeviceId,
        ...(signedIn ? {} : { cart: cartToken }),
      },
      caller: callerOf(visitor),
    });
  } catch {
    // The placement stays as it was; the cart itself changed already.
  }
}
