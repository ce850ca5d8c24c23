import { createHash } from 'node:crypto';
import type {
  DisplayCategory,
  NavItem,
  NavItemType,
  ProductOffer,
  SitewideBanner,
} from '@drawhouse/contract';
import {
  CONSENT_COOKIE,
  isOfferShown,
  parseConsent,
  SHOP_COPY,
  type ShopCopy,
  shopCopy,
  supportChannels,
  translationGroups,
} from '@drawhouse/domain';
import { ONE_YEAR_SECONDS, serializeCookie } from './cookies';
import { markStable } from './render-cache.server';
import { isPageOn, routeRecordByPath } from './route-records';
import { serialize } from './serialized';
import {
  type Footer,
  type Shell,
  type ShellLink,
  type ShellNavItem,
  type ShellPayload,
  SOCIAL_NETWORK_LABELS,
} from './shell';
import { type Site, siteHas } from './site.server';
import { themeCss } from './theme';
import { sameTranslations, type Translations, translationsOf } from './translations.server';
import type { Visitor } from './visitor.server';

export const BANNER_COOKIE = 'banner_dismissed';

/** Offers the navigation and footer list: available and not suspended, in ranking order. */
function listedOffers(site: Site): ProductOffer[] {
  return site.offers.filter(isOfferShown).sort((a, b) => a.ranking - b.ranking);
}

function offerLinks(offers: ProductOffer[], suffix = ''): ShellLink[] {
  return offers.map((o) => ({ label: suffix ? `${o.name} Results` : o.name, href: `/${o.key}${suffix}` }));
}

function isSafeHref(href: string): boolean {
  // Browsers read "/\\host" as "//host": a backslash never leads anywhere of ours.
  if (href.includes('\\')) return false;
  return href.startsWith('/') ? !href.startsWith('//') : /^https?:\/\//.test(href);
}

/** The address when it is a path on this site or an http(s) URL, else null. */
function safeHref(href: string | null | undefined): string | null {
  return href && isSafeHref(href) ? href : null;
}

/** Whether the shell may link to a page: it has a route record and the segment has its capabilities. */
export function pageOn(site: Site, path: string): boolean {
  return isPageOn(path, (required) => siteHas(site, required));
}

/** The per-offer results page (/{productOfferKey}/results). */
export const OFFER_RESULTS_PATH = '/:productOfferKey/results';

/**
 * An address the shell may show: external ones as they are, and a site path unless it names a
 * screen the segment has switched off (a CMS link to /blog on a site without the blog). Paths
 * without a record of their own, such as an offer's page, are shown.
 */
function shownHref(site: Site, href: string | null): string | null {
  if (href === null || !href.startsWith('/')) return href;
  const path = href.split(/[?#]/)[0] ?? href;
  return routeRecordByPath(path) !== undefined && !pageOn(site, path) ? null : href;
}

/** Navigation items that list the offers of one display category. */
const CATEGORY_OF_NAV_ITEM: Partial<Record<NavItemType, DisplayCategory>> = {
  lotto: 'lotto',
  raffle: 'raffle',
  social_play: 'syndicate',
};

/** Lotto Party in the syndicates' drawer, before the syndicates as the listings place it. */
const LOTTO_PARTY_LINK: ShellLink = { label: 'Lotto Party', href: '/lotto-party' };

/**
 * The menu's items from the CMS navigation: the lotto, raffle and social play items list their
 * offers (social play Lotto Party first where group play is sold), and each membership offer (Daily
 * Winners), which no CMS item lists, gets an item of its own after them.
 */
export function buildNavigation(items: NavItem[], site: Site): ShellNavItem[] {
  const offers = listedOffers(site);
  const nav: ShellNavItem[] = [];
  let afterOffers = 0;
  for (const item of items) {
    const href = shownHref(site, safeHref(item.url));
    const category = CATEGORY_OF_NAV_ITEM[item.type];
    if (category) {
      const links = offerLinks(offers.filter((o) => o.displayCategory === category));
      if (item.type === 'social_play' && siteHas(site, 'social-syndicates')) links.unshift(LOTTO_PARTY_LINK);
      nav.push({ type: item.type, label: item.label, href, links });
      afterOffers = nav.length;
      continue;
    }
    if (item.type === 'results') {
      const results = pageOn(site, OFFER_RESULTS_PATH)
        ? offers.filter((o) => o.displayCategory === 'lotto' || o.displayCategory === 'raffle')
        : [];
      if (href || results.length > 0) {
        nav.push({ type: item.type, label: item.label, href, links: offerLinks(results, '/results') });
      }
    } else if (href) {
      // external, internal and subvariant items are plain links.
      nav.push({ type: item.type, label: item.label, href });
    }
  }
  const listed = new Set(nav.flatMap((n) => [n.href, ...(n.links ?? []).map((l) => l.href)]));
  const memberships = offers
    .filter((o) => o.displayCategory === 'membership' && !listed.has(`/${o.key}`))
    .map((o): ShellNavItem => ({ type: 'internal', label: o.name, href: `/${o.key}` }));
  nav.splice(afterOffers, 0, ...memberships);
  return nav;
}

/** The page-scoped translation groups the shell shows (error pages, footer, support widget): those of the shop's copy. */
export const SHELL_GROUPS = translationGroups(Object.keys(SHOP_COPY));

/** No translations: the shell's default wording. */
const untranslated = (site: Pick<Site, 'locale'>): Translations => translationsOf(site.locale, []);

export function buildFooter(site: Site, translations: Translations = untranslated(site)): Footer {
  const copy = shopCopy(translations.get);
  const has = (capability: string) => siteHas(site, capability);
  const links: ShellLink[] = [];
  if (pageOn(site, '/buy')) links.push({ label: 'Buy tickets', href: '/buy' });
  if (pageOn(site, '/your-support')) links.push({ label: 'Customer support', href: '/your-support' });
  if (!has('terms_of_use')) links.push({ label: 'About us', href: '/about' });
  links.push({ label: 'Privacy', href: '/about/privacy' });
  if (has('cookie_consent')) links.push({ label: 'Cookie policy', href: '/about/cookie-policy' });
  links.push({ label: 'Terms and conditions', href: '/about/terms-and-conditions' });
  if (has('terms_of_use')) links.push({ label: 'Terms of use', href: '/about/terms-of-use' });
  if (has('blog') && pageOn(site, '/blog')) links.push({ label: 'News', href: '/blog' });
  if (has('responsible_gambling')) {
    links.push({ label: 'Responsible gambling', href: '/about/responsible-gaming' });
  }

  const lotteries = listedOffers(site)
    .filter((o) => o.type === 'lottery_ticket')
    .map((o) => ({ key: o.key, name: o.name }));
  const { config } = site;
  // The locale's own support line and hours, where its translations have them.
  const support = config.support && {
    ...config.support,
    supportNumber: translations.t('support.number', config.support.supportNumber),
    supportOpeningHours: translations.t('support.hours', config.support.supportOpeningHours),
  };
  const nativeApp = has('native-app') && config.nativeApp ? config.nativeApp : null;
  return {
    siteName: config.siteName,
    aboutText: site.content.footer?.aboutText ?? null,
    links,
    lotteries,
    results: pageOn(site, OFFER_RESULTS_PATH),
    grouped: has('multi_offer_site'),
    paymentLogos: config.paymentLogos ?? [],
    paymentMethodsHeading: copy['footer.paymentMethods'],
    socialLinks: (config.socialLinks ?? [])
      .filter((s) => isSafeHref(s.url))
      .map((s) => ({ network: s.network, label: SOCIAL_NETWORK_LABELS[s.network] ?? s.network, url: s.url })),
    supportNumber: support?.supportNumber || null,
    supportOpeningHours: support?.supportOpeningHours || null,
    supportEmail: support?.email || null,
    supportHeading: copy['support.heading'],
    supportChannels: support
      ? supportChannels(support, { email: copy['support.email'], chat: copy['support.chat'] })
      : [],
    regulationImages: (config.regulationImages ?? []).map((image) => ({
      src: image.src,
      alt: image.alt,
      href: shownHref(site, safeHref(image.href)),
    })),
    nativeApp: nativeApp
      ? {
          androidUrl: safeHref(nativeApp.androidUrl),
          iosUrl: safeHref(nativeApp.iosUrl),
        }
      : null,
    feedback: has('feedback'),
    condensedLinks: [
      { label: 'Privacy', href: '/about/privacy' },
      { label: 'Terms and conditions', href: '/about/terms-and-conditions' },
      ...(has('responsible_gambling')
        ? [{ label: 'Responsible gambling', href: '/about/responsible-gaming' }]
        : []),
    ],
  };
}

export function bannerTextHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * The dismissal cookie keeps the banner id, a hash of its text and the date it was dismissed, so a
 * dismissal resets when the banner text changes.
 */
export function bannerDismissalCookie(banner: SitewideBanner, now: Date, secure: boolean): string {
  const value = `${banner.id}|${bannerTextHash(banner.text)}|${now.toISOString().slice(0, 10)}`;
  return serializeCookie(BANNER_COOKIE, value, { maxAge: ONE_YEAR_SECONDS, secure });
}

export function isBannerDismissed(banner: SitewideBanner, cookieValue: string | undefined): boolean {
  if (!cookieValue) return false;
  const [id, hash] = cookieValue.split('|');
  return id === banner.id && hash === bannerTextHash(banner.text);
}

/** The visitor's cookie choice: 'all', 'essential', or null when not made. */
function consentChoice(visitor: Visitor): 'all' | 'essential' | null {
  const consent = parseConsent(visitor.cookies[CONSENT_COOKIE]);
  return consent === null ? null : consent.nonEssential ? 'all' : 'essential';
}

export function buildShell(
  site: Site,
  visitor: Visitor,
  translations: Translations = untranslated(site),
): Shell {
  const copy: ShopCopy = shopCopy(translations.get);
  const banner = site.content.sitewideBanner;
  const showBanner =
    banner?.text &&
    siteHas(site, 'sitewide_banner') &&
    !isBannerDismissed(banner, visitor.cookies[BANNER_COOKIE]);
  return {
    siteName: site.config.siteName,
    lang: site.locale,
    copy,
    metaDescription: site.theme.meta?.description ?? '',
    themeCss: themeCss(site.theme),
    logo: site.theme.logo ?? null,
    nav: buildNavigation(site.content.navigation?.primary ?? [], site),
    banner: showBanner
      ? {
          ...banner,
          link: shownHref(site, safeHref(banner.link)),
          hash: bannerTextHash(banner.text),
        }
      : null,
    footer: buildFooter(site, translations),
    // The cart arrives with the cart issue; until then it is empty.
    cartCount: 0,
    signedIn: visitor.signedIn,
    heartbeatActiveTimeoutSeconds: site.config.heartbeatActiveTimeout ?? 600,
    sessionTimeoutSeconds: site.config.sessionTimeoutSeconds ?? 3600,
    cookieConsent: siteHas(site, 'cookie_consent') ? { choice: consentChoice(visitor) } : null,
    membershipDot: !visitor.signedIn && siteHas(site, 'membership_program'),
    supportHref: '/about/contact-us',
    responsibleGambling: siteHas(site, 'responsible_gambling'),
    components: { homeHero: site.content.componentVariants.homeHero ?? 'A' },
    accountDetailsManage: siteHas(site, 'account-details-manage'),
    accountLinks: {
      walletBalance: siteHas(site, 'wallet_balance'),
      notificationSettings: siteHas(site, 'manage_notification_settings'),
      customerDeactivate: siteHas(site, 'customer_deactivate'),
      favouriteNumbers: siteHas(site, 'favourite_numbers'),
      walletManage: siteHas(site, 'wallet_manage'),
      walletDeposit: siteHas(site, 'wallet_deposit'),
      walletWithdrawal: siteHas(site, 'wallet_withdrawal'),
      spendLimits: siteHas(site, 'spend_limits'),
      viewingOrders: siteHas(site, 'viewing-orders'),
      notificationsFeed: siteHas(site, 'notifications_feed'),
      autoplayManage: siteHas(site, 'autoplay_manage'),
      subscriptionManage: siteHas(site, 'subscription_manage'),
      combinedRecurringPurchases: siteHas(site, 'combined_recurring_purchases'),
      lottoParty: siteHas(site, 'social-syndicates'),
      verification: siteHas(site, ['verification', 'verify_id']),
      giveawayEntries: siteHas(site, 'giveaway_entries'),
    },
  };
}

type MemoEntry = {
  site: Pick<Site, 'config' | 'theme' | 'content' | 'capabilities' | 'locale'>;
  translations: Translations;
  dismissal: string | undefined;
  consent: string | undefined;
  signedIn: boolean;
  payload: ShellPayload;
};

const MEMO_PER_OFFERS = 8;
const shellMemo = new WeakMap<ProductOffer[], MemoEntry[]>();

/**
 * The shell for this visitor, kept while the site data and the shell's translations (cached API
 * answers, compared by identity) and the visitor's own inputs stay the same.
 */
export function shellPayload(
  site: Site,
  visitor: Visitor,
  translations: Translations = untranslated(site),
): ShellPayload {
  const dismissal = visitor.cookies[BANNER_COOKIE];
  const consent = visitor.cookies[CONSENT_COOKIE];
  const entries = shellMemo.get(site.offers) ?? [];
  const known = entries.find(
    (e) =>
      e.site.config === site.config &&
      e.site.theme === site.theme &&
      e.site.content === site.content &&
      e.site.capabilities === site.capabilities &&
      e.site.locale === site.locale &&
      sameTranslations(e.translations, translations) &&
      e.dismissal === dismissal &&
      e.consent === consent &&
      e.signedIn === visitor.signedIn,
  );
  if (known) return known.payload;
  const shell = buildShell(site, visitor, translations);
  const payload: ShellPayload = markStable({
    siteName: shell.siteName,
    metaDescription: shell.metaDescription,
    shell: serialize(shell),
  });
  entries.unshift({ site, translations, dismissal, consent, signedIn: visitor.signedIn, payload });
  entries.length = Math.min(entries.length, MEMO_PER_OFFERS);
  shellMemo.set(site.offers, entries);
  return payload;
}
