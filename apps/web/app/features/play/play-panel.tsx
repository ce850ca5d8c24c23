import {
  AUTOPLAY,
  applyFavouriteSet,
  favouriteSetOf,
  pickedSets,
  scheduledDrawsFrom,
  type TicketGame,
} from '@drawhouse/domain';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DayChoice, FirstDraw, MinimumJackpotField, type PlayDraw } from './draw-options';
import { EntrySummary } from './entry-summary';
import { FavouriteHint } from './favourite-hint';
import { GameCard } from './game-card';
import {
  browserRandom,
  clampGames,
  entrySummary,
  initialGames,
  moveToOffer,
  type PanelFavourites,
  type PlayEntry,
  type PlayOffer,
  type PlayStart,
  playEntry,
  quickPickGame,
} from './play-state';
import { useFavouriteNumbers } from './use-favourite-numbers';
import { useStickyScrollPadding } from './use-sticky-scroll-padding';

export type PlayGameType = {
  key: string;
  name: string;
  defaultGameOffer: string;
  autoplay: string | null;
  gameOffers: (PlayOffer & { name: string })[];
};

/**
 * The play panel of a lottery offer page: the games of the entry (a grid of balls per number set),
 * quick pick, clear, several games, the System N choice, the number of draws, and the live price and
 * odds. Built from the game offer's number sets; nothing here knows a lottery by name.
 */
export function PlayPanel({
  offerKey,
  gameType,
  lotteryKey,
  maxDraws,
  start,
  draws = [],
  days = [],
  favourites = null,
  children,
}: {
  offerKey: string;
  gameType: PlayGameType;
  lotteryKey: string | null;
  maxDraws: number;
  /** Where to start instead of the defaults (a cart item being edited, a first draw from the link). */
  start?: Partial<PlayStart>;
  /** The draws on sale, first the next one. */
  draws?: readonly PlayDraw[];
  /** Draw days to choose from (Monday & Wednesday Lotto); empty when the lottery has no choice. */
  days?: readonly string[];
  favourites?: PanelFavourites | null;
  /**
   * Actions under the price (add to cart), given the entry as a cart item body and where to report
   * the field errors of a refused add (the minimum jackpot's are shown under its field).
   */
  children?: (entry: PlayEntry, onRefused: (fieldErrors: Record<string, string>) => void) => ReactNode;
}) {
  const defaultOffer =
    gameType.gameOffers.find((o) => o.key === gameType.defaultGameOffer) ?? gameType.gameOffers[0];
  const firstOffer = gameType.gameOffers.find((o) => o.key === start?.gameOfferKey) ?? defaultOffer;
  const [gameOfferKey, setGameOfferKey] = useState(firstOffer?.key ?? '');
  const offer = gameType.gameOffers.find((o) => o.key === gameOfferKey) ?? firstOffer;
  const [games, setGames] = useState<TicketGame[]>(
    () => start?.games ?? (offer ? initialGames(offer, gameType.key) : []),
  );
  const [randomCount, setRandomCount] = useState(
    () => start?.randomCount ?? (offer ? clampGames(offer, offer.defaultGames) : 1),
  );
  const [drawChoice, setDrawChoice] = useState<string>(start?.drawChoice ?? '1');
  const [day, setDay] = useState<string | null>(start?.day ?? null);
  const [firstDrawNo, setFirstDrawNo] = useState<number | null>(start?.firstDrawNo ?? null);
  const causeKey = start?.causeKey ?? null;
  const [minimumJackpot, setMinimumJackpot] = useState(start?.minimumJackpot ?? '');
  const [minimumJackpotRefused, setMinimumJackpotRefused] = useState<string | null>(null);
  const saved = useFavouriteNumbers(favourites?.account ?? null);
  const savedSet = favouriteSetOf(saved.sets, offerKey);
  const filledOnLoad = useRef(false);
  useEffect(() => {
    if (!saved.loaded || filledOnLoad.current || !favourites?.fillOnLoad || !offer) return;
    filledOnLoad.current = true;
    const set = favouriteSetOf(saved.sets, offerKey);
    if (set) {
      setGames((all) =>
        all.map((g, j) => (j === 0 ? applyFavouriteSet(offer.numberSets, gameType.key, g, set) : g)),
      );
    }
  }, [saved.loaded, saved.sets, favourites?.fillOnLoad, offer, offerKey, gameType.key]);
  const autoplay = drawChoice === AUTOPLAY;
  // An entry starting at a later draw has fewer draws scheduled after it to choose from.
  const drawLimit =
    firstDrawNo === null ? maxDraws : Math.max(1, Math.min(maxDraws, scheduledDrawsFrom(draws, firstDrawNo)));
  const numDraws = autoplay ? 1 : Math.min(Number(drawChoice) || 1, drawLimit);
  const autoplayOffered = gameType.autoplay !== null && gameType.autoplay !== 'never';
  const id = useId();
  const summaryRef = useRef<HTMLElement>(null);
  useStickyScrollPadding(summaryRef);
  // Marks the panel live once hydrated (the server's HTML shows the same empty games until then).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!offer) return null;

  const typeKey = gameType.key;
  const isRandom = typeKey === 'random';
  const sets = pickedSets(offer.numberSets, typeKey);
  const summary = entrySummary({
    offer,
    gameType: typeKey,
    lotteryKey,
    games,
    numDraws,
    ...(isRandom ? { quickPickCount: randomCount } : {}),
  });

  const entry = playEntry({
    offerKey,
    gameType: typeKey,
    offer,
    games,
    numDraws,
    autoplay,
    minimumJackpot,
    ...(isRandom ? { quickPickCount: randomCount } : {}),
    day,
    dayRequired: days.length > 0,
    firstDrawNo,
    causeKey,
  });
  // Favourites fill standard and system games; ordered and random types have none.
  const gameFavourites = typeKey === 'standard' || typeKey === 'reduced_system' ? favourites : null;
  const chooseDay = (d: string) => {
    setDay(d);
    // A first draw on the other day no longer fits: the entry takes the next draw of this day.
    const first = draws.find((x) => x.drawNo === firstDrawNo);
    if (first && first.weekday !== d) setFirstDrawNo(null);
  };

  const update = (i: number, f: (g: TicketGame) => TicketGame) =>
    setGames((all) => all.map((g, j) => (j === i ? f(g) : g)));
  const empty = () => initialGames({ ...offer, defaultGames: 1 }, typeKey)[0] ?? {};

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-black/10 p-4 md:p-6"
      data-testid="number-picker"
      data-hydrated={hydrated}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-title`} className="text-2xl font-bold">
          Play {gameType.name}
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          {gameType.gameOffers.length > 1 ? (
            <label className="flex flex-col text-sm font-semibold">
              {typeKey === 'reduced_system' ? 'System' : 'Entry'}
              <select
                className="mt-1 rounded-md border border-black/30 bg-page px-2 py-1 text-base font-normal"
                value={offer.key}
                data-testid="game-offer"
                onChange={(e) => {
                  const to = gameType.gameOffers.find((o) => o.key === e.target.value);
                  if (!to) return;
                  setGameOfferKey(to.key);
                  setGames((all) => moveToOffer(all, to, typeKey));
                }}
              >
                {gameType.gameOffers.map((o) => (
                  <option key={o.key} value={o.key}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="flex flex-col text-sm font-semibold">
            Draws
            <select
              className="mt-1 rounded-md border border-black/30 bg-page px-2 py-1 text-base font-normal"
              value={autoplay ? AUTOPLAY : String(numDraws)}
              data-testid="num-draws"
              onChange={(e) => setDrawChoice(e.target.value)}
            >
              {Array.from({ length: drawLimit }, (_, i) => i + 1).map((n) => (
                <option key={n} value={String(n)}>
                  {n} {n === 1 ? 'draw' : 'draws'}
                </option>
              ))}
              {autoplayOffered ? <option value={AUTOPLAY}>Autoplay</option> : null}
            </select>
          </label>
        </div>
      </div>

      {autoplay ? (
        <>
          <p className="mt-3 text-sm" data-testid="autoplay-note">
            Autoplay buys this entry for every draw until you pause or cancel it. Set a minimum jackpot to buy
            only for the big draws; you can change it later in My account.
          </p>
          <MinimumJackpotField
            value={minimumJackpot}
            error={entry.minimumJackpotError ?? minimumJackpotRefused}
            onChange={(text) => {
              setMinimumJackpot(text);
              setMinimumJackpotRefused(null);
            }}
          />
        </>
      ) : null}
      {days.length > 0 ? <DayChoice days={days} day={day} onChange={chooseDay} /> : null}
      <FirstDraw draws={draws} firstDrawNo={firstDrawNo} day={day} />
      {saved.tooltip ? <FavouriteHint onDismiss={saved.dismissTooltip} /> : null}
      {saved.error ? (
        <p role="alert" className="mt-4 font-semibold text-red-800">
          {saved.error}
        </p>
      ) : null}

      {isRandom ? (
        <label className="mt-4 flex max-w-xs flex-col font-semibold">
          Quick pick games
          <select
            className="mt-1 rounded-md border border-black/30 bg-page px-2 py-1 font-normal"
            value={randomCount}
            data-testid="random-games"
            onChange={(e) => setRandomCount(Number(e.target.value))}
          >
            {Array.from({ length: offer.maxGames - offer.minGames + 1 }, (_, i) => offer.minGames + i).map(
              (n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'game' : 'games'}
                </option>
              ),
            )}
          </select>
        </label>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-2">
            <a
              href={`#${id}-summary`}
              className="sr-only rounded-md px-2 py-2 font-semibold focus:not-sr-only focus:underline"
              data-testid="skip-to-summary"
              onClick={(event) => {
                event.preventDefault();
                summaryRef.current?.focus();
              }}
            >
              Skip the games to the price and Add to cart
            </a>
            <button
              type="button"
              className="button-primary"
              data-testid="quick-pick-all"
              onClick={() =>
                setGames((all) => all.map((g) => quickPickGame(offer, typeKey, g, browserRandom)))
              }
            >
              Quick pick all
            </button>
            <button
              type="button"
              className="button-secondary"
              data-testid="clear-all"
              onClick={() => setGames((all) => all.map(() => empty()))}
            >
              Clear all
            </button>
            <button
              type="button"
              className="button-secondary disabled:opacity-60"
              data-testid="add-game"
              disabled={games.length >= offer.maxGames}
              onClick={() => setGames((all) => (all.length < offer.maxGames ? [...all, empty()] : all))}
            >
              Add a game
            </button>
          </div>
          <p id={`${id}-keys`} className="mt-4 text-sm text-muted">
            Tab moves from game to game; the arrow keys move inside a game.
          </p>
          <ol className="mt-2 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {games.map((game, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: games are positions of the entry
              <li key={i}>
                <GameCard
                  index={i}
                  game={game}
                  offer={offer}
                  offerKey={offerKey}
                  typeKey={typeKey}
                  sets={sets}
                  favourites={gameFavourites}
                  savedSet={savedSet}
                  removable={games.length > Math.max(1, offer.minGames)}
                  describedBy={`${id}-keys`}
                  onChange={(f) => update(i, f)}
                  onClear={() => update(i, () => empty())}
                  onSave={saved.save}
                  onRemove={() => setGames((all) => all.filter((_, j) => j !== i))}
                />
              </li>
            ))}
          </ol>
        </>
      )}

      <EntrySummary
        ref={summaryRef}
        id={`${id}-summary`}
        summary={summary}
        drawsText={autoplay ? 'every draw (autoplay)' : `${numDraws} ${numDraws === 1 ? 'draw' : 'draws'}`}
        minGamesText={
          !isRandom && summary.completeCount < Math.max(1, offer.minGames)
            ? `Complete at least ${Math.max(1, offer.minGames)} ${offer.minGames > 1 ? 'games' : 'game'} to play.`
            : null
        }
      />
      {children ? (
        <div className="mt-4">
          {children(entry, (fieldErrors) =>
            setMinimumJackpotRefused(fieldErrors.minimumJackpotAmount ?? null),
          )}
        </div>
      ) : null}
    </section>
  );
}
