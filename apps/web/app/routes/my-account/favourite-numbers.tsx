import {
  type FavouriteNumberSet,
  GAMES,
  isLotteryKey,
  parseFavouriteNumbers,
  VALIDATION_MESSAGES,
  withFavouriteSet,
  withoutFavouriteSet,
} from '@drawhouse/domain';
import { Link, useFetcher } from 'react-router';
import { FormAlert, TextField } from '../../components/form';
import { saveFavouriteNumbers } from '../../features/play/favourite-numbers.server';
import { useFavouriteNumbers } from '../../features/play/use-favourite-numbers';
import { loadCustomer } from '../../lib/customer.server';
import { formText } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite, requireScreen } from '../../lib/site.server';
import { visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/favourite-numbers';

export const handle: ScreenHandle = { screenName: 'favourite-numbers' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Favourite numbers');

type SetView = FavouriteNumberSet & { name: string; hasPowerball: boolean };

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [customer, site] = await Promise.all([loadCustomer(visitor), loadSite(visitor)]);
  requireScreen(site, handle.screenName);
  const favourites = parseFavouriteNumbers(customer.favouriteNumbers);
  const sets: SetView[] = favourites.map((set) => ({
    ...set,
    name: site.offers.find((o) => o.key === set.lottery)?.name ?? set.lottery,
    hasPowerball:
      isLotteryKey(set.lottery) && GAMES[set.lottery].numberSets.some((s) => s.name === 'Powerball'),
  }));
  return { favourites, sets };
}

type EditResult = { ok: boolean; lottery?: string; errors?: Record<string, string>; message?: string };

/** "3, 9 14" -> [3, 9, 14]; undefined when something is not a whole number. */
function numbersOf(text: string): number[] | undefined {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.every((p) => /^\d{1,3}$/.test(p)) ? parts.map(Number) : undefined;
}

export async function action({ request, context }: Route.ActionArgs): Promise<EditResult> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const lottery = formText(form, 'lottery');
  const current = parseFavouriteNumbers((await loadCustomer(visitor)).favouriteNumbers);
  let next: FavouriteNumberSet[];
  if (intent === 'clear') next = [];
  else if (intent === 'remove') next = withoutFavouriteSet(current, lottery);
  else {
    const numbers = numbersOf(formText(form, 'numbers'));
    const powerball = numbersOf(formText(form, 'powerball'));
    const errors: Record<string, string> = {};
    if (!numbers) errors.numbers = VALIDATION_MESSAGES.numbers;
    if (!powerball) errors.powerball = VALIDATION_MESSAGES.numbers;
    if (!numbers || !powerball) return { ok: false, lottery, errors };
    next = withFavouriteSet(current, { lottery, numbers, ...(powerball.length > 0 ? { powerball } : {}) });
  }
  const result = await saveFavouriteNumbers(visitor, next);
  if (result.ok)
    return {
      ok: true,
      lottery,
      message: intent === 'save' ? 'Your favourite numbers are saved.' : undefined,
    };
  // Field paths read favourite_numbers[i].numbers[k]: shown under the set's field.
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(result.fieldErrors)) {
    const key = /\.(numbers|powerball)\b/.exec(field)?.[1] ?? 'general';
    errors[key] ??= message;
  }
  return { ok: false, lottery, errors, message: result.message };
}

export default function FavouriteNumbers({ loaderData }: Route.ComponentProps) {
  // The account's list is the one the play screens use in this session too.
  useFavouriteNumbers(loaderData.favourites, { adoptSession: false });
  const clear = useFetcher<EditResult>();
  return (
    <section aria-labelledby="favourites-title" data-testid="favourite-numbers">
      <h1 id="favourites-title" className="text-3xl font-bold">
        Favourite numbers
      </h1>
      <p className="mt-2 text-muted">
        Your numbers for each lottery. On a game, press Use my favourites to fill it with them.
      </p>
      {loaderData.sets.length === 0 ? (
        <p className="mt-6" data-testid="no-favourites">
          You have no favourite numbers yet. Pick numbers on a game and press Save as favourites.{' '}
          <Link to="/lotto-tickets" className="link">
            Choose a lottery
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-6 flex flex-col gap-6">
            {loaderData.sets.map((set) => (
              <li key={set.lottery}>
                <FavouriteSetForm set={set} />
              </li>
            ))}
          </ul>
          <clear.Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className="button-secondary mt-6" data-testid="clear-favourites">
              Clear all favourite numbers
            </button>
          </clear.Form>
        </>
      )}
    </section>
  );
}

function FavouriteSetForm({ set }: { set: SetView }) {
  const fetcher = useFetcher<EditResult>();
  const result = fetcher.data?.lottery === set.lottery ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  return (
    <article
      aria-labelledby={`favourite-${set.lottery}`}
      className="rounded-xl border border-black/10 p-5"
      data-testid={`favourite-set-${set.lottery}`}
    >
      <h2 id={`favourite-${set.lottery}`} className="text-xl font-bold">
        {set.name}
      </h2>
      <p className="mt-2 tabular-nums" data-testid={`favourite-numbers-${set.lottery}`}>
        {set.numbers.join(', ')}
        {set.powerball ? ` · Powerball ${set.powerball.join(', ')}` : ''}
      </p>
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="lottery" value={set.lottery} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            name="numbers"
            label="Numbers"
            required
            inputMode="numeric"
            defaultValue={set.numbers.join(', ')}
            error={result?.errors?.numbers}
          />
          {set.hasPowerball ? (
            <TextField
              name="powerball"
              label="Powerball"
              inputMode="numeric"
              defaultValue={set.powerball?.join(', ') ?? ''}
              error={result?.errors?.powerball}
            />
          ) : null}
        </div>
        <FormAlert
          error={
            result?.ok === false
              ? (result.errors?.general ?? (result.errors ? undefined : result.message))
              : undefined
          }
          success={result?.ok ? result.message : undefined}
        />
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className="button-primary" disabled={busy}>
            Save
          </button>
          <button type="submit" name="intent" value="remove" className="button-secondary" disabled={busy}>
            Remove<span className="sr-only"> {set.name}</span>
          </button>
          <Link to={`/${set.lottery}`} className="link self-center">
            Play {set.name}
          </Link>
        </div>
      </fetcher.Form>
    </article>
  );
}
