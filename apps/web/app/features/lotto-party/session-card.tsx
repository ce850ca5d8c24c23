import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { TextField } from '../../components/form';
import type { LottoPartyActionResult } from './lotto-party-actions.server';
import type { SessionView } from './lotto-party-view';

const ACTION = '/lotto-party/action';

/** A session in a list: its group, draw, price and shares left, and (when open) a form buying shares. */
export function SessionCard({ session, buy = true }: { session: SessionView; buy?: boolean }) {
  const titleId = useId();
  return (
    <li className="rounded-lg border border-black/20 p-4" data-testid="lotto-party-session-card">
      <h3 id={titleId} className="text-lg font-bold">
        <Link to={`/my-account/lotto-party/session/${encodeURIComponent(session.id)}`} className="link">
          {session.groupName}
        </Link>
      </h3>
      <p>
        {session.offerName} · {session.drawText}
      </p>
      <SessionNumbers session={session} className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm" />
      <p className="mt-2 text-sm">{session.myPartText}</p>
      {buy && session.status === 'open' && session.sharesLeft > 0 ? (
        <BuySharesForm session={session} labelledBy={titleId} />
      ) : null}
    </li>
  );
}

/** A session's price, shares sold, pot and closing time. */
export function SessionNumbers({ session, className }: { session: SessionView; className: string }) {
  return (
    <dl className={className}>
      <dt className="font-semibold">Share price</dt>
      <dd>{session.sharePriceText}</dd>
      <dt className="font-semibold">Shares</dt>
      <dd>{session.sharesText}</dd>
      <dt className="font-semibold">Pot</dt>
      <dd>{session.potText}</dd>
      <dt className="font-semibold">Shares on sale until</dt>
      <dd>{session.stopText}</dd>
    </dl>
  );
}

/** Buy N shares: the shares go to the cart (the action redirects there). */
export function BuySharesForm({ session, labelledBy }: { session: SessionView; labelledBy?: string }) {
  const fetcher = useFetcher<LottoPartyActionResult>();
  const failed =
    fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form method="post" action={ACTION} aria-labelledby={labelledBy} className="mt-3" noValidate>
      <input type="hidden" name="intent" value="buy-shares" />
      <input type="hidden" name="sessionId" value={session.id} />
      <TextField
        name="numShares"
        label={`Shares to buy (${session.sharesLeft} left)`}
        className="mt-3 max-w-xs"
        required
        inputMode="numeric"
        defaultValue="1"
        error={failed?.numShares ?? failed?.general}
      />
      <button type="submit" className="button-primary mt-3" disabled={fetcher.state !== 'idle'}>
        Add shares to cart
      </button>
    </fetcher.Form>
  );
}
