import { formatMoney, moneyToCents } from '@drawhouse/domain';
import { data, Form, Link, useNavigation } from 'react-router';
import { type Cart, type CartItem, loadCart, removeCartItem } from '../lib/cart.server';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import { loadSite } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cart';

export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Cart');

type ItemView = {
  id: string;
  description: string;
  draw: string;
  games: string[];
  unitPrice: string;
  total: string;
};

type CartView = { items: ItemView[]; total: string; preOrderTotal: string | null };

function money(value: { amount: number; currency: string } | undefined): string {
  if (!value) return formatMoney(0);
  return formatMoney(moneyToCents(value), value.currency || 'AUD');
}

const GAME_TYPE_NAMES: Record<string, string> = {
  standard: 'Standard',
  system: 'System',
  random: 'Quick pick',
};

function gameText(game: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [set, slots] of Object.entries(game)) {
    const numbers = (Array.isArray(slots) ? slots : [slots]).filter(
      (n): n is number => typeof n === 'number',
    );
    if (numbers.length === 0) continue;
    parts.push(
      set === 'numbers'
        ? numbers.join(' ')
        : `${set.replace(/^\w/, (c) => c.toUpperCase())} ${numbers.join(' ')}`,
    );
  }
  return parts.join(' · ');
}

function itemView(item: CartItem, names: Map<string, string>): ItemView {
  const offer = names.get(item.lotteryKey) ?? item.lotteryKey.replace(/^au_/, '').replace(/[_-]+/g, ' ');
  const kind =
    item.numTickets != null
      ? `${item.numTickets} tickets`
      : item.numShares != null
        ? `${item.numShares} ${item.numShares === 1 ? 'share' : 'shares'}`
        : (GAME_TYPE_NAMES[item.gameType ?? ''] ?? item.gameType ?? '');
  const games = (item.games ?? []).map((game) => gameText(game)).filter((text) => text !== '');
  const draws = item.numDraws > 1 ? `, ${item.numDraws} draws` : '';
  return {
    id: item.id,
    description: kind ? `${offer} – ${kind}` : offer,
    draw: item.drawNo != null ? `Draw ${item.drawNo}${draws}` : draws.slice(2),
    games,
    unitPrice: money(item.unitPrice),
    total: money(item.totalPrice),
  };
}

function cartView(cart: Cart | undefined, names: Map<string, string>): CartView {
  if (!cart) return { items: [], total: formatMoney(0), preOrderTotal: null };
  const preOrder = cart.preOrderTotal && cart.preOrderTotal.amount !== 0 ? money(cart.preOrderTotal) : null;
  return {
    items: cart.cartItems.map((item) => itemView(item, names)),
    total: money(cart.cartTotal),
    preOrderTotal: preOrder,
  };
}

async function offerNames(visitor: ReturnType<typeof visitorOf>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  try {
    const site = await loadSite(visitor);
    for (const offer of site.offers) {
      if (offer.lotteryKey && !names.has(offer.lotteryKey)) names.set(offer.lotteryKey, offer.name);
      names.set(offer.key, offer.name);
    }
  } catch {
    // Names are a nicety: the keys stand in.
  }
  return names;
}

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [cart, names] = await Promise.all([loadCart(visitor), offerNames(visitor)]);
  return { cart: cartView(cart, names) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const itemId = form.get('itemId');
  if (form.get('intent') !== 'remove' || typeof itemId !== 'string') {
    return data({ message: 'That could not be done.' }, { status: 400 });
  }
  const result = await removeCartItem(visitor, itemId);
  if (!result.ok) return data({ message: result.message }, { status: 400 });
  return { message: null };
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const navigation = useNavigation();
  const removing = navigation.state !== 'idle' ? navigation.formData?.get('itemId') : undefined;
  return (
    <section aria-labelledby="cart-heading" className="container-page py-8" data-testid="cart-page">
      <h1 id="cart-heading" className="text-3xl font-extrabold">
        Your cart
      </h1>
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded bg-surface p-3 font-semibold">
          {actionData.message}
        </p>
      ) : null}
      {cart.items.length === 0 ? (
        <div className="mt-6 rounded-lg bg-surface p-6" data-testid="cart-empty">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <ul className="mt-3 flex flex-wrap gap-4">
            <li>
              <Link to="/lotto-tickets" className="font-semibold underline">
                Lotto tickets
              </Link>
            </li>
            <li>
              <Link to="/charity-tickets" className="font-semibold underline">
                Charity tickets
              </Link>
            </li>
            <li>
              <Link to="/syndicates" className="font-semibold underline">
                Syndicates
              </Link>
            </li>
          </ul>
        </div>
      ) : (
        <>
          <ul className="mt-6 grid gap-4">
            {cart.items.map((item) => (
              <li key={item.id} className="rounded-lg bg-surface p-4" data-testid={`cart-item-${item.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <div>
                    <h2 className="text-lg font-bold capitalize">{item.description}</h2>
                    {item.draw ? <p className="text-sm">{item.draw}</p> : null}
                    {item.games.length > 0 ? (
                      <ol className="mt-2 grid gap-1 font-mono text-sm" aria-label="Games">
                        {item.games.map((game, index) => (
                          // Games have no ids; their order is the entry's.
                          // biome-ignore lint/suspicious/noArrayIndexKey: the order of games is fixed
                          <li key={index}>
                            <span className="sr-only">Game {index + 1}: </span>
                            {game}
                          </li>
                        ))}
                      </ol>
                    ) : null}
                  </div>
                  <dl className="text-right">
                    <dt className="text-sm">Unit price</dt>
                    <dd className="font-semibold">{item.unitPrice}</dd>
                    <dt className="text-sm">Total</dt>
                    <dd className="font-bold" data-testid={`cart-item-total-${item.id}`}>
                      {item.total}
                    </dd>
                  </dl>
                </div>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="itemId" value={item.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    disabled={removing === item.id}
                    className="rounded border border-current px-3 py-1 font-semibold"
                    data-testid={`cart-remove-${item.id}`}
                  >
                    Remove<span className="sr-only"> {item.description}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <dl className="mt-6 grid max-w-sm gap-1 rounded-lg bg-surface p-4">
            <div className="flex justify-between">
              <dt className="font-semibold">Cart total</dt>
              <dd className="text-xl font-extrabold" data-testid="cart-total">
                {cart.total}
              </dd>
            </div>
            {cart.preOrderTotal ? (
              <div className="flex justify-between">
                <dt>Pre-order total</dt>
                <dd data-testid="cart-pre-order-total">{cart.preOrderTotal}</dd>
              </div>
            ) : null}
          </dl>
        </>
      )}
    </section>
  );
}
