import { data } from 'react-router';
import { recommendedDraws } from '../features/cart/recommended.server';
import { primePlacements } from '../features/catalogue/placement.server';
import { addCartItem, cartTokenOf, replaceCartItem } from '../lib/cart.server';
import { jsonField, NO_STORE, postOnly } from '../lib/headers';
import { clearCookie } from '../lib/session.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cart-add';

const MAX_ITEM_LENGTH = 20_000;

/**
 * POST /cart/add: form field `item`, the API's item body as JSON, and optionally `itemId`, the cart
 * item it replaces (the play screen's Update entry). Answers `{ ok, cart }` (a new item also
 * `recommended`, the pre-cart drawer's recommended draws, and primes the placement service) or
 * `{ ok: false, fieldErrors, message }` for the fetcher: an item the API refuses is an answer for the
 * panel (200), only a body that cannot be read is a failed request. A new item carries the affiliate
 * code of the `aff` cookie, which goes once the add succeeded.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const item = jsonField(form, 'item', MAX_ITEM_LENGTH);
  const itemId = form.get('itemId');
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return data(
      {
        ok: false as const,
        fieldErrors: { item: 'The item could not be read.' },
        message: 'The item could not be read.',
      },
      { status: 400, headers: NO_STORE },
    );
  }
  if (typeof itemId === 'string' && itemId !== '') {
    const result = await replaceCartItem(visitor, itemId, item);
    return data(result, { headers: NO_STORE });
  }
  const affiliateCode = visitor.link.affiliateCode;
  const result = await addCartItem(
    visitor,
    affiliateCode ? { ...item, affiliate_code: affiliateCode } : item,
  );
  if (result.ok && visitor.cookies.aff !== undefined) {
    visitor.responseCookies.push(clearCookie('aff', visitor.secure));
  }
  if (!result.ok) return data(result, { headers: NO_STORE });
  const [recommended] = await Promise.all([
    recommendedDraws(visitor, result.cart),
    primePlacements(visitor, cartTokenOf(visitor)),
  ]);
  return data({ ...result, recommended }, { headers: NO_STORE });
}

export const loader = postOnly;
