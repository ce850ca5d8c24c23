/**
 * The route records: one row per screen, with the capability rule that switches it on. Route
 * modules name their screen in `handle.screenName`; loaders check the capability through
 * `requireScreen`; sitemap.xml lists the rows marked includeInSitemap whose capabilities the
 * visitor's segment has.
 *
 * Every screen the shop serves is listed (route-table.test.ts checks each record's path is served).
 * The shell links to a listed page only while the segment has its capabilities (see `isPageOn`).
 */

import { CHECKOUT_SCREENS } from './checkout-screens';

export type RouteRecord = {
  path: string;
  screenName: string;
  /** Cart, checkout, deposit, login and close-account-success screens (CHECKOUT_SCREENS). */
  checkout: boolean;
  protectedRoute: boolean;
  includeInSitemap: boolean;
  archived: boolean;
  is404: boolean;
  /** Every listed capability must be on: a rule listing several requires all. */
  capability?: readonly string[];
  /** Listed in the sitemap only while this capability is off (the FAQ page and support_faq). */
  sitemapUnlessCapability?: string;
};

type Row = Pick<RouteRecord, 'path' | 'screenName'> & Partial<Omit<RouteRecord, 'checkout'>>;

function record(row: Row): RouteRecord {
  return {
    checkout: CHECKOUT_SCREENS.has(row.screenName),
    protectedRoute: false,
    includeInSitemap: true,
    archived: false,
    is404: false,
    ...row,
  };
}

/** Account screens: never in the sitemap. */
function unlisted(path: string, screenName: string, extra: Partial<RouteRecord> = {}): RouteRecord {
  return record({ path, screenName, includeInSitemap: false, ...extra });
}

/** A protected account screen behind a capability (or all of a list). */
function account(path: string, screenName: string, capability: string | readonly string[]): RouteRecord {
  return unlisted(path, screenName, {
    protectedRoute: true,
    capability: typeof capability === 'string' ? [capability] : capability,
  });
}

/** The identity-verification screens: the verification feature and its ID checks (verify_id). */
const VERIFY_ID = ['verification', 'verify_id'] as const;

/** The wallet and limits screens of the account area, each behind its wallet or limits capability. */
function walletRecords(): RouteRecord[] {
  return [
    account('/deposit', 'deposit', 'wallet_deposit'),
    account('/my-account/deposit', 'my-account-deposit', 'wallet_deposit'),
    account('/my-account/deposit/summary/:transactionId', 'deposit-summary', 'wallet_deposit'),
    account('/my-account/deposit/authorisation/:depositId', 'deposit-authorisation', 'wallet_deposit'),
    account('/my-account/deposit/details/:depositId/:outcome?', 'deposit-details', 'wallet_deposit'),
    account('/my-account/deposit/:depositId/cancel', 'deposit-cancel', 'wallet_deposit'),
    account('/my-account/withdraw', 'withdraw', 'wallet_withdrawal'),
    account('/my-account/withdraw/summary/:transactionId', 'withdraw-summary', 'wallet_withdrawal'),
    account('/my-account/withdraw/details/:withdrawId', 'withdraw-details', 'wallet_withdrawal'),
    account('/my-account/cards-and-accounts', 'cards-and-accounts', 'wallet_manage'),
    unlisted('/my-account/transactions/:page?', 'transactions', { protectedRoute: true }),
    unlisted('/my-account/statements', 'statements', { protectedRoute: true }),
    unlisted('/my-account/statements/:month', 'statement', { protectedRoute: true }),
    account('/my-account/spend-limits', 'spend-limits', 'spend_limits'),
    account('/my-account/precommitment-limit', 'precommitment-limit', 'spend_limits'),
    account('/my-account/verify-account', 'verify-account', VERIFY_ID),
    account('/my-account/manual-verification', 'manual-verification', VERIFY_ID),
    account('/my-account/verify-account/connectid', 'verify-account-connectid', VERIFY_ID),
    account('/my-account/verify-account/connectid/callback', 'verify-account-connectid-callback', VERIFY_ID),
  ];
}

/** The partner purchase pages (their own layout, without the shop's shell), behind partner-purchase. */
function partnerRecords(): RouteRecord[] {
  const partner = { capability: ['partner-purchase'] };
  return [
    unlisted('/purchase/:partnerSlug', 'partner-purchase', partner),
    unlisted('/purchase/:partnerSlug/receipt/:checkoutID', 'partner-purchase-receipt', {
      ...partner,
      protectedRoute: true,
    }),
    unlisted('/purchase/:partnerSlug/autologin/:autologinToken', 'partner-purchase-autologin', partner),
    unlisted('/purchase/:partnerSlug/*', 'partner-purchase-not-found', { ...partner, is404: true }),
  ];
}

/** The customer's tickets (behind viewing-orders) and the notifications feed (notifications_feed). */
function ticketRecords(): RouteRecord[] {
  return [
    account('/my-account/upcoming-tickets/:page?', 'upcoming-tickets', 'viewing-orders'),
    account('/my-account/past-tickets/:page?', 'past-tickets', 'viewing-orders'),
    account('/my-account/upcoming-tickets/ticket/:id', 'ticket', 'viewing-orders'),
    account('/my-account/print-tickets', 'print-tickets', 'viewing-orders'),
    account('/my-account/notifications', 'notifications', 'notifications_feed'),
  ];
}

/**
 * Autoplays (autoplay_manage), subscriptions (subscription_manage), every recurring purchase
 * together (combined_recurring_purchases) and scheduled purchases (viewing-orders).
 */
function recurringRecords(): RouteRecord[] {
  return [
    account('/my-account/autoplay/:page?', 'autoplay', 'autoplay_manage'),
    account('/my-account/autoplay/ticket/:id', 'autoplay-ticket', 'autoplay_manage'),
    account('/my-account/subscriptions/:page?', 'subscriptions', 'subscription_manage'),
    account('/my-account/subscriptions/ticket/:id', 'subscription-ticket', 'subscription_manage'),
    account('/my-account/recurring-purchases/:page?', 'recurring-purchases', 'combined_recurring_purchases'),
    account('/my-account/scheduled-purchases/:id', 'scheduled-purchase', 'viewing-orders'),
  ];
}

/**
 * Daily Winners: the programme's pages (membership_program), its tiers page (membership_purchase)
 * and the account's giveaway lists (giveaway_entries).
 */
function membershipRecords(): RouteRecord[] {
  const program = ['membership_program'];
  return [
    record({ path: '/daily-winners', screenName: 'daily-winners', capability: program }),
    record({
      path: '/daily-winners/giveaways/:giveawayType/:drawNumber',
      screenName: 'daily-winners-giveaway',
      includeInSitemap: false,
      capability: program,
    }),
    record({ path: '/daily-winners/winners', screenName: 'daily-winners-winners', capability: program }),
    unlisted('/daily-winners/deposit', 'daily-winners-deposit', {
      protectedRoute: true,
      capability: [...program, 'wallet_deposit'],
    }),
    record({
      path: '/daily-winners/membership-tiers',
      screenName: 'daily-winners-membership-tiers',
      capability: [...program, 'membership_purchase'],
    }),
    unlisted('/daily-winners/benefits', 'daily-winners-benefits', {
      protectedRoute: true,
      capability: program,
    }),
    account('/my-account/current-giveaways/:page?', 'current-giveaways', 'giveaway_entries'),
    account('/my-account/closed-giveaways/:page?', 'closed-giveaways', 'giveaway_entries'),
  ];
}

export const ROUTE_RECORDS: readonly RouteRecord[] = [
  record({ path: '/', screenName: 'home' }),
  record({
    path: '/lotto-tickets',
    screenName: 'lotto-tickets',
    capability: ['commercial_lotteries', 'multi_offer_site'],
  }),
  record({
    path: '/charity-tickets',
    screenName: 'charity-tickets',
    capability: ['charity_lotteries', 'multi_offer_site'],
  }),
  record({ path: '/syndicates', screenName: 'syndicates', capability: ['syndicates'] }),
  record({ path: '/causes', screenName: 'causes', capability: ['causes_directory'] }),
  record({ path: '/causes/:causeSlug', screenName: 'cause', capability: ['causes_directory'] }),
  record({
    path: '/causes/:causeSlug/:productOfferKey',
    screenName: 'cause-offer',
    includeInSitemap: false,
    capability: ['causes_directory'],
  }),
  record({ path: '/app', screenName: 'app', capability: ['native-app'] }),
  record({ path: '/app/android', screenName: 'app-android', capability: ['native-app'] }),
  record({ path: '/app/android/install', screenName: 'app-android-install', capability: ['native-app'] }),
  record({ path: '/about', screenName: 'about' }),
  record({
    path: '/about/responsible-gaming',
    screenName: 'about-responsible-gaming',
    capability: ['responsible_gambling'],
  }),
  record({ path: '/about/privacy', screenName: 'about-privacy' }),
  record({ path: '/about/cookie-policy', screenName: 'about-cookie-policy', capability: ['cookie_consent'] }),
  record({ path: '/about/faq', screenName: 'about-faq', sitemapUnlessCapability: 'support_faq' }),
  record({ path: '/about/terms-and-conditions', screenName: 'about-terms-and-conditions' }),
  record({ path: '/about/terms-of-use', screenName: 'about-terms-of-use', capability: ['terms_of_use'] }),
  record({ path: '/about/contact-us', screenName: 'about-contact-us' }),
  record({ path: '/lotto-results', screenName: 'lotto-results', capability: ['multi_offer_site'] }),
  record({
    path: '/lotto-results/lotteries',
    screenName: 'lotto-results-lotteries',
    capability: ['commercial_lotteries', 'multi_offer_site'],
  }),
  record({
    path: '/lotto-results/raffles',
    screenName: 'lotto-results-raffles',
    capability: ['charity_lotteries', 'multi_offer_site'],
  }),
  record({ path: '/fair-draws', screenName: 'fair-draws' }),
  record({ path: '/your-support', screenName: 'your-support' }),
  record({
    path: '/:productOfferKey/your-support',
    screenName: 'offer-your-support',
    includeInSitemap: false,
  }),
  unlisted('/preview', 'preview'),
  unlisted('/marketing/feature-banner', 'marketing-feature-banner', { capability: ['placements'] }),
  record({ path: '/blog', screenName: 'blog', capability: ['blog'] }),
  record({
    path: '/blog/category/:slug/:page?',
    screenName: 'blog-category',
    includeInSitemap: false,
    capability: ['blog'],
  }),
  record({ path: '/blog/:blogSlug', screenName: 'blog-post', includeInSitemap: false, capability: ['blog'] }),
  record({ path: '/:productOfferKey/results', screenName: 'offer-results', includeInSitemap: false }),
  record({
    path: '/:productOfferKey/results/draw/:drawNo',
    screenName: 'offer-results-draw',
    includeInSitemap: false,
  }),
  record({
    path: '/:productOfferKey/results/:date',
    screenName: 'offer-results-archive',
    includeInSitemap: false,
  }),
  record({ path: '/:productOfferKey/winners', screenName: 'offer-winners', includeInSitemap: false }),
  record({ path: '/:productOfferKey/draw/:drawNo', screenName: 'raffle-draw', includeInSitemap: false }),
  record({ path: '/subscription', screenName: 'subscription-offers' }),
  record({ path: '/:productOfferKey/subscription', screenName: 'subscription', includeInSitemap: false }),
  record({
    path: '/:productOfferKey/statistics',
    screenName: 'offer-statistics',
    includeInSitemap: false,
    capability: ['commercial_lotteries'],
  }),
  record({ path: '/buy', screenName: 'buy' }),
  record({ path: '/:productOfferKey/buy', screenName: 'offer-buy', includeInSitemap: false }),
  record({
    path: '/:productOfferKey/terms-and-conditions/:drawNo?',
    screenName: 'offer-terms',
    includeInSitemap: false,
  }),
  record({ path: '/:productOfferKey/:gameTypeKey?', screenName: 'product-offer', includeInSitemap: false }),
  record({ path: '/login', screenName: 'login', includeInSitemap: false }),
  unlisted('/cart', 'cart'),
  unlisted('/cart/buy', 'cart-buy'),
  unlisted('/cart/replay/:replayID', 'cart-replay', { protectedRoute: true }),
  ...partnerRecords(),
  unlisted('/checkout/login', 'checkout-login'),
  unlisted('/checkout/deposit/:depositId/:outcome', 'checkout-deposit-result', { protectedRoute: true }),
  unlisted('/receipt/:checkoutID', 'receipt', { protectedRoute: true }),
  unlisted('/login/autologin/:autologinToken', 'login-autologin'),
  unlisted('/autologin', 'autologin'),
  unlisted('/logout', 'logout'),
  unlisted('/forgot-password', 'forgot-password'),
  unlisted('/check-email', 'check-email'),
  unlisted('/address-lookup', 'address-lookup'),
  unlisted('/social-authentication', 'social-authentication-methods', { protectedRoute: true }),
  unlisted('/social-authentication/:provider', 'social-authentication'),
  unlisted('/force-password-change', 'force-password-change'),
  unlisted('/account-verification', 'account-verification'),
  unlisted('/unsubscribe/:customerId/:productOfferKey?', 'unsubscribe'),
  unlisted('/my-account/confirm-address/:token?', 'confirm-address'),
  unlisted('/my-account/upgrade-account', 'upgrade-account', { protectedRoute: true }),
  unlisted('/close-my-account/success', 'close-my-account-success'),
  unlisted('/my-account', 'my-account', { protectedRoute: true }),
  unlisted('/my-account/my-details', 'my-details', { protectedRoute: true }),
  unlisted('/my-account/login-and-security', 'login-and-security', { protectedRoute: true }),
  unlisted('/change-Password', 'change-password', { protectedRoute: true }),
  record({
    path: '/close-my-account',
    screenName: 'close-my-account',
    protectedRoute: true,
    includeInSitemap: false,
    capability: ['customer_deactivate'],
  }),
  record({
    path: '/communication-preferences/:id?',
    screenName: 'communication-preferences',
    protectedRoute: true,
    includeInSitemap: false,
    capability: ['manage_notification_settings'],
  }),
  record({
    path: '/my-account/favourite-numbers',
    screenName: 'favourite-numbers',
    protectedRoute: true,
    includeInSitemap: false,
    capability: ['favourite_numbers'],
  }),
  ...walletRecords(),
  ...ticketRecords(),
  ...recurringRecords(),
  ...membershipRecords(),
  record({ path: '*', screenName: 'not-found', includeInSitemap: false, is404: true }),
];

const BY_SCREEN = new Map(ROUTE_RECORDS.map((r) => [r.screenName, r]));
const BY_PATH = new Map(ROUTE_RECORDS.map((r) => [r.path, r]));

export function routeRecord(screenName: string): RouteRecord | undefined {
  return BY_SCREEN.get(screenName);
}

export function routeRecordByPath(path: string): RouteRecord | undefined {
  return BY_PATH.get(path);
}

/** The about page of a slug under /about ('' for /about itself). */
export function aboutRecord(slug: string): RouteRecord | undefined {
  return routeRecordByPath(slug === '' ? '/about' : `/about/${slug}`);
}

/** Static paths to list in sitemap.xml for a segment with these capabilities. */
export function sitemapPaths(has: (required: readonly string[]) => boolean): string[] {
  return ROUTE_RECORDS.filter(
    (r) =>
      r.includeInSitemap &&
      !r.archived &&
      !r.is404 &&
      !r.path.includes(':') &&
      !r.path.includes('*') &&
      (r.capability === undefined || has(r.capability)) &&
      (r.sitemapUnlessCapability === undefined || !has([r.sitemapUnlessCapability])),
  ).map((r) => r.path);
}

/**
 * Whether the page at a route record's path can be linked to: its route has landed (it has a
 * record, not archived) and the segment has the record's capabilities. `path` is the record's
 * path as written in the table ('/blog', '/:productOfferKey/results').
 */
export function isPageOn(path: string, has: (required: readonly string[]) => boolean): boolean {
  const r = routeRecordByPath(path);
  return r !== undefined && !r.archived && !r.is404 && (r.capability === undefined || has(r.capability));
}

/**
 * What a route module exports as `handle`. `layout: 'bare'` draws the page without the main shell
 * (header, navigation, footer), as the Android app's download and install pages are.
 */
export type ScreenHandle = { screenName: string; layout?: 'bare' };
