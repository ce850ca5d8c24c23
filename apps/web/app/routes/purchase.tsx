import { randomUUID } from 'node:crypto';
import type { PartnerCartItem } from '@drawhouse/contract';
import { formatMoney, moneyToCents } from '@drawhouse/domain';
import { Form, redirect, useNavigation } from 'react-router';
import {
  loadPaymentOptions,
  type PaymentAnswer,
  paymentChoiceOf,
  payPartnerItem,
} from '../features/checkout/checkout.server';
import { PaymentForm } from '../features/checkout/payment-form';
import { PartnerFrame } from '../features/partners/partner-frame';
import { partnerReceiptPath } from '../features/partners/partner-paths';
import {
  buyPartnerItem,
  loadPartner,
  previewPartnerCart,
  WEB_CHANNEL,
} from '../features/partners/partners.server';
import { requireCustomer } from '../lib/customer.server';
import { formText } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/purchase';

export const handle: ScreenHandle = { screenName: 'partner-purchase', layout: 'bare' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Buy tickets with ${loaderData.partner.name}` : 'Buy tickets');

/** The item chosen on the page (the address's `offer` and `book`), or null. */
function chosenItem(search: URLSearchParams | FormData): PartnerCartItem | null {
  const offer = search.get('offer');
  if (typeof offer !== 'string' || offer === '' || offer.length > 100) return null;
  const book = Number(search.get('book'));
  return { lottery: offer, ...(Number.isInteger(book) && book > 0 ? { raffleOffer: book } : {}) };
}

/**
 * /purchase/{partnerSlug}: the partner's page (its own branding, no shop shell). The visitor picks an
 * offer the partner sells (a raffle book, or a quick pick lottery entry); the page shows it priced as
 * the cart prices it, with anything blocking it, and buys it from the customer's balance (a visitor
 * signs in first and comes back here); when the balance is short, the payment step of checkout pays
 * the rest by a saved or a new card (a 3-D Secure check in its frame, as at checkout). The purchase
 * ends on the partner's receipt.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  const partner = await loadPartner(visitor, params.partnerSlug);
  const url = new URL(request.url);
  const item = chosenItem(url.searchParams);
  const preview = item ? await previewPartnerCart(visitor, partner.slug, item) : null;
  const cart =
    preview?.ok && Object.keys(preview.cart.blockedReasons).length === 0 ? preview.cart.cart : null;
  const options = cart && visitor.session ? await loadPaymentOptions(visitor, cart) : null;
  // Only a saved or a new card pays the rest of a partner item (no PayPal or wallet sheet here).
  const payment =
    options && options.balanceCents < moneyToCents(cart?.cartTotal ?? { amount: 0, currency: 'AUD' })
      ? { ...options, paypal: null, wallets: [] }
      : null;
  return {
    partner,
    item,
    preview,
    payment,
    action: `${url.pathname}${url.search}`,
    attemptKey: randomUUID(),
    signedIn: Boolean(visitor.session),
  };
}

export async function action({
  context,
  params,
  request,
}: Route.ActionArgs): Promise<PaymentAnswer | { message: string }> {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  requireCustomer(visitor);
  const partner = await loadPartner(visitor, params.partnerSlug);
  const form = await request.formData();
  const choice = paymentChoiceOf(form);
  if (choice?.kind === 'saved-card' || choice?.kind === 'new-card') {
    // The payment step's form names the item in its address.
    const item = chosenItem(new URL(request.url).searchParams);
    const expectedCents = Number(formText(form, 'expectedCents'));
    const attemptKey = formText(form, 'attemptKey');
    if (!item || !Number.isSafeInteger(expectedCents) || !/^[A-Za-z0-9_-]{8,100}$/.test(attemptKey)) {
      return { ok: false, error: 'Please choose how to pay.', retry: 'same' };
    }
    const answer = await payPartnerItem(visitor, {
      slug: partner.slug,
      body: { cartItem: item, purchase: { channelKey: WEB_CHANNEL, partnerKey: partner.key, metadata: {} } },
      choice,
      expectedCents,
      attemptKey,
      receiptPathOf: (orderId) => partnerReceiptPath(partner.slug, orderId),
    });
    if (answer.ok && 'receiptPath' in answer) throw redirect(answer.receiptPath);
    return answer;
  }
  const bought = await buyPartnerItem(visitor, partner, chosenItem(form), formText(form, 'attemptKey'));
  if (bought.ok) throw redirect(partnerReceiptPath(partner.slug, bought.orderId));
  // A refusal is an answer for the page (a 200), told above the form.
  return { message: bought.message };
}

export default function PartnerPurchase({ loaderData, actionData }: Route.ComponentProps) {
  const { partner, item, preview, payment, attemptKey, signedIn } = loaderData;
  const refused = actionData && 'message' in actionData ? actionData.message : undefined;
  const busy = useNavigation().state === 'submitting';
  const cart = preview?.ok ? preview.cart : null;
  const line = cart?.cart.cartItems[0];
  const blocked = cart ? Object.entries(cart.blockedReasons) : [];
  return (
    <PartnerFrame partner={partner}>
      <section aria-labelledby="partner-heading" data-testid="partner-purchase-page">
        <h1 id="partner-heading" className="text-3xl font-extrabold">
          Buy tickets with {partner.name}
        </h1>
        <ul className="mt-6 grid gap-4 md:grid-cols-2" data-testid="partner-offers">
          {partner.offers.map((offer) => (
            <li key={offer.key} className="rounded-lg border border-black/15 p-4" data-testid="partner-offer">
              <h2 className="text-xl font-bold">{offer.name}</h2>
              <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
                <input type="hidden" name="offer" value={offer.key} />
                {offer.productType === 'raffle_ticket' ? (
                  <label className="grid gap-1">
                    <span className="font-semibold">Tickets</span>
                    <select
                      name="book"
                      className="rounded border border-black/30 p-2"
                      defaultValue={item?.lottery === offer.key ? String(item.raffleOffer ?? '') : undefined}
                    >
                      {offer.books.map((book) => (
                        <option key={book.numTickets} value={book.numTickets}>
                          {book.numTickets} {book.numTickets === 1 ? 'ticket' : 'tickets'} for{' '}
                          {formatMoney(moneyToCents(book.price))}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <p>One quick pick entry for the next draw.</p>
                )}
                <button
                  type="submit"
                  className="button-secondary"
                  data-testid={`partner-choose-${offer.key}`}
                >
                  Choose<span className="sr-only"> {offer.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>

        {refused ? (
          <p role="alert" className="mt-6 rounded bg-surface p-3 font-semibold" data-testid="partner-error">
            {refused}
          </p>
        ) : null}
        {preview && !preview.ok ? (
          <p role="alert" className="mt-6 rounded bg-surface p-3 font-semibold">
            {preview.message}
          </p>
        ) : null}
        {cart && line ? (
          <section
            aria-labelledby="partner-cart-heading"
            className="mt-8 max-w-xl"
            data-testid="partner-cart"
          >
            <h2 id="partner-cart-heading" className="text-2xl font-bold">
              Your tickets
            </h2>
            <p className="mt-2" data-testid="partner-cart-line">
              {line.description}
            </p>
            <p className="mt-1 text-lg font-semibold" data-testid="partner-cart-total">
              Total {formatMoney(moneyToCents(cart.cart.cartTotal))}
            </p>
            {blocked.map(([id, reason]) => (
              <p
                key={id}
                role="alert"
                className="mt-3 rounded-lg border-2 border-current p-3 font-semibold"
                data-testid={`partner-blocked-${id}`}
              >
                {reason.message}
              </p>
            ))}
            {blocked.length === 0 && payment ? (
              <div className="mt-4">
                <PaymentForm options={payment} action={loaderData.action} balanceFirst />
              </div>
            ) : null}
            {blocked.length === 0 && !payment ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="offer" value={item?.lottery ?? ''} />
                <input type="hidden" name="book" value={item?.raffleOffer ?? ''} />
                <input type="hidden" name="attemptKey" value={attemptKey} />
                <button type="submit" className="button-primary" disabled={busy} data-testid="partner-buy">
                  {busy ? 'Buying...' : signedIn ? 'Buy now from your balance' : 'Sign in to buy'}
                </button>
              </Form>
            ) : null}
          </section>
        ) : null}
      </section>
    </PartnerFrame>
  );
}
