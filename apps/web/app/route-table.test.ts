/**
 * Every screen of the shopping side has its own route: each address below is answered by the route
 * module named beside it, not by the offer play screen's `/:productOfferKey/:gameTypeKey?` or the
 * catch-all 404 that would otherwise take it. And every route record names a path a route serves.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_RECORDS } from './lib/route-records';
import routes from './routes';

type Tree = RouteObject & { file: string };

function tree(entries: readonly RouteConfigEntry[]): Tree[] {
  return entries.map((entry) => {
    const base = { id: entry.id ?? entry.file, file: entry.file, caseSensitive: entry.caseSensitive };
    return entry.index
      ? { ...base, index: true as const }
      : { ...base, path: entry.path, children: entry.children ? tree(entry.children) : undefined };
  });
}

const TREE = tree(routes);

function fileOf(url: string): string | undefined {
  const matches = matchRoutes(TREE, url);
  const last = matches?.at(-1)?.route as Tree | undefined;
  return last?.file;
}

const SHOPPING: [string, string][] = [
  ['/', 'routes/home.tsx'],
  ['/app', 'routes/app.tsx'],
  ['/app/android', 'routes/app-android.tsx'],
  ['/app/android/install', 'routes/app-android.tsx'],
  ['/blog', 'routes/blog.tsx'],
  ['/blog/category/winners', 'routes/blog-category.tsx'],
  ['/blog/category/winners/2', 'routes/blog-category.tsx'],
  ['/blog/a-big-night', 'routes/blog-post.tsx'],
  ['/cart', 'routes/cart.tsx'],
  ['/my-account/upgrade-account', 'routes/my-account/upgrade-account.tsx'],
  ['/my-account/migration', 'routes/my-account/migration.ts'],
  ['/cart/buy', 'routes/cart-buy.tsx'],
  ['/cart/replay/3f2a', 'routes/cart-replay.ts'],
  ['/checkout/login', 'routes/login.tsx'],
  ['/checkout/deposit/d1/success', 'routes/checkout-deposit-result.tsx'],
  ['/checkout/deposit/d1/cancel', 'routes/checkout-deposit-result.tsx'],
  ['/deposit', 'routes/deposit.tsx'],
  ['/receipt/c1', 'routes/receipt.tsx'],
  ['/causes', 'routes/causes.tsx'],
  ['/causes/surf-life-saving', 'routes/cause.tsx'],
  ['/causes/surf-life-saving/surf-raffle', 'routes/cause-offer.tsx'],
  ['/lotto-tickets', 'routes/lotto-tickets.tsx'],
  ['/charity-tickets', 'routes/charity-tickets.tsx'],
  ['/social-play', 'routes/lotto-party/social-play.tsx'],
  ['/syndicates', 'routes/syndicates.tsx'],
  ['/lotto-results', 'routes/lotto-results.tsx'],
  ['/lotto-results/2', 'routes/lotto-results.tsx'],
  ['/lotto-results/lotteries/2', 'routes/lotto-results.tsx'],
  ['/lotto-results/raffles', 'routes/lotto-results.tsx'],
  ['/lotto-party', 'routes/lotto-party/landing.tsx'],
  ['/lotto-party/group', 'routes/lotto-party/landing.tsx'],
  ['/about', 'routes/about.tsx'],
  ['/about/responsible-gaming', 'routes/about.tsx'],
  ['/about/cookie-policy', 'routes/about.tsx'],
  ['/about/privacy', 'routes/about.tsx'],
  ['/about/terms-and-conditions', 'routes/about.tsx'],
  ['/about/faq', 'routes/about.tsx'],
  ['/about/terms-of-use', 'routes/about.tsx'],
  ['/about/contact-us', 'routes/about.tsx'],
  ['/your-support', 'routes/your-support.tsx'],
  ['/buy', 'routes/buy.tsx'],
  ['/check-email', 'routes/check-email.tsx'],
  ['/autologin', 'routes/autologin.ts'],
  ['/address-lookup', 'routes/address-lookup.ts'],
  ['/social-authentication', 'routes/social-authentication-methods.ts'],
  ['/social-authentication/apple', 'routes/social-authentication.tsx'],
  ['/social-authentication/google', 'routes/social-authentication.tsx'],
  ['/my-account/confirm-location', 'routes/my-account/confirm-location.ts'],
  ['/my-account/statements', 'routes/my-account/statements.tsx'],
  ['/my-account/statements/2026-10', 'routes/my-account/statement.tsx'],
  ['/my-account/statements/2026-10/pdf', 'routes/my-account/statement-pdf.ts'],
  ['/preview', 'routes/preview.tsx'],
  ['/marketing/feature-banner', 'routes/marketing-feature-banner.tsx'],
  ['/powerball/terms-and-conditions', 'routes/offer-terms.tsx'],
  ['/surf-raffle/terms-and-conditions/4', 'routes/offer-terms.tsx'],
  ['/purchase/riverbend', 'routes/purchase.tsx'],
  ['/purchase/riverbend/receipt/c1', 'routes/purchase-receipt.tsx'],
  ['/purchase/riverbend/autologin/t1', 'routes/purchase-autologin.tsx'],
  ['/purchase/riverbend/elsewhere/deeper', 'routes/purchase-not-found.tsx'],
  ['/subscription', 'routes/offer-subscription.tsx'],
  ['/public/pdf/subscription/powerball-calendar.pdf', 'routes/subscription-calendar-pdf.ts'],
  ['/powerball', 'routes/product-offer.tsx'],
  ['/powerball/systems', 'routes/product-offer.tsx'],
  ['/powerball/buy', 'routes/offer-buy.ts'],
  ['/powerball/results', 'routes/offer-results.tsx'],
  ['/powerball/results/draw/12', 'routes/offer-results-draw.tsx'],
  ['/powerball/results/2026-03', 'routes/offer-results-archive.tsx'],
  ['/powerball/winners', 'routes/offer-winners.tsx'],
  ['/powerball/statistics', 'routes/offer-statistics.tsx'],
  ['/powerball/your-support', 'routes/your-support.tsx'],
  ['/powerball/subscription', 'routes/offer-subscription.tsx'],
  ['/daily-winners/subscriptions', 'routes/product-offer.tsx'],
  ['/powerball/syndicates', 'routes/offer-syndicates.ts'],
  ['/powerball/lotto-party', 'routes/lotto-party/play.tsx'],
  ['/surf-raffle/draw/4', 'routes/raffle-draw.tsx'],
  ['/surf-raffle/draw/4/buy', 'routes/raffle-draw-buy.tsx'],
  ['/no/such/page/here', 'routes/not-found.tsx'],
];

describe('the route table', () => {
  it.each(SHOPPING)('%s is served by %s', (url, file) => {
    expect(fileOf(url)).toBe(file);
  });

  it('serves the path of every route record', () => {
    const example = (path: string) =>
      path
        .replace(/\/:[A-Za-z]+\?/g, '')
        .replace(/:[A-Za-z]+/g, 'x1')
        .replace(/\*$/, 'x1');
    const unserved = ROUTE_RECORDS.filter((r) => !r.is404)
      .filter((r) => {
        const file = fileOf(example(r.path));
        return file === undefined || file === 'routes/not-found.tsx';
      })
      .map((r) => r.path);
    expect(unserved).toEqual([]);
  });
});
