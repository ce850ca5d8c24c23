import { Link, useFetcher } from 'react-router';
import { InviteLink } from './invite-link';
import type { LottoPartyActionResult } from './lotto-party-actions.server';
import {
  AUTOSESSION_ACTION,
  autosessionChoices,
  type OrderView,
  type SessionView,
  shareCount,
  TICKET_LOAD_FAILED,
} from './lotto-party-view';
import { BuySharesForm, SessionNumbers } from './session-card';
import { StatusChoices } from './status-choices';

const ACTION = '/lotto-party/action';

/** What every member of a session sees alike: the draw, the pot, each member's shares, the games and the result. */
export function SessionFacts({ session }: { session: SessionView }) {
  return (
    <>
      <p className="text-muted">
        {session.offerName} · {session.drawText}
      </p>
      <p className="mt-2 font-semibold" data-testid="lotto-party-status">
        {session.statusText}
      </p>
      <SessionNumbers session={session} className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1" />
      <p className="mt-3" data-testid="lotto-party-my-shares">
        {session.myPartText}
      </p>
      <h2 className="mt-6 text-xl font-bold">Who holds shares</h2>
      {session.holdings.length === 0 ? (
        <p className="mt-2">No shares bought yet.</p>
      ) : (
        <ul className="mt-2 grid gap-1" data-testid="lotto-party-holdings">
          {session.holdings.map((h) => (
            <li key={`${h.name}-${h.isMe}`}>
              {h.name}
              {h.isMe ? ' (you)' : ''}: {shareCount(h.shares)}
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-6 text-xl font-bold">The entry</h2>
      {session.games.length === 0 ? (
        <p className="mt-2">
          When the draw closes the pot buys as many quick-pick games as it can; anything left is refunded by
          shares.
        </p>
      ) : (
        <ol className="mt-2 grid gap-1" data-testid="lotto-party-games">
          {session.games.map((g, i) => (
            <li key={g.key}>
              Game {i + 1}: {g.lines.map((l) => `${l.label} ${l.numbers}`).join(' · ')}
            </li>
          ))}
        </ol>
      )}
      {session.resultText ? (
        <p className="mt-4 font-semibold" data-testid="lotto-party-result">
          {session.resultText}
        </p>
      ) : null}
    </>
  );
}

/** The account's session page: the facts, buying more, the autosession and the group's invite link. */
export function SessionPage({ session }: { session: SessionView }) {
  return (
    <section aria-labelledby="session-title" className="max-w-2xl" data-testid="lotto-party-session">
      {/* The group's own pages are its members' (a public group's session is read by others too). */}
      {session.isMember ? (
        <p>
          <Link to={`/my-account/lotto-party/group/${encodeURIComponent(session.groupId)}`} className="link">
            {session.groupName}: all sessions
          </Link>
        </p>
      ) : null}
      <h1 id="session-title" className="mt-2 text-3xl font-extrabold">
        {session.groupName}
      </h1>
      <SessionFacts session={session} />
      {session.status === 'open' && session.sharesLeft > 0 ? (
        <section aria-labelledby="buy-title" className="mt-6">
          <h2 id="buy-title" className="text-xl font-bold">
            Buy shares
          </h2>
          <BuySharesForm session={session} labelledBy="buy-title" />
        </section>
      ) : null}
      {session.isMember ? <AutosessionControls session={session} /> : null}
      {/* Only the group's owner makes a new invite link (the API refuses a member's). */}
      {session.isOwner ? <InviteSection groupId={session.groupId} /> : null}
      <p className="mt-6">
        <Link to={`/my-account/lotto-party/ticket/${encodeURIComponent(session.id)}`} className="link">
          See the ticket
        </Link>
      </p>
    </section>
  );
}

function AutosessionControls({ session }: { session: SessionView }) {
  return (
    <section aria-labelledby="autosession-title" className="mt-6">
      <h2 id="autosession-title" className="text-xl font-bold">
        Autosession
      </h2>
      <p className="mt-1" data-testid="lotto-party-autosession">
        {session.autosessionText}
      </p>
      {/* Only the owner changes an open session's autosession (the API refuses anyone else). */}
      <StatusChoices
        intent="autosession"
        idField="sessionId"
        id={session.id}
        statusField="autosessionStatus"
        choices={autosessionChoices(session.autosessionStatus)}
        labels={AUTOSESSION_ACTION}
        hidden={session.status !== 'open' || !session.isOwner}
      />
    </section>
  );
}

/** A new invite link for the group, made on request (it ends the group's earlier links). */
export function InviteSection({ groupId }: { groupId: string }) {
  const fetcher = useFetcher<LottoPartyActionResult>();
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  const token = settled?.ok && settled.intent === 'invite-link' ? settled.inviteToken : null;
  return (
    <section aria-labelledby="invite-title" className="mt-6">
      <h2 id="invite-title" className="text-xl font-bold">
        Invite friends
      </h2>
      {token ? (
        <InviteLink token={token} />
      ) : (
        <fetcher.Form method="post" action={ACTION} className="mt-2">
          <input type="hidden" name="intent" value="invite-link" />
          <input type="hidden" name="groupId" value={groupId} />
          <button type="submit" className="button-secondary" disabled={fetcher.state !== 'idle'}>
            Make an invite link
          </button>
          <p className="mt-1 text-sm text-muted">A new link stops the group's earlier links working.</p>
        </fetcher.Form>
      )}
      {settled && !settled.ok ? (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          {settled.errors.general ?? 'Something went wrong'}
        </p>
      ) : null}
    </section>
  );
}

/** The shared entry as a ticket: the same for every member, with their own shares. */
export function TicketPage({
  session,
  orders,
  backHref,
}: {
  session: SessionView | null;
  orders: OrderView[];
  backHref: string;
}) {
  if (!session) {
    return (
      <section aria-labelledby="ticket-title" className="max-w-2xl" data-testid="lotto-party-ticket">
        <h1 id="ticket-title" className="text-3xl font-extrabold">
          Lotto Party ticket
        </h1>
        <p role="alert" className="mt-4 font-semibold">
          {TICKET_LOAD_FAILED}
        </p>
        <p className="mt-4">
          <Link to={backHref} className="link">
            Back to your groups
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="ticket-title" className="max-w-2xl" data-testid="lotto-party-ticket">
      <p>
        <Link to={backHref} className="link">
          Back to your groups
        </Link>
      </p>
      <h1 id="ticket-title" className="mt-2 text-3xl font-extrabold">
        Lotto Party ticket: {session.groupName}
      </h1>
      <SessionFacts session={session} />
      {orders.length > 0 ? (
        <section aria-labelledby="orders-title" className="mt-6">
          <h2 id="orders-title" className="text-xl font-bold">
            Your orders
          </h2>
          <ul className="mt-2 grid gap-1" data-testid="lotto-party-orders">
            {orders.map((o) => (
              <li key={o.id}>
                {o.text}
                {o.outcome ? ` ${o.outcome}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
