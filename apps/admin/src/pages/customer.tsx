/**
 * `/customers/:id` (support): the account whole (details, verification, second factor, sessions,
 * wallet, limits, recurring purchases, lotto party groups), its wallet's transfers, its orders and its
 * tickets a page at a time (`?order=` keeps the tickets to one order's), support's notes, and the actions, each with the reason the audit log keeps: lock or
 * unlock, reset the second factor, close.
 */
import {
  type AdminCustomer,
  AdminCustomerSchema,
  type AdminOrders,
  AdminOrdersSchema,
  type AdminTickets,
  AdminTicketsSchema,
  type AdminTransfers,
  AdminTransfersSchema,
} from '@drawhouse/contract';
import { useEffect, useId, useRef } from 'react';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import { PagedTable, pageParam } from '../lists';
import type { AdminPage } from '../page';
import { money } from '../queue-ui';
import { ErrorSummary, formatTime, Notice, PageTitle } from '../ui';

const LIMIT = 10;

type Loaded = {
  customer: AdminCustomer;
  transfers: AdminTransfers;
  orders: AdminOrders;
  tickets: AdminTickets;
  order: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function customerLoader({ request, params }: LoaderFunctionArgs): Promise<Loaded> {
  const url = new URL(request.url);
  const id = encodeURIComponent(params.id ?? '');
  const signal = request.signal;
  const asked = url.searchParams.get('order');
  const order = asked && UUID.test(asked) ? asked : null;
  const [customer, transfers, orders, tickets] = await Promise.all([
    adminCall(AdminCustomerSchema, 'GET', `/customers/${id}`, { signal }),
    adminCall(AdminTransfersSchema, 'GET', `/customers/${id}/transfers`, {
      query: { page: pageParam(url, 'transfers'), limit: LIMIT },
      signal,
    }),
    adminCall(AdminOrdersSchema, 'GET', `/customers/${id}/orders`, {
      query: { page: pageParam(url, 'orders'), limit: LIMIT },
      signal,
    }),
    adminCall(AdminTicketsSchema, 'GET', `/customers/${id}/tickets`, {
      query: { page: pageParam(url, 'tickets'), limit: LIMIT, ...(order ? { order } : {}) },
      signal,
    }),
  ]);
  return { customer, transfers, orders, tickets, order };
}

const ACTIONS = {
  lock: { path: 'lock', done: 'The account is locked: the customer is signed out and cannot sign in.' },
  unlock: { path: 'unlock', done: 'The account is unlocked.' },
  'reset-two-factor': {
    path: 'reset-two-factor',
    done: 'The second factor is reset: the customer signs in with an email code until they set up another.',
  },
  close: { path: 'close', done: 'The account is closed.' },
} as const;

async function customerAction({ request, params }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = encodeURIComponent(params.id ?? '');
  try {
    if (intent === 'note') {
      await adminCall(AdminCustomerSchema, 'POST', `/customers/${id}/notes`, {
        body: { text: text(form, 'text') },
      });
      return { intent, notice: 'The note is kept.' };
    }
    const action = ACTIONS[intent as keyof typeof ACTIONS];
    if (!action) return { error: 'Unknown action.' };
    await adminCall(AdminCustomerSchema, 'POST', `/customers/${id}/${action.path}`, {
      body: { reason: text(form, 'reason') },
    });
    return { intent, notice: action.done };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

const LIMIT_NAMES: Record<string, string> = {
  spend_daily: 'Spend a day',
  spend_weekly: 'Spend a week',
  spend_monthly: 'Spend a month',
  deposit_weekly: 'Deposits a week',
  precommitment: 'Pre-commitment',
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[12rem_1fr] gap-2 border-t border-muted py-1">
      <dt className="font-semibold">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One action: a disclosure holding its reason and its button, so nothing happens by one click. */
function ActionForm({
  intent,
  label,
  danger,
}: {
  intent: keyof typeof ACTIONS;
  label: string;
  danger?: boolean;
}) {
  const id = useId();
  const result = useActionData() as ActionResult | undefined;
  const mine = result?.intent === intent;
  const busy = useNavigation().state === 'submitting';
  return (
    <details className="mb-3 rounded-md border border-muted p-3" open={mine && Boolean(result?.error)}>
      <summary className="cursor-pointer font-semibold">{label}</summary>
      <Form method="post" className="mt-2">
        <input type="hidden" name="intent" value={intent} />
        <label htmlFor={`${id}-reason`} className="block">
          Reason (kept in the audit log)
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          required
          minLength={3}
          maxLength={500}
          rows={2}
          aria-invalid={mine && result?.fieldErrors?.reason ? true : undefined}
          className="mt-1 w-full max-w-md rounded-md border border-muted px-3 py-2"
        />
        {mine && result?.fieldErrors?.reason ? (
          <p className="text-sm font-semibold text-red-800">{result.fieldErrors.reason.join(' ')}</p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className={`mt-2 ${danger ? 'button-danger' : 'button-primary'}`}
        >
          {label}
        </button>
      </Form>
    </details>
  );
}

function NoteForm() {
  const result = useActionData() as ActionResult | undefined;
  const form = useRef<HTMLFormElement>(null);
  const mine = result?.intent === 'note';
  useEffect(() => {
    if (mine && result?.notice) form.current?.reset();
  }, [mine, result]);
  return (
    <Form method="post" ref={form} className="mt-3">
      <input type="hidden" name="intent" value="note" />
      <label htmlFor="customer-note" className="block font-semibold">
        Add a note
      </label>
      <textarea
        id="customer-note"
        name="text"
        required
        maxLength={2000}
        rows={3}
        className="mt-1 w-full max-w-xl rounded-md border border-muted px-3 py-2"
      />
      <button type="submit" className="button-primary mt-2">
        Keep the note
      </button>
    </Form>
  );
}

function CustomerPage() {
  const { customer: c, transfers, orders, tickets, order } = useLoaderData() as Loaded;
  const result = useActionData() as ActionResult | undefined;
  return (
    <>
      <p className="mb-2">
        <Link className="link" to="/customers">
          All customers
        </Link>
      </p>
      <PageTitle>
        {c.firstname} {c.lastname}
      </PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="account">
          <h2 id="account" className="mb-2 text-xl font-semibold">
            Account
          </h2>
          <dl>
            <Row label="Status">
              <strong>{c.status}</strong>
              {c.status === 'locked' ? ` since ${formatTime(c.lockedAt)}: ${c.lockReason ?? ''}` : null}
              {c.status === 'closed' ? ` since ${formatTime(c.closedAt)}: ${c.closeReason ?? ''}` : null}
            </Row>
            <Row label="Email">
              {c.email} {c.emailConfirmed ? '(confirmed)' : '(not confirmed)'}
            </Row>
            <Row label="Phone">{c.phone}</Row>
            <Row label="Date of birth">{c.dateOfBirth}</Row>
            <Row label="Address">
              {[
                c.address.line1,
                c.address.line2,
                `${c.address.suburb} ${c.address.state} ${c.address.postcode}`,
                c.address.country,
              ]
                .filter(Boolean)
                .join(', ')}
            </Row>
            <Row label="Identity">
              {c.isVerified ? `Verified ${formatTime(c.verifiedAt)}` : 'Not verified'}
            </Row>
            <Row label="Second factor">{c.twoFactor ?? 'Off'}</Row>
            <Row label="Wallet">
              {money(c.wallet.balance)} ({money(c.wallet.available)} available), promotional credit{' '}
              {money(c.wallet.promo)}
            </Row>
            <Row label="Limits">
              {c.limits.length === 0 ? (
                'None set'
              ) : (
                <ul>
                  {c.limits.map((l) => (
                    <li key={l.kind}>
                      {LIMIT_NAMES[l.kind] ?? l.kind}: {l.amount ? money(l.amount) : 'none'}
                      {l.pending
                        ? ` (from ${formatTime(l.pending.from)}: ${l.pending.removal || !l.pending.amount ? 'none' : money(l.pending.amount)})`
                        : null}
                    </li>
                  ))}
                </ul>
              )}
            </Row>
            <Row label="Recurring purchases">
              {c.recurringPurchases.length === 0 ? (
                'None'
              ) : (
                <ul>
                  {c.recurringPurchases.map((r) => (
                    <li key={r.id}>
                      {r.offerKey} x{r.quantity}, {r.type}, {r.status}
                      {r.lastAttempt ? ` (last: ${r.lastAttempt}, ${formatTime(r.lastAttemptAt)})` : null}
                    </li>
                  ))}
                </ul>
              )}
            </Row>
            <Row label="Lotto party groups">
              {c.lottoPartyGroups.length === 0 ? (
                'None'
              ) : (
                <ul>
                  {c.lottoPartyGroups.map((g) => (
                    <li key={g.id}>
                      {g.name} ({g.role}, since {formatTime(g.joinedAt)})
                    </li>
                  ))}
                </ul>
              )}
            </Row>
            <Row label="Daily Winners">{membershipText(c.membership)}</Row>
            <Row label="Joined">{formatTime(c.createdAt)}</Row>
            <Row label="Customer id">
              <code>{c.id}</code>
            </Row>
          </dl>
          <h3 className="mt-4 mb-1 font-semibold">
            Signed in on {c.sessions.length} device{c.sessions.length === 1 ? '' : 's'}
          </h3>
          <ul className="list-disc pl-6 text-sm">
            {c.sessions.map((s) => (
              <li key={s.id}>
                since {formatTime(s.createdAt)}, last used {formatTime(s.lastUsedAt)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="actions">
          <h2 id="actions" className="mb-2 text-xl font-semibold">
            Actions
          </h2>
          {c.status === 'active' ? <ActionForm intent="lock" label="Lock the account" danger /> : null}
          {c.status === 'locked' ? <ActionForm intent="unlock" label="Unlock the account" /> : null}
          {c.twoFactor ? (
            <ActionForm intent="reset-two-factor" label="Reset the second factor" danger />
          ) : null}
          {c.status !== 'closed' ? <ActionForm intent="close" label="Close the account" danger /> : null}
          <h2 className="mt-6 mb-2 text-xl font-semibold" id="notes">
            Notes
          </h2>
          {c.notes.length === 0 ? <p className="text-muted">No notes yet.</p> : null}
          <ul className="space-y-2">
            {c.notes.map((n) => (
              <li key={n.id} className="rounded-md border border-muted p-2">
                <p className="whitespace-pre-wrap">{n.text}</p>
                <p className="text-sm text-muted">
                  {n.operatorName}, {formatTime(n.createdAt)}
                </p>
              </li>
            ))}
          </ul>
          <NoteForm />
        </section>
      </div>
      <section aria-labelledby="transfers" className="mt-8">
        <h2 id="transfers" className="mb-2 text-xl font-semibold">
          Wallet transfers ({transfers.total})
        </h2>
        <PagedTable
          caption="The wallet's and promotional credit's transfers, newest first"
          columns={['When', 'Account', 'Kind', 'Status', 'Amount', 'Description']}
          rows={transfers.transfers}
          cells={(t) => (
            <>
              <td className="py-1 pr-3 whitespace-nowrap">{formatTime(t.at)}</td>
              <td className="py-1 pr-3">{t.account}</td>
              <td className="py-1 pr-3">{t.code}</td>
              <td className="py-1 pr-3">{t.status}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{money(t.amount)}</td>
              <td className="py-1">{t.description}</td>
            </>
          )}
          paging={{
            name: 'transfers',
            page: transfers.page,
            total: transfers.total,
            limit: transfers.limit,
            label: 'Transfer pages',
          }}
        />
      </section>
      <section aria-labelledby="orders" className="mt-8">
        <h2 id="orders" className="mb-2 text-xl font-semibold">
          Orders ({orders.total})
        </h2>
        <PagedTable
          caption="Orders, newest first"
          columns={['When', 'What', 'Offer', 'Quantity', 'Tickets', 'First draw', 'Total']}
          rows={orders.orders}
          cells={(o) => (
            <>
              <td className="py-1 pr-3 whitespace-nowrap">{formatTime(o.at)}</td>
              <td className="py-1 pr-3">
                {o.description}
                {o.partner ? <small className="block text-muted">via partner {o.partner}</small> : null}
              </td>
              <td className="py-1 pr-3">{o.offerKey}</td>
              <td className="py-1 pr-3">{o.quantity}</td>
              <td className="py-1 pr-3">
                {o.tickets > 0 ? (
                  <Link
                    className="link"
                    to={`?order=${o.id}#tickets`}
                    aria-label={`${o.tickets} ticket${o.tickets === 1 ? '' : 's'} of ${o.description}`}
                  >
                    {o.tickets}
                  </Link>
                ) : (
                  0
                )}
              </td>
              <td className="py-1 pr-3">{o.firstDrawNo ?? '—'}</td>
              <td className="py-1 text-right tabular-nums">{money(o.total)}</td>
            </>
          )}
          paging={{
            name: 'orders',
            page: orders.page,
            total: orders.total,
            limit: orders.limit,
            label: 'Order pages',
          }}
        />
      </section>
      <TicketList tickets={tickets} order={order} />
    </>
  );
}

/** The membership in a line: its status and tier, since when, and the giveaways entered and won. */
function membershipText(m: AdminCustomer['membership']): string {
  if (!m) return 'Never joined';
  const state =
    m.status === 'member'
      ? `${m.tier === 'premium' ? `Premium member until ${formatTime(m.premiumUntil)}` : 'Free member'}${m.joinedAt ? ` since ${formatTime(m.joinedAt)}` : ''}`
      : m.status === 'pending-deposit'
        ? 'Joining, waiting for a deposit'
        : `Left${m.leftAt ? ` ${formatTime(m.leftAt)}` : ''}`;
  const won = m.prizesWon === 0 ? 'nothing won' : `${m.prizesWon} won, ${money(m.won)}`;
  return `${state}; ${m.giveawaysEntered} giveaway${m.giveawaysEntered === 1 ? '' : 's'} entered, ${won}`;
}

const PAYOUTS: Record<NonNullable<AdminTickets['tickets'][number]['payoutStatus']>, string> = {
  prize_pending: 'prize not known yet',
  pending: 'being paid',
  held: 'held for approval',
  paid: 'paid',
};

function wonText(t: AdminTickets['tickets'][number]): string {
  const names = t.prizeNames.join(', ');
  if (t.prize === null) return names || '—';
  const paid = t.payoutStatus ? ` (${PAYOUTS[t.payoutStatus]})` : '';
  return `${names ? `${names}, ` : ''}${money(t.prize)}${paid}`;
}

/** Every ticket (or one order's), newest first: its draw, its numbers and what it won. */
function TicketList({ tickets, order }: { tickets: AdminTickets; order: string | null }) {
  return (
    <section aria-labelledby="tickets" className="mt-8">
      <h2 id="tickets" className="mb-2 text-xl font-semibold">
        {order ? `Tickets of order ${order.slice(0, 8)} (${tickets.total})` : `Tickets (${tickets.total})`}
      </h2>
      {order ? (
        <p className="mb-2">
          <Link className="link" to="?#tickets">
            Show every ticket
          </Link>
        </p>
      ) : null}
      <PagedTable
        caption="Tickets, newest first"
        columns={['Bought', 'Game', 'Draw', 'Draw status', 'Entry', 'Won', 'Order']}
        rows={tickets.tickets}
        topAligned
        cells={(t) => (
          <>
            <td className="py-1 pr-3 whitespace-nowrap">{formatTime(t.at)}</td>
            <td className="py-1 pr-3">{t.offerName}</td>
            <td className="py-1 pr-3 whitespace-nowrap">
              {t.drawNo}, {formatTime(t.drawAt)}
            </td>
            <td className="py-1 pr-3">{t.drawStatus.replace('DRAW_', '').toLowerCase()}</td>
            <td className="py-1 pr-3">{t.entry}</td>
            <td className="py-1 pr-3">{wonText(t)}</td>
            <td className="py-1 font-mono text-xs">{t.orderId.slice(0, 8)}</td>
          </>
        )}
        paging={{
          name: 'tickets',
          page: tickets.page,
          total: tickets.total,
          limit: tickets.limit,
          label: 'Ticket pages',
        }}
      />
    </section>
  );
}

export const customerPage: AdminPage = {
  path: '/customers/:id',
  label: 'Customer',
  role: 'support',
  inNav: false,
  loader: customerLoader,
  action: customerAction,
  Component: CustomerPage,
};
