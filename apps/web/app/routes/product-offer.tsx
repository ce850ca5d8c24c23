import {
  countOf,
  formatCount,
  formatMoney,
  syndicateEntryText,
  syndicatePriceCents,
} from '@drawhouse/domain';
import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { Countdown } from '../components/countdown';
import { ScrollRegion } from '../components/scroll-region';
import { MembershipBuy } from '../features/buy/membership-buy';
import { RaffleBuy, raffleClosedReason } from '../features/buy/raffle-buy';
import { SyndicateBuy, syndicateClosedReason } from '../features/buy/syndicate-buy';
import { causeOfferPath } from '../features/catalogue/cause-path';
import { offerOfPath } from '../features/catalogue/find-offer.server';
import type { OfferPageView } from '../features/catalogue/offer-view';
import { chosenGameType, offerPageView } from '../features/catalogue/offer-view.server';
import { loadOfferPreview, previewExpiry } from '../features/content/preview.server';
import { AddToCart } from '../features/play/add-to-cart';
import { PlayPanel } from '../features/play/play-panel';
import { playExtras } from '../features/play/product-offer-play.server';
import { subscriptionView } from '../features/recurring/subscription-view';
import { fairDrawOf } from '../features/results/fair-draw.server';
import { hasResults } from '../features/results/results-offer.server';
import { pageNow } from '../lib/clock';
import { NO_STORE } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { OFFER_RESULTS_PATH, pageOn } from '../lib/shell.server';
import { loadSite, requireScreen, siteHas } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/product-offer';

/** Rows of the share price table: the first few counts, as the game price tables show. */
const MAX_SHARE_ROWS = 8;

export const handle: ScreenHandle = { screenName: 'product-offer' };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  requireScreen(site, handle.screenName);
  const search = new URL(request.url).searchParams;
  // `?preview=true&token=...`: the content role's preview of the offer, published or not.
  const preview =
    search.get('preview') === 'true'
      ? await loadOfferPreview(visitor, search.get('token'), params.productOfferKey)
      : null;
  if (site.offers.length === 0 && !preview) throw data(null, { status: 418 });
  const offer = preview?.offer ?? offerOfPath(site, params.productOfferKey, visitor.link.subVariant);
  if (!offer) throw data(null, { status: 404 });
  const gameType = chosenGameType(offer, params.gameTypeKey);
  if (gameType === undefined) throw data(null, { status: 404 });
  const now = pageNow();
  const view = offerPageView(offer, gameType, now, { currency: site.currency, locale: site.locale });
  const play = view.play
    ? await playExtras(visitor, offer, view, search, siteHas(site, 'favourite_numbers'))
    : null;
  // A cart item being edited is the visitor's own: the page is not kept or shared.
  // Lotteries and raffles have results pages; syndicates and memberships have none of their own.
  const results = pageOn(site, OFFER_RESULTS_PATH) && hasResults(offer);
  const fairDraw = view.raffle ? await fairDrawOf(visitor, offer.key, view.draws[0]?.drawNo) : null;
  const subscription = subscriptionView(offer);
  const subscriptionHref = subscription && subscription.closed === null ? `/${offer.key}/subscription` : null;
  // A raffle's causes link to the cause's page of this raffle where the causes directory is on.
  const causeLinks = view.raffle !== null && siteHas(site, 'causes_directory');
  const previewUntil = preview ? previewExpiry(preview.expiresAt) : null;
  return data(
    { view, play, results, fairDraw, subscriptionHref, causeLinks, previewUntil },
    { headers: play?.itemId || preview ? NO_STORE : undefined },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cacheControl = loaderHeaders.get('Cache-Control');
  return cacheControl ? { 'Cache-Control': cacheControl } : {};
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const card = loaderData?.view.card;
  if (!card) return pageMeta(matches, null);
  const jackpot = card.jackpot ? ` Next jackpot: ${card.jackpot.text}.` : '';
  const tags = pageMeta(
    matches,
    `Play ${card.name} online`,
    `${card.description ?? `Play ${card.name} online.`}${jackpot}`,
  );
  return loaderData?.previewUntil ? [...tags, { name: 'robots', content: 'noindex, nofollow' }] : tags;
};

export default function ProductOffer({ loaderData }: Route.ComponentProps) {
  const { view, play, results, fairDraw, subscriptionHref, causeLinks, previewUntil } = loaderData;
  const { card } = view;
  const playable = view.available && view.play !== null && view.gameType !== null;
  const buyable =
    (view.raffle !== null && raffleClosedReason(view.raffle, view.available) === null) ||
    (view.syndicate !== null && syndicateClosedReason(view.syndicate, view.available) === null) ||
    (view.membership !== null && view.available && view.membership.periods.length > 0);
  return (
    <div className="container-page py-8" data-testid={`offer-page-${card.key}`}>
      {previewUntil ? (
        <p
          role="status"
          className="mb-6 rounded-lg bg-accent px-4 py-2 text-center font-semibold text-ink"
          data-testid="offer-preview-notice"
        >
          Preview: this is how {card.name} will look in the shop once it is published. Nothing can be bought
          from a preview. The link works until {previewUntil}.
        </p>
      ) : null}
      <header className="flex flex-col gap-2 rounded-2xl bg-primary px-6 py-8 text-on-primary md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold md:text-4xl">{card.name}</h1>
          {card.description ? <p className="mt-2 max-w-2xl text-lg">{card.description}</p> : null}
        </div>
        <div className="md:text-right">
          {card.jackpot ? (
            <p className="text-4xl font-extrabold" data-testid={`jackpot-${card.key}`}>
              {card.jackpot.text}
            </p>
          ) : null}
          {card.drawLabel ? (
            <p className="font-semibold">
              <span data-testid={`draw-label-${card.key}`}>{card.drawLabel}</span>
              {card.drawDate ? ` · ${card.drawDate}` : ''}
            </p>
          ) : null}
          {card.stop && card.stopText ? (
            <p>
              <Countdown stop={card.stop} stopText={card.stopText} testId={`countdown-${card.key}`} />
            </p>
          ) : null}
        </div>
      </header>
      {card.jackpot?.footnote ? <p className="mt-2 text-sm text-muted">* Estimated prize pool.</p> : null}

      {playable || buyable ? null : (
        <p
          className="mt-6 rounded-lg border-2 border-dashed border-primary bg-surface p-4 font-semibold"
          role="note"
          data-testid="playing-comes-later"
        >
          {view.available
            ? 'Buying tickets online is coming soon. For now you can look at the game, its draws and its prices.'
            : `${card.name} is not on sale at the moment.`}
        </p>
      )}

      {view.gameTypes.length > 0 ? <GameTypeTabs view={view} /> : null}

      <BuyingPanels preview={previewUntil !== null}>
        {playable && view.play && view.gameType ? (
          <PlayPanel
            key={`${view.gameType.key}:${play?.itemId ?? ''}:${play?.start?.firstDrawNo ?? ''}`}
            offerKey={card.key}
            gameType={view.gameType}
            lotteryKey={view.play.lotteryKey}
            maxDraws={view.play.maxDraws}
            start={play?.start ?? undefined}
            draws={play?.draws}
            days={play?.days}
            favourites={play?.favourites}
          >
            {(entry, onRefused) => (
              <AddToCart entry={entry} itemId={play?.itemId ?? undefined} onRefused={onRefused} />
            )}
          </PlayPanel>
        ) : null}

        {view.membership && view.membership.periods.length > 0 ? (
          <MembershipBuy membership={view.membership} offerKey={card.key} available={view.available} />
        ) : null}
        {view.raffle ? (
          <RaffleBuy
            raffle={view.raffle}
            offerKey={card.key}
            available={view.available}
            causes={view.causes}
            fairDraw={fairDraw}
          />
        ) : null}
        {view.syndicate ? (
          <SyndicateBuy syndicate={view.syndicate} offerKey={card.key} available={view.available} />
        ) : null}
      </BuyingPanels>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-8 lg:col-span-2">
          {view.gameType && !view.membership && !view.syndicate ? (
            <GameOffers gameType={view.gameType} />
          ) : null}
          {view.raffle ? <RaffleDetails raffle={view.raffle} offerKey={card.key} /> : null}
          {view.syndicate ? <SyndicateDetails syndicate={view.syndicate} offerKey={card.key} /> : null}
          <NextDraws view={view} />
        </div>
        <aside aria-label={`About ${card.name}`} className="flex flex-col gap-6">
          {view.facts.length > 0 ? (
            <section aria-labelledby="facts-title" className="rounded-xl bg-surface p-5">
              <h2 id="facts-title" className="text-xl font-bold">
                Game facts
              </h2>
              <dl className="mt-3 flex flex-col gap-3">
                {view.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt className="text-sm font-semibold text-muted">{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {view.causes.length > 0 ? (
            <section aria-labelledby="causes-title" className="rounded-xl bg-surface p-5">
              <h2 id="causes-title" className="text-xl font-bold">
                Supporting
              </h2>
              <ul className="mt-3 list-disc pl-5">
                {view.causes.map((cause) => (
                  <li key={cause.key}>
                    {causeLinks ? (
                      <Link to={causeOfferPath(cause.urlSlug, card.key)} className="link">
                        {cause.name}
                      </Link>
                    ) : (
                      cause.name
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {results ? (
            <p>
              <Link to={`/${card.key}/results`} className="link">
                {card.name} results
              </Link>
            </p>
          ) : null}
          <p>
            <Link to={`/${card.key}/terms-and-conditions`} className="link" data-testid="offer-terms-link">
              {card.name} terms and conditions
            </Link>
          </p>
          {subscriptionHref ? (
            <p>
              <Link to={subscriptionHref} className="link" data-testid="subscription-link">
                Subscribe to {card.name}
              </Link>
            </p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/**
 * In a preview the panels show as they will, but inert: nothing in them can be chosen or added, as
 * the preview's notice says (nothing is sold before the offer is published).
 */
function BuyingPanels({ preview, children }: { preview: boolean; children: ReactNode }) {
  if (!preview) return children;
  return (
    <div inert data-testid="preview-buying-off">
      {children}
    </div>
  );
}

function GameTypeTabs({ view }: { view: OfferPageView }) {
  return (
    <nav aria-label="Ways to play" className="mt-8 border-b border-black/15">
      <ul className="-mb-px flex flex-wrap gap-1">
        {view.gameTypes.map((t) => (
          <li key={t.key}>
            <Link
              to={t.href}
              aria-current={t.current ? 'page' : undefined}
              preventScrollReset
              data-testid={`game-type-${t.key}`}
              className={`block rounded-t-lg border px-4 py-2 font-semibold ${
                t.current
                  ? 'border-black/15 border-b-page bg-page'
                  : 'border-transparent text-muted hover:underline'
              }`}
            >
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function GameOffers({ gameType }: { gameType: NonNullable<OfferPageView['gameType']> }) {
  return (
    <section aria-labelledby="game-offers-title" data-testid={`game-type-panel-${gameType.key}`}>
      <h2 id="game-offers-title" className="text-2xl font-bold">
        {gameType.name}
      </h2>
      <div className="mt-4 flex flex-col gap-6">
        {gameType.gameOffers.map((g) => (
          <article
            key={g.key}
            aria-labelledby={`game-offer-${g.key}`}
            className="rounded-xl border border-black/10 p-5"
          >
            <h3 id={`game-offer-${g.key}`} className="text-lg font-bold">
              {g.name}
            </h3>
            <ul className="mt-2 flex flex-col gap-1">
              {g.numberSets.map((set) => (
                <li key={set.name}>
                  <span className="font-semibold">{set.name}:</span> pick {set.count} from {set.first} to{' '}
                  {set.last}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-muted">
              {g.minGames === g.maxGames
                ? `${countOf(g.minGames, 'game')} per entry`
                : `${formatCount(g.minGames)} to ${countOf(g.maxGames, 'game')} per entry, ${formatCount(g.defaultGames)} by default`}
            </p>
            {g.prices.length > 0 ? (
              <PriceTable
                caption={`${g.name} prices`}
                counted="Games"
                rows={g.prices.map((p) => ({ count: p.games, price: p.price }))}
              />
            ) : null}
          </article>
        ))}
      </div>
    </section>
  );
}

function RaffleDetails({
  raffle,
  offerKey,
}: {
  raffle: NonNullable<OfferPageView['raffle']>;
  offerKey: string;
}) {
  return (
    <section aria-labelledby="raffle-title" className="flex flex-col gap-4">
      <h2 id="raffle-title" className="text-2xl font-bold">
        Tickets and prizes
      </h2>
      <p data-testid={`tickets-left-${offerKey}`}>
        <span className="font-semibold">{formatCount(raffle.ticketsLeft)}</span> of{' '}
        {formatCount(raffle.totalTickets)} tickets left
        {raffle.closesAt ? ` · closes ${raffle.closesAt}` : ''}
      </p>
      <div>
        <h3 className="text-lg font-bold">Ticket books</h3>
        <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid={`raffle-books-${offerKey}`}>
          {raffle.books.map((book) => (
            <li key={book.numTickets} className="rounded-lg border border-black/10 p-3 text-center">
              <span className="block text-xl font-bold">{countOf(book.numTickets, 'ticket')}</span>
              <span className="tabular-nums">{book.price}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-lg font-bold">Prizes</h3>
        <ol className="mt-2 flex flex-col gap-2" data-testid={`raffle-prizes-${offerKey}`}>
          {raffle.prizes.map((prize) => (
            <li key={prize.rank} className="flex justify-between gap-4 border-b border-black/10 pb-2">
              <span>
                <span className="font-semibold">Prize {prize.rank}:</span> {prize.name}
              </span>
              {prize.value ? <span className="tabular-nums">{prize.value}</span> : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The syndicate's shares, its entry and a price table in shares (1 up to what is left). */
function SyndicateDetails({
  syndicate,
  offerKey,
}: {
  syndicate: NonNullable<OfferPageView['syndicate']>;
  offerKey: string;
}) {
  const entry = syndicateEntryText({
    name: syndicate.ticketsName,
    numGames: syndicate.numGames,
    numStandardGames: syndicate.numStandardGames,
  });
  const perShare = syndicate.costPerShareCents;
  const rows =
    perShare === null
      ? []
      : Array.from({ length: Math.min(MAX_SHARE_ROWS, syndicate.sharesLeft) }, (_, i) => i + 1);
  return (
    <section aria-labelledby="syndicate-title" data-testid={`syndicate-${offerKey}`}>
      <h2 id="syndicate-title" className="text-2xl font-bold">
        Shares
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-muted">Cost per share</dt>
          <dd className="text-xl font-bold tabular-nums">{syndicate.costPerShare ?? '–'}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">Shares left</dt>
          <dd className="text-xl font-bold">
            {formatCount(syndicate.sharesLeft)} of {formatCount(syndicate.totalShares)}
          </dd>
        </div>
        {entry ? (
          <div>
            <dt className="text-sm font-semibold text-muted">The syndicate plays</dt>
            <dd className="text-xl font-bold" data-testid="syndicate-entry">
              {entry}
            </dd>
          </div>
        ) : null}
      </dl>
      {perShare !== null && rows.length > 0 ? (
        <PriceTable
          caption="Share prices"
          counted="Shares"
          testId="syndicate-prices"
          rows={rows.map((shares) => ({
            count: shares,
            price: formatMoney(syndicatePriceCents(perShare, shares), syndicate.currency),
          }))}
        />
      ) : null}
      {syndicate.sharesLeft > 0 ? (
        <p className="mt-2 text-sm text-muted">
          Buy 1 to {countOf(syndicate.sharesLeft, 'share')} (what is left); every share takes an equal part of
          the prizes.
        </p>
      ) : null}
    </section>
  );
}

/** A price table: how many (games, shares) and what they cost. */
function PriceTable({
  caption,
  counted,
  rows,
  testId,
}: {
  caption: string;
  counted: string;
  rows: { count: number; price: string }[];
  testId?: string;
}) {
  return (
    <table className="mt-3 w-full max-w-sm text-left" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-black/15">
          <th scope="col" className="py-1">
            {counted}
          </th>
          <th scope="col" className="py-1">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.count} className="border-b border-black/5">
            <td className="py-1">{formatCount(row.count)}</td>
            <td className="py-1 tabular-nums">{row.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NextDraws({ view }: { view: OfferPageView }) {
  if (view.draws.length === 0) return null;
  return (
    <section aria-labelledby="draws-title">
      <h2 id="draws-title" className="text-2xl font-bold">
        Next draws
      </h2>
      <ScrollRegion label={`Upcoming ${view.card.name} draws`} className="mt-3">
        <table className="w-full text-left" data-testid={`draws-${view.card.key}`}>
          <caption className="sr-only">Upcoming {view.card.name} draws</caption>
          <thead>
            <tr className="border-b border-black/15">
              <th scope="col" className="py-2 pr-4">
                Draw
              </th>
              <th scope="col" className="py-2 pr-4">
                When
              </th>
              <th scope="col" className="py-2 pr-4">
                Entries close
              </th>
              <th scope="col" className="py-2">
                Jackpot
              </th>
            </tr>
          </thead>
          <tbody>
            {view.draws.map((draw) => (
              <tr key={draw.drawNo} className="border-b border-black/5 align-top">
                <td className="py-2 pr-4">
                  <span className="font-semibold">{draw.ordinal}</span>
                  <span className="block text-sm text-muted">Draw {draw.drawNo}</span>
                </td>
                <td className="py-2 pr-4">
                  <span className="font-semibold">{draw.label}</span>
                  {draw.dateNote ? <span className="block text-sm text-muted">{draw.dateNote}</span> : null}
                </td>
                <td className="py-2 pr-4 text-sm">
                  {draw.stopDate}
                  {draw.purchaseStatus === 'pre_order' ? (
                    <span className="block text-muted">Pre-order</span>
                  ) : null}
                </td>
                <td className="py-2 font-semibold">{draw.jackpot.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
