import { useFetcher, useLocation } from 'react-router';

/**
 * Accept all / Essential only: posts the choice to /cookie-consent, which keeps it in a cookie for a
 * year. With JavaScript the page's data reloads with the choice; without, the page comes back.
 */
export function ConsentButtons({ current }: { current: 'all' | 'essential' | null }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action="/cookie-consent" preventScrollReset className="flex flex-wrap gap-3">
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="choice"
        value="all"
        disabled={busy}
        aria-pressed={current === null ? undefined : current === 'all'}
        className="button-primary disabled:opacity-60"
      >
        Accept all
      </button>
      <button
        type="submit"
        name="choice"
        value="essential"
        disabled={busy}
        aria-pressed={current === null ? undefined : current === 'essential'}
        className="button-secondary disabled:opacity-60"
      >
        Essential only
      </button>
    </fetcher.Form>
  );
}
