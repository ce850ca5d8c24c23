import {
  applyFavouriteSet,
  type FavouriteNumberSet,
  favouriteSetFromGame,
  gameTypeRules,
  type NumberSet,
  type TicketGame,
} from '@drawhouse/domain';
import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react';
import { BallGrid, ballKey, gridColumns } from './ball-grid';
import {
  browserRandom,
  clearSlotOf,
  gameComplete,
  gameStatus,
  type PanelFavourites,
  type PlayOffer,
  quickPickGame,
  toggleBall,
} from './play-state';
import { ROVING_KEYS, type RovingGroup, rovingTarget } from './roving-keys';

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];

type Action = { key: string; text: string; label: string; disabled?: boolean; onClick: () => void };

/**
 * One game of the play panel: its ball grids (and the order row of ordered games) and its buttons.
 * The whole game is one tab stop; the arrow keys move inside it (roving-keys.ts), and Tab comes back
 * to where the customer left it.
 */
export function GameCard({
  index,
  game,
  offer,
  offerKey,
  typeKey,
  sets,
  favourites,
  savedSet,
  removable,
  describedBy,
  onChange,
  onClear,
  onSave,
  onRemove,
}: {
  index: number;
  game: TicketGame;
  offer: PlayOffer;
  offerKey: string;
  typeKey: string;
  /** The number sets the customer picks (pickedSets of the offer). */
  sets: readonly NumberSet[];
  /** Favourite numbers, for the game types that have them. */
  favourites: PanelFavourites | null;
  savedSet: FavouriteNumberSet | undefined;
  removable: boolean;
  /** The id of the keyboard hint. */
  describedBy: string;
  onChange: (f: (g: TicketGame) => TicketGame) => void;
  onClear: () => void;
  onSave: (set: FavouriteNumberSet) => void;
  onRemove: () => void;
}) {
  const [current, setCurrent] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const n = index + 1;
  const rules = gameTypeRules(typeKey);
  const complete = gameComplete(offer, typeKey, game);
  const toSave = favourites ? favouriteSetFromGame(offerKey, game, favourites.standardSets) : undefined;

  const actions: Action[] = [
    {
      key: `quick-pick-${index}`,
      text: 'Quick pick',
      label: `Quick pick game ${n}`,
      onClick: () => onChange((g) => quickPickGame(offer, typeKey, g, browserRandom)),
    },
    { key: `clear-${index}`, text: 'Clear', label: `Clear game ${n}`, onClick: onClear },
  ];
  if (favourites) {
    actions.push(
      {
        key: `save-favourites-${index}`,
        text: 'Save as favourites',
        label: `Save game ${n} as favourites`,
        disabled: !toSave,
        onClick: () => {
          if (toSave) onSave(toSave);
        },
      },
      {
        key: `use-favourites-${index}`,
        text: 'Use my favourites',
        label: `Use my favourites in game ${n}`,
        disabled: !savedSet,
        onClick: () => {
          if (savedSet) onChange((g) => applyFavouriteSet(offer.numberSets, typeKey, g, savedSet));
        },
      },
    );
  }
  if (removable) {
    actions.push({
      key: `remove-game-${index}`,
      text: 'Remove',
      label: `Remove game ${n}`,
      onClick: onRemove,
    });
  }

  const slotKey = (setName: string, k: number) => `slot-${setName.toLowerCase()}-${k}`;
  const groups: RovingGroup[] = sets.flatMap((set) => {
    const grid: RovingGroup = {
      keys: Array.from({ length: set.last - set.first + 1 }, (_, i) => ballKey(set.name, set.first + i)),
      columns: gridColumns(set),
    };
    if (!rules.ordered) return [grid];
    const slots = game[set.name] ?? [];
    return [{ keys: slots.flatMap((s, k) => (s === null ? [] : [slotKey(set.name, k)])) }, grid];
  });
  groups.push({ keys: actions.filter((a) => !a.disabled).map((a) => a.key) });
  const all = groups.flatMap((g) => g.keys);
  const first = sets[0] ? ballKey(sets[0].name, sets[0].first) : all[0];
  const tabStop = current !== null && all.includes(current) ? current : (first ?? '');
  const roving = (key: string) => ({ 'data-roving': key, tabIndex: key === tabStop ? 0 : -1 });

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const from = event.target instanceof HTMLElement ? event.target.dataset.roving : undefined;
    if (!from || !ROVING_KEYS.has(event.key) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    const to = rovingTarget(groups, from, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    setCurrent(to);
    section.current?.querySelector<HTMLElement>(`[data-roving="${to}"]`)?.focus();
  }

  function onFocus(event: FocusEvent<HTMLElement>) {
    const key = event.target instanceof HTMLElement ? event.target.dataset.roving : undefined;
    if (key) setCurrent(key);
  }

  return (
    <section
      ref={section}
      aria-label={`Game ${n}`}
      aria-describedby={describedBy}
      data-testid={`game-${index}`}
      data-complete={complete}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      className={`flex h-full flex-col gap-3 rounded-xl border-2 p-3 ${
        complete ? 'border-primary' : 'border-black/10'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="shrink-0 font-bold">Game {n}</h3>
        <p className="text-right text-sm font-semibold" data-testid={`game-status-${index}`}>
          {gameStatus(offer, typeKey, game)}
        </p>
      </div>
      {sets.map((set) => {
        const slots = game[set.name] ?? [];
        return (
          <div key={set.name} className="flex flex-col gap-2">
            <p className="text-sm text-muted">
              {set.name}: pick {set.count}
              {rules.ordered ? ', in order' : ''}
            </p>
            {rules.ordered ? (
              <ol
                className="flex flex-wrap gap-1"
                aria-label={`Game ${n} ${set.name.toLowerCase()} in order`}
                data-testid={`order-${index}`}
              >
                {slots.map((picked, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions
                  <li key={k}>
                    <button
                      type="button"
                      {...roving(slotKey(set.name, k))}
                      disabled={picked === null}
                      aria-label={
                        picked === null
                          ? `${ORDINALS[k] ?? k + 1}: empty`
                          : `${ORDINALS[k] ?? k + 1}: ${picked}, remove`
                      }
                      onClick={() => onChange((g) => clearSlotOf(g, set.name, k))}
                      className="flex h-10 min-w-10 flex-col items-center justify-center rounded-md border border-black/30 px-1 text-xs"
                    >
                      <span className="text-muted">{ORDINALS[k] ?? k + 1}</span>
                      <span className="font-bold tabular-nums">{picked ?? '–'}</span>
                    </button>
                  </li>
                ))}
              </ol>
            ) : null}
            <BallGrid
              set={set}
              slots={slots}
              label={`Game ${n} ${set.name}`}
              repeatsAllowed={rules.repeatsAllowed}
              tabStop={tabStop}
              onPress={(ball) => onChange((g) => toggleBall(offer, typeKey, g, set.name, ball))}
            />
          </div>
        );
      })}
      {rules.impliedSets.length > 0 ? (
        <p className="text-sm text-muted">Plays every {rules.impliedSets.join(' and ')}.</p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action.key}
            type="button"
            {...roving(action.key)}
            className="button-secondary px-3 py-1 text-sm disabled:opacity-60"
            aria-label={action.label}
            data-testid={action.key}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.text}
          </button>
        ))}
      </div>
    </section>
  );
}
