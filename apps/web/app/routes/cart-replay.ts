import { cleanIdentifier } from '@drawhouse/domain';
import { data, redirect } from 'react-router';
import { autoRemovedMessages } from '../features/cart/cart-view';
import { ApiError } from '../lib/api.server';
import { replayOrder } from '../lib/cart.server';
import { flash, requireCustomer } from '../lib/customer.server';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cart-replay';

export const handle: ScreenHandle = { screenName: 'cart-replay' };

/**
 * /cart/replay/{replayID} (protected; the "Buy these again" link of a receipt or a past ticket): the
 * order's entries are put back in the cart for the next draws and the customer goes to the cart,
 * told which entries could not be put back and why. Another customer's order is the 404 page; asking
 * twice (a double click) puts the entries in once.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireScreen(await loadSite(visitor), handle.screenName);
  requireCustomer(visitor);
  const orderId = cleanIdentifier(params.replayID);
  if (!orderId) throw data(null, { status: 404 });
  let notes: string[];
  try {
    notes = autoRemovedMessages(await replayOrder(visitor, orderId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  flash(
    visitor,
    notes.length > 0
      ? { level: 'info', title: 'Some entries could not be put back', message: notes.join(' ') }
      : { level: 'success', message: 'The entries of your order are in your cart for the next draws.' },
  );
  throw redirect('/cart');
}
