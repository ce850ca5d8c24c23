/**
 * The site-wide data every page needs (configuration, capabilities, theme, CMS site config and the
 * product offers of the visitor's pricing), loaded through the cached API client, and the
 * loader-side rules built on it: capability checks and the error pages (404, 418).
 */
import {
  CapabilitiesSchema,
  type Config,
  ConfigSchema,
  type ContentSiteConfig,
  ContentSiteConfigSchema,
  type Page,
  PageSchema,
  type PricingInfo,
  PricingInfoSchema,
  type ProductOffer,
  ProductOffersSchema,
  type Theme,
  ThemeSchema,
} from '@drawhouse/contract';
import {
  cleanIdentifier,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  hasCapabilities,
  isOfferShown,
  pricingSegmentName,
} from '@drawhouse/domain';
import { data } from 'react-router';
import { ApiError, api } from './api.server';
import { loadCustomer } from './customer.server';
import { type RouteRecord, routeRecord } from './route-records';
import { DEFAULT_PRICING, publicCallerOf, type Visitor } from './visitor.server';

export const PRODUCT_OFFERS_VERSION = '3.9';

export type Site = {
  config: Config;
  theme: Theme;
  content: ContentSiteConfig;
  pricing: string;
  segmentName: string;
  /** The locale and currency the visitor's pricing is shown in (en-AU and AUD unless it has its own). */
  locale: string;
  currency: string;
  capabilities: readonly string[];
  offers: ProductOffer[];
};

/**
 * A failure the page cannot recover from becomes the matching error page: a missing thing is the
 * 404 page, an API that cannot be reached or timed out is the server-busy page (502/504), a 5xx
 * Response from the client passes through (503 is the maintenance page).
 */
export function toPageError(error: unknown): unknown {
  if (error instanceof ApiError) {
    if (error.status === 404) return data({ code: error.code }, { status: 404 });
    // Too many requests from this visitor: the server-busy page, with the status that says so.
    if (error.status === 429) return data({ code: error.code }, { status: 429 });
    if (error.status === 408)
      return data({ code: error.code }, { status: error.code === 'timeout' ? 504 : 502 });
  }
  return error;
}

export async function orPageError<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw toPageError(error);
  }
}

function pricingsOf(visitor: Visitor): Promise<PricingInfo['pricings']> {
  return api
    .get(PricingInfoSchema, 'main', '/info/pricing/', { caller: publicCallerOf(visitor) })
    .then((info) => info.pricings);
}

function segmentOf(
  visitor: Visitor,
  pricings: PricingInfo['pricings'],
  pricing: string,
  customerSegment: string | null | undefined,
): string {
  const visitorSegment = pricings.find((p) => p.name === pricing)?.segmentName;
  return pricingSegmentName({ customerSegment, visitorSegment, signedIn: visitor.signedIn });
}

const LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

/** The locale and currency of a pricing, else the site's (en-AU and AUD for anything malformed). */
export function localeOf(
  config: Pick<Config, 'locale' | 'currency'>,
  pricing: { locale: string; currency: string } | undefined,
): { locale: string; currency: string } {
  const locale = [pricing?.locale, config.locale].find((l) => l && LOCALE.test(l)) ?? DEFAULT_LOCALE;
  const currency =
    [pricing?.currency, config.currency].find((c) => c && CURRENCY.test(c)) ?? DEFAULT_CURRENCY;
  return { locale, currency };
}

/** A signed-in customer's own pricing and segment (GET /v2/customer, read once per request). */
async function customerPricing(visitor: Visitor): Promise<{ pricing?: string; segment?: string | null }> {
  if (!visitor.signedIn) return {};
  try {
    const customer = await loadCustomer(visitor);
    return { pricing: cleanIdentifier(customer.pricingId) ?? undefined, segment: customer.segmentName };
  } catch {
    // The page's own loaders report a failed customer call (a redirect to /login, an error page).
    return {};
  }
}

async function offersOf(
  visitor: Visitor,
  pricing: string,
): Promise<{ pricing: string; offers: ProductOffer[] }> {
  const caller = publicCallerOf(visitor);
  try {
    const { offers } = await api.get(
      ProductOffersSchema,
      'main',
      `/pricing/${encodeURIComponent(pricing)}/product_offers`,
      { version: PRODUCT_OFFERS_VERSION, caller },
    );
    return { pricing, offers };
  } catch (error) {
    // An unknown pricing in an old cookie falls back to the site's default pricing.
    if (error instanceof ApiError && error.status === 404 && pricing !== DEFAULT_PRICING) {
      return offersOf(visitor, DEFAULT_PRICING);
    }
    throw error;
  }
}

/** One load per request: the root loader and the page's loader run side by side and share it. */
const perRequest = new WeakMap<Visitor, Promise<Site>>();

export function loadSite(visitor: Visitor): Promise<Site> {
  let site = perRequest.get(visitor);
  if (!site) {
    site = loadSiteOnce(visitor);
    perRequest.set(visitor, site);
  }
  return site;
}

async function loadSiteOnce(visitor: Visitor): Promise<Site> {
  if (visitor.clearCache) api.clearCache();
  const caller = publicCallerOf(visitor);
  const own = await customerPricing(visitor);
  const pricing = own.pricing ?? visitor.pricing;
  return orPageError(
    (async () => {
      const [config, capabilities, theme, content, priced, pricings] = await Promise.all([
        api.get(ConfigSchema, 'main', '/config', { caller }),
        api.get(CapabilitiesSchema, 'main', '/capabilities', { caller }),
        api.get(ThemeSchema, 'cms', '/items/theme', { caller }),
        api.get(ContentSiteConfigSchema, 'cms', '/items/site_config', { caller }),
        offersOf(visitor, pricing),
        pricingsOf(visitor),
      ]);
      const segmentName = segmentOf(visitor, pricings, pricing, own.segment);
      const segment =
        capabilities.segments.find((s) => s.segmentName === segmentName) ??
        capabilities.segments.find((s) => s.segmentName === DEFAULT_PRICING);
      return {
        config,
        theme,
        content,
        pricing: priced.pricing,
        segmentName: segment?.segmentName ?? DEFAULT_PRICING,
        capabilities: segment?.capabilities ?? [],
        offers: priced.offers,
        ...localeOf(
          config,
          pricings.find((p) => p.name === priced.pricing),
        ),
      };
    })(),
  );
}

/** True when the site has every listed capability. */
export function siteHas(site: Pick<Site, 'capabilities'>, required: string | readonly string[]): boolean {
  return hasCapabilities(site.capabilities, required);
}

/** A page whose route record's capability is off answers the 404 page. */
export function requireRecord(site: Site, record: RouteRecord | undefined): void {
  if (record?.capability && !siteHas(site, record.capability)) throw data(null, { status: 404 });
}

/** A screen whose capability is off answers the 404 page. */
export function requireScreen(site: Site, screenName: string): void {
  requireRecord(site, routeRecord(screenName));
}

/** Offers that can be shown: available and not suspended. An empty catalogue is the 418 page. */
export function visibleOffers(site: Site): ProductOffer[] {
  const offers = site.offers.filter(isOfferShown);
  if (site.offers.length === 0) throw data(null, { status: 418 });
  return offers;
}

export async function loadContentPage(visitor: Visitor, slug: string): Promise<Page> {
  return orPageError(
    api.get(PageSchema, 'cms', `/items/pages/${encodeURIComponent(slug)}`, {
      caller: publicCallerOf(visitor),
    }),
  );
}
